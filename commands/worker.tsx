import {z} from 'zod';
import {option} from 'pastel';
import {connectionOptions} from '../src/cli/options.js';
import {RunCommand} from '../src/ui/run-command.js';
import {runWorkerCommand} from '../src/cmd/worker/run.js';

export const description = 'Run scheduled healthchecks from a checks file and export Prometheus metrics (runs until SIGINT/SIGTERM)';

const text = (description: string, valueDescription: string) => z.string().optional().describe(option({description, valueDescription}));

export const options = connectionOptions.extend({
  checks: text('Checks file, YAML or JSON (default: VIGIL_CHECKS, then ./vigil-checks.yaml)', 'file'),
  concurrency: text('Runs in flight at once in this process (default: 10)', 'n'),
  redisUrl: text('Redis shared by every worker (default: VIGIL_REDIS_URL, then redis://127.0.0.1:6379)', 'url'),
  metricsPort: text('Port of /metrics and /healthz (default: VIGIL_METRICS_PORT, then 9464; 0 picks a free one)', 'port'),
  metricsHost: text('Address /metrics listens on (default: VIGIL_METRICS_HOST, then 127.0.0.1)', 'host'),
  prefix: text('Redis key prefix of the queue (default: VIGIL_PREFIX, then vigil)', 'prefix'),
  grace: text('How long in-flight runs may finish after SIGINT/SIGTERM (default: 30s)', 'duration'),
});
type Options = z.infer<typeof options>;

export default function Worker({options: flags}: {options: Options}) {
  return <RunCommand flags={flags} run={ctx => runWorkerCommand(flags, ctx)} />;
}
