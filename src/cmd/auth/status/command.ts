import * as z from 'zod';
import {authStatus} from './status.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, orgOptions} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['auth', 'status'],
  description: 'Show the API key (masked), base URL and org in use and where each comes from; checks the key live; exit 2 without a key or when the upstream rejects it',
  examples: [
    {command: 'vigil auth status', explains: 'Which key, base URL and org a command would use, and from where'},
    {command: 'vigil auth status --json', explains: 'The same as JSON'},
    {command: 'vigil auth status --offline', explains: 'Show the settings without asking the upstream about the key'},
  ],
  options: () =>
    connectionOptions.extend(orgOptions.shape).extend({
      json: z.boolean().optional().describe('Print JSON'),
      offline: z.boolean().optional().describe('Do not check the key with the upstream; show the settings only'),
    }),
  mcp: {readOnly: true},
  run: ({options}, ctx) => authStatus(options, ctx),
});
