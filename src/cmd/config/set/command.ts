import * as z from 'zod';
import {configSet} from './set.js';
import {defineCommand} from '../../../cli/define.js';
import {argument, debugOptions} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['config', 'set'],
  description: 'Save a setting: base-url or org',
  examples: [
    {command: 'vigil config set base-url https://platform.example/api/v2', explains: 'The API every command talks to'},
    {command: 'vigil config set org acme', explains: 'The organization used when --org is not given'},
  ],
  options: () => debugOptions.extend({}),
  args: () =>
    z.tuple([
      z.string().optional().describe(argument({name: 'key', description: 'base-url or org'})),
      z.string().optional().describe(argument({name: 'value', description: 'the value to save'})),
    ]),
  completions: {'<args>': ['base-url', 'org']},
  skipSavedFiles: true,
  // Rewrites the local config: a base-url set by an agent would receive the key.
  mcp: false,
  run: ({args: [key, value]}, ctx) => configSet({key, value}, ctx),
});
