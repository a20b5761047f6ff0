import * as z from 'zod';
import {ASSET_STATUSES, KNOWN_ASSET_TYPES} from '../../../api/enums.js';
import {listAssets} from '../../../api/wire/endpoints/asset-list.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, OUTPUT_FORMATS, outputOptions, textOption} from '../../../cli/options.js';
import {runAssetList} from './list.js';

export const definition = defineCommand({
  path: ['asset', 'list'],
  description: 'List the assets of one type by status and update date (POST /asset/list; BLOCKED, the last day, unless told)',
  endpoints: [listAssets],
  examples: [
    {command: 'vigil asset list --asset-type URL', explains: 'URLs blocked in the last day'},
    {command: 'vigil asset list --asset-type TWITTER --asset-status ALLOWED --from 2026-11-01 --to 2026-11-21', explains: 'Allowed Twitter accounts updated in a date range'},
    {command: 'vigil asset list --asset-type URL --from 2026-01-01 --per-page 10000 --all --output csv > blocked.csv', explains: 'A full sync: every page of 10,000, one CSV'},
  ],
  options: () =>
    connectionOptions.extend(outputOptions.shape).extend({
      assetType: textOption('Asset type, required (URL, TWITTER, ...; vigil asset types)', 'type'),
      type: textOption('Same as --asset-type', 'type'),
      assetStatus: textOption('BLOCKED, ALLOWED or UNKNOWN (the upstream defaults to BLOCKED)', 'status'),
      from: textOption('Updated on or after this day (YYYY-MM-DD; with neither date the upstream lists the last day)', 'date'),
      to: textOption('Updated on or before this day (YYYY-MM-DD, inclusive)', 'date'),
      perPage: textOption('Page size, 1-10000 (the upstream CLI uses 100)', 'n'),
      limit: textOption('Same as --per-page', 'n'),
      nextPage: textOption('Page cursor (printed as the next-page command)', 'cursor'),
      all: z.boolean().optional().describe('Follow next_page to the last page, streaming rows (--json: one JSON object a line)'),
    }),
  completions: {output: OUTPUT_FORMATS, assetType: KNOWN_ASSET_TYPES, type: KNOWN_ASSET_TYPES, assetStatus: ASSET_STATUSES},
  // Tool results are bounded: one page, then next_page.
  mcp: {readOnly: true, omit: ['all']},
  run: ({options}, ctx) => runAssetList(options, ctx),
});
