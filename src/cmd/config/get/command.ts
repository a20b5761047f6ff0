import * as z from 'zod';
import {configGet} from './get.js';
import {defineCommand} from '../../../cli/define.js';
import {argument, debugOptions, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['config', 'get'],
  description: 'Print a saved setting (base-url or org), or all of them',
  examples: [
    {command: 'vigil config get', explains: 'Every saved setting'},
    {command: 'vigil config get org', explains: 'Only the default organization'},
  ],
  options: () => debugOptions.extend(outputOptions.shape),
  args: () => z.tuple([z.string().optional().describe(argument({name: 'key', description: 'base-url or org (default: all)'}))]),
  completions: {'<args>': ['base-url', 'org'], output: OUTPUT_FORMATS},
  skipSavedFiles: true,
  mcp: {readOnly: true},
  run: ({options, args: [key]}, ctx) => configGet({...options, key}, ctx),
});
