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
  run: ({options}, ctx) => runSchedulesList(options, ctx),
});
