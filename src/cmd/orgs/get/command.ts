import {userOrg} from '../../../api/wire/endpoints/platform.js';
import * as z from 'zod';
import {defineCommand} from '../../../cli/define.js';
import {argument, connectionOptions, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';
import {runOrgsGet} from './get.js';

export const definition = defineCommand({
  path: ['orgs', 'get'],
  description: 'One organization the API key reaches (GET /user/orgs/{slug}; its response schema is undocumented: --json prints it as sent)',
  examples: [
    {command: 'vigil orgs get acme', explains: 'Every field the upstream sends of acme, one a line'},
    {command: 'vigil orgs get acme --json', explains: 'The answer exactly as the upstream sent it'},
  ],
  args: () => z.tuple([z.string().describe(argument({name: 'slug', description: 'Organization slug'}))]),
  options: () => connectionOptions.extend(outputOptions.shape),
  completions: {output: OUTPUT_FORMATS},
  endpoints: [userOrg],
  mcp: {readOnly: true},
  run: ({options, args}, ctx) => runOrgsGet({...options, slug: args[0]}, ctx),
});
