import * as z from 'zod';
import {runSchedulesClear} from './clear.js';
import {defineCommand} from '../../../cli/define.js';
import {scheduleRedisOptions} from '../shared/queue.js';
import {debugOptions} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['schedules', 'clear'],
  description: 'Remove the schedulers of a prefix (--results: every key of the prefix too); asks first',
  examples: [
    {command: 'vigil schedules clear --prefix staging', explains: 'Remove the schedulers under prefix staging, after asking'},
    {command: 'vigil schedules clear --prefix staging --results --yes', explains: 'Also the stored results and queue, without asking (scripts)'},
  ],
  options: () =>
    debugOptions.extend({
      ...scheduleRedisOptions,
      results: z.boolean().optional().describe('Also delete every other key of the prefix: stored results, queued jobs, worker heartbeats'),
      yes: z.boolean().optional().describe('Do not ask (required when not on a terminal)'),
      json: z.boolean().optional().describe('Print what was removed as JSON ({prefix, schedulers, keys, liveWorkers})'),
    }),
  // Stops every worker's checks of a prefix: a person's decision, asked for, not an agent's tool.
  mcp: false,
  run: ({options}, ctx) => runSchedulesClear(options, ctx),
});
