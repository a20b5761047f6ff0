import {organizationAssetGroups} from '../../../../api/wire/endpoints/platform.js';
import {defineCommand} from '../../../../cli/define.js';
import {connectionOptions, OUTPUT_FORMATS, outputOptions} from '../../../../cli/options.js';
import {runAssetGroupsList} from './list.js';

export const definition = defineCommand({
  path: ['orgs', 'asset-groups', 'list'],
  description: "The asset groups of the key's organization with their asset counts (GET /organization/asset-groups)",
  examples: [
    {command: 'vigil orgs asset-groups list', explains: 'Each group: id, name, how many assets'},
    {command: 'vigil orgs asset-groups list --output csv', explains: 'The same as CSV with a header row'},
  ],
  options: () => connectionOptions.extend(outputOptions.shape),
  completions: {output: OUTPUT_FORMATS},
  endpoints: [organizationAssetGroups],
  mcp: {readOnly: true},
  run: ({options}, ctx) => runAssetGroupsList(options, ctx),
});
