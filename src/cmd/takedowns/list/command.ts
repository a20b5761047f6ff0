import * as z from 'zod';
import {KNOWN_ASSET_TYPES, LIVENESS_STATUSES, TAKEDOWN_STATUSES} from '../../../api/enums.js';
import {SORT_DIRECTIONS, TAKEDOWN_SORT_KEYS} from '../../../api/wire/index.js';
import {listTakedowns} from '../../../api/wire/endpoints/takedowns.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, orgOptions, OUTPUT_FORMATS, outputOptions, textOption} from '../../../cli/options.js';
import {runTakedownsList} from './list.js';

export const definition = defineCommand({
  path: ['takedowns', 'list'],
  description: "List the organization's takedowns, with the upstream's filters (POST /takedowns/list)",
  endpoints: [listTakedowns],
  examples: [
    {command: 'vigil takedowns list --takedown-status IN_PROGRESS --to 2026-11-15', explains: 'Takedowns in progress not updated since a date (the stale ones)'},
    {command: 'vigil takedowns list --liveness-status DEAD --from 2026-11-21', explains: 'Takedowns whose asset was found dead since a date'},
    {command: 'vigil takedowns list --all --output csv > takedowns.csv', explains: 'Every page, as one CSV with a header row'},
    {command: 'vigil takedowns list --query wallet --sort-by createdAt --sort-direction asc --json', explains: 'Assets containing "wallet", oldest first, as JSON'},
  ],
  options: () =>
    connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
      query: textOption('Search asset content (substring match)', 'text'),
      from: textOption("Updated at or after (ISO 8601; a bare date is its start, UTC; the takedown's updatedAt)", 'iso'),
      to: textOption('Updated at or before (ISO 8601; a bare date is its end, UTC)', 'iso'),
      assetType: textOption('Comma list of asset types (URL, TWITTER, ...; vigil asset types)', 'list'),
      takedownStatus: textOption('Comma list of TODO, IN_PROGRESS, COMPLETED, CANCELLED, PENDING_INPUT', 'list'),
      livenessStatus: textOption('Comma list of ALIVE, DEAD, UNKNOWN', 'list'),
      sortBy: textOption('Sort key: updatedAt, createdAt, takedownStatus, takedownUpdatedAt, assigneeId, brandId', 'key'),
      sortDirection: textOption('asc or desc (default desc; needs --sort-by)', 'dir'),
      perPage: textOption('Page size, 1-100 (the upstream defaults to 10)', 'n'),
      limit: textOption('Same as --per-page', 'n'),
      nextPage: textOption('Page cursor (printed as the next-page command)', 'cursor'),
      all: z.boolean().optional().describe('Follow next_page to the last page, streaming rows (--json: one JSON object a line)'),
    }),
  completions: {
    output: OUTPUT_FORMATS,
    assetType: KNOWN_ASSET_TYPES,
    takedownStatus: TAKEDOWN_STATUSES,
    livenessStatus: LIVENESS_STATUSES,
    sortBy: TAKEDOWN_SORT_KEYS,
    sortDirection: SORT_DIRECTIONS,
  },
  // Tool results are bounded: one page, then next_page.
  mcp: {readOnly: true, omit: ['all']},
  run: ({options}, ctx) => runTakedownsList(options, ctx),
});
