import * as z from 'zod';
import {runMaintenanceList} from './list.js';
import {defineCommand} from '../../../cli/define.js';
import {debugOptions, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';
import {maintenanceRedisOptions} from '../shared/windows.js';

export const definition = defineCommand({
  path: ['maintenance', 'list'],
  description: 'List the maintenance windows: active, upcoming and recurring ones (--all: ended too)',
  examples: [
    {command: 'vigil maintenance list', explains: 'The windows the workers of the local Redis hold alerts for'},
    {command: 'vigil maintenance list --all --json', explains: 'Every window, ended ones included, as JSON'},
  ],
  options: () =>
    debugOptions.extend(outputOptions.shape).extend({
      ...maintenanceRedisOptions,
      all: z.boolean().optional().describe('Also the windows that ended'),
    }),
  completions: {output: OUTPUT_FORMATS},
  // With add and end: the workers' Redis is the server's setting, and holding pages a person's call.
  mcp: false,
  run: ({options}, ctx) => runMaintenanceList(options, ctx),
});
