import * as z from 'zod';
import {runSchedulesList} from './list.js';
import {defineCommand} from '../../../cli/define.js';
import {debugOptions, option, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['schedules', 'list'],
  description: 'List each scheduled check: interval, next run and last result',
  examples: [
    {command: 'vigil schedules list', explains: 'The checks the workers run, from the local Redis'},
    {command: 'vigil schedules list --redis-url redis://redis.internal:6379 --json', explains: 'From a shared Redis, as JSON'},
  ],
  options: () =>
    debugOptions.extend(outputOptions.shape).extend({
      redisUrl: z.string().optional().describe(option({description: 'Redis the workers share, any form `vigil worker` takes (default: VIGIL_REDIS_URL, then redis://127.0.0.1:6379)', valueDescription: 'url'})),
      redisCa: z.string().optional().describe(option({description: 'PEM file of the CA for rediss:// (default: VIGIL_REDIS_CA)', valueDescription: 'file'})),
      prefix: z.string().optional().describe(option({description: 'Redis key prefix of the queue (default: VIGIL_PREFIX, then vigil)', valueDescription: 'prefix'})),
    }),
  completions: {output: OUTPUT_FORMATS},
  // Where the schedules live is the server's setting (VIGIL_REDIS_URL, ...), not an agent's.
  mcp: {readOnly: true, omit: ['redisUrl', 'redisCa', 'prefix']},
  run: ({options}, ctx) => runSchedulesList(options, ctx),
});
