import * as z from 'zod';
import {configUnset} from './unset.js';
import {defineCommand} from '../../../cli/define.js';
import {argument, debugOptions} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['config', 'unset'],
  description: 'Remove a saved setting (base-url or org)',
  examples: [
    {command: 'vigil config unset org', explains: 'Forget the default organization'},
    {command: 'vigil config unset base-url', explains: 'Forget the saved API address (VIGIL_BASE_URL still applies)'},
  ],
  options: () => debugOptions.extend({}),
  args: () => z.tuple([z.string().optional().describe(argument({name: 'key', description: 'base-url or org'}))]),
  completions: {'<args>': ['base-url', 'org']},
  skipSavedFiles: true,
  // Rewrites the local config: not an agent's to change.
  mcp: false,
  run: ({args: [key]}, ctx) => configUnset({key}, ctx),
});
