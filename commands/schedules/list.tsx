import {z} from 'zod';
import {option} from 'pastel';
import {debugOptions, outputOptions} from '../../src/cli/options.js';
import {RunCommand} from '../../src/ui/run-command.js';
import {runSchedulesList} from '../../src/cmd/schedules/list.js';

export const description = 'List each scheduled check: interval, next run and last result';

export const options = debugOptions.extend(outputOptions.shape).extend({
  redisUrl: z.string().optional().describe(option({description: 'Redis the workers share (default: VIGIL_REDIS_URL, then redis://127.0.0.1:6379)', valueDescription: 'url'})),
  prefix: z.string().optional().describe(option({description: 'Redis key prefix of the queue (default: VIGIL_PREFIX, then vigil)', valueDescription: 'prefix'})),
});
type Options = z.infer<typeof options>;

export default function SchedulesList({options: flags}: {options: Options}) {
  return <RunCommand flags={flags} run={ctx => runSchedulesList(flags, ctx)} />;
}
