import * as z from 'zod';
import {KNOWN_ASSET_TYPES} from '../../../api/enums.js';
import {SORT_DIRECTIONS, THREAT_SORT_KEYS} from '../../../api/wire/index.js';
import {listThreats} from '../../../api/wire/endpoints/threats.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, OUTPUT_FORMATS, outputOptions, textOption} from '../../../cli/options.js';
import {runThreatsList} from './list.js';

export const definition = defineCommand({
  path: ['threats', 'list'],
  description: "List the blocked threats of the key's organization (POST /threats/list; the last day unless --from/--to)",
  endpoints: [listThreats],
  examples: [
    {command: 'vigil threats list --from 2026-11-01 --to 2026-11-21', explains: 'Threats blocked in a date range (days, inclusive)'},
    {command: 'vigil threats list --query wallet --asset-type URL,PAGE --sort-by blockedAt --sort-direction desc', explains: 'Web threats containing "wallet", newest block first'},
    {command: 'vigil threats list --from 2026-01-01 --all --output csv > threats.csv', explains: 'Every page, as one CSV with a header row'},
  ],
  options: () =>
    connectionOptions.extend(outputOptions.shape).extend({
      query: textOption('Search threat content (substring match)', 'text'),
      from: textOption('Blocked on or after this day (YYYY-MM-DD; the upstream defaults to the last day)', 'date'),
      to: textOption('Blocked on or before this day (YYYY-MM-DD, inclusive)', 'date'),
      assetType: textOption('Comma list of asset types (URL, TWITTER, ...; vigil asset types)', 'list'),
      sortBy: textOption('Sort key: id, blockedAt, content, type (the upstream sorts by id)', 'key'),
      sortDirection: textOption('asc or desc (default asc, as the upstream; needs --sort-by)', 'dir'),
      perPage: textOption('Page size, 1-100 (the upstream defaults to 10)', 'n'),
      limit: textOption('Same as --per-page', 'n'),
      nextPage: textOption('Page cursor (printed as the next-page command)', 'cursor'),
      all: z.boolean().optional().describe('Follow next_page to the last page, streaming rows (--json: one JSON object a line)'),
    }),
  completions: {output: OUTPUT_FORMATS, assetType: KNOWN_ASSET_TYPES, sortBy: THREAT_SORT_KEYS, sortDirection: SORT_DIRECTIONS},
  // Tool results are bounded: one page, then next_page.
  mcp: {readOnly: true, omit: ['all']},
  run: ({options}, ctx) => runThreatsList(options, ctx),
});
