import * as z from 'zod';
import {runMaintenanceEnd} from './end.js';
import {defineCommand} from '../../../cli/define.js';
import {argument, debugOptions} from '../../../cli/options.js';
import {maintenanceRedisOptions} from '../shared/windows.js';

export const definition = defineCommand({
  path: ['maintenance', 'end'],
  description: 'End a maintenance window added with `maintenance add` now',
  examples: [
    {command: 'vigil maintenance end cli-1a2b3c4d', explains: 'End the window; alerts it held go out if their checks still fail'},
    {command: 'vigil maintenance end cli-1a2b3c4d --json', explains: 'The same, printing the ended window as JSON'},
  ],
  args: () => z.tuple([z.string().describe(argument({name: 'id', description: 'Window id, as `vigil maintenance list` prints it'}))]),
  options: () =>
    debugOptions.extend({
      ...maintenanceRedisOptions,
      json: z.boolean().optional().describe('Print the ended window as JSON'),
    }),
  mcp: false,
  run: ({options, args}, ctx) => runMaintenanceEnd({...options, id: args[0]}, ctx),
});
