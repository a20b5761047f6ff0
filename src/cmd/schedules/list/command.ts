import {runSchedulesList} from './list.js';
import {defineCommand} from '../../../cli/define.js';
import {scheduleRedisOptions} from '../shared/queue.js';
import {debugOptions, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['schedules', 'list'],
  description: 'List each scheduled check: interval, next run and last result',
  examples: [
    {command: 'vigil schedules list', explains: 'The checks the workers run, from the local Redis'},
    {command: 'vigil schedules list --redis-url redis://redis.internal:6379 --json', explains: 'From a shared Redis, as JSON'},
  ],
  options: () =>
    debugOptions.extend(outputOptions.shape).extend(scheduleRedisOptions),
  completions: {output: OUTPUT_FORMATS},
  // Where the schedules live is the server's setting (VIGIL_REDIS_URL, ...), not an agent's.
  mcp: {readOnly: true, omit: ['redisUrl', 'redisCa', 'prefix']},
  run: ({options}, ctx) => runSchedulesList(options, ctx),
});
