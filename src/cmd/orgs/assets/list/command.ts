import {organizationAssets} from '../../../../api/wire/endpoints/platform.js';
import * as z from 'zod';
import {KNOWN_ASSET_TYPES} from '../../../../api/enums.js';
import {defineCommand} from '../../../../cli/define.js';
import {connectionOptions, OUTPUT_FORMATS, outputOptions, textOption} from '../../../../cli/options.js';
import {runOrgAssetsList} from './list.js';

export const definition = defineCommand({
  path: ['orgs', 'assets', 'list'],
  description: "The key's organization's own assets, its allowlist (GET /organization/assets)",
  examples: [
    {command: 'vigil orgs assets list --asset-type URL', explains: "The organization's own URLs"},
    {command: 'vigil orgs assets list --group-id -1', explains: 'Only the assets in no group'},
    {command: 'vigil orgs assets list --all --output csv > allowlist.csv', explains: 'Every page, as one CSV with a header row'},
  ],
  options: () =>
    connectionOptions.extend(outputOptions.shape).extend({
      assetType: textOption('One asset type (URL, TWITTER, ...; vigil asset types)', 'type'),
      type: textOption('Same as --asset-type', 'type'),
      groupId: textOption('Only this asset group (vigil orgs asset-groups list); -1 for assets in no group', 'id'),
      query: textOption('Search content, name and description (case-insensitive)', 'text'),
      perPage: textOption('Page size, 1-1000 (the upstream defaults to 100)', 'n'),
      limit: textOption('Same as --per-page', 'n'),
      nextPage: textOption('Page cursor (printed as the next-page command)', 'cursor'),
      all: z.boolean().optional().describe('Follow next_page to the last page, streaming rows (--json: one JSON object a line)'),
    }),
  completions: {output: OUTPUT_FORMATS, assetType: KNOWN_ASSET_TYPES, type: KNOWN_ASSET_TYPES},
  // Tool results are bounded: one page, then next_page.
  endpoints: [organizationAssets],
  mcp: {readOnly: true, omit: ['all']},
  run: ({options}, ctx) => runOrgAssetsList(options, ctx),
});
