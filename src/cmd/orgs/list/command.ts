import {userOrgs} from '../../../api/wire/endpoints/platform.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';
import {runOrgsList} from './list.js';

export const definition = defineCommand({
  path: ['orgs', 'list'],
  description: 'The organizations the API key reaches (POST /user/orgs; its response schema is undocumented: --json prints it as sent)',
  examples: [
    {command: 'vigil orgs list', explains: 'Slug, name, subscription and active services of each organization'},
    {command: 'vigil orgs list --json', explains: 'The answer exactly as the upstream sent it'},
    {command: 'vigil orgs list --output csv > orgs.csv', explains: 'The same columns as CSV with a header row'},
  ],
  options: () => connectionOptions.extend(outputOptions.shape),
  completions: {output: OUTPUT_FORMATS},
  endpoints: [userOrgs],
  mcp: {readOnly: true},
  run: ({options}, ctx) => runOrgsList(options, ctx),
});
