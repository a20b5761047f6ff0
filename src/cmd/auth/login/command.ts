import * as z from 'zod';
import {authLogin} from './login.js';
import {defineCommand} from '../../../cli/define.js';
import {debugOptions, option, timeoutOptions} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['auth', 'login'],
  description: 'Save an API key: from stdin with --with-key, else typed at a masked prompt (never as an argument)',
  examples: [
    {command: 'vigil auth login', explains: 'Type the key at a masked prompt'},
    {command: 'vigil auth login --with-key < key.txt', explains: 'Read the key from a file or a pipe (scripts, CI)'},
    {command: 'vigil auth login --base-url https://platform.example/api/v2 --org acme', explains: 'Also save the API address and your organization'},
  ],
  options: () =>
    debugOptions.extend({
      withKey: z.boolean().optional().describe('Read the key from stdin, e.g. `vigil auth login --with-key < key.txt`'),
      baseUrl: z.string().optional().describe(option({description: 'Also save this API base URL (ending in /api/v2)', valueDescription: 'url'})),
      org: z.string().optional().describe(option({description: 'Also save this organization slug as the default', valueDescription: 'slug'})),
      verify: z.boolean().default(true).describe('Check the key with one request before saving it (--no-verify: save it unchecked)'),
    }).extend(timeoutOptions.shape),
  // The saved files are rewritten here, so a damaged one must not stop the login that repairs it.
  skipSavedFiles: true,
  // Prompts for the key and rewrites the credentials file.
  mcp: false,
  run: ({options}, ctx) => authLogin(options, ctx),
  interactive: {
    when: ({options}, io) => options.withKey !== true && io.canPrompt,
    load: () => import('../../../ui/screens/auth-login.js').then(m => m.AuthLoginScreen),
  },
});
