import {runWorkerCommand} from './worker.js';
import {defineCommand} from '../../cli/define.js';
import {connectionOptions, textOption} from '../../cli/options.js';

export const definition = defineCommand({
  path: ['worker'],
  description: 'Run scheduled healthchecks from a checks file and export Prometheus metrics (runs until SIGINT/SIGTERM)',
  examples: [
    {command: 'vigil worker --checks vigil-checks.yaml', explains: 'Run the checks of a file, metrics on 127.0.0.1:9464/metrics'},
    {command: 'vigil worker --redis-url redis://redis.internal:6379 --metrics-host 0.0.0.0 --concurrency 50', explains: 'One of several replicas sharing a Redis, scraped from outside'},
    {command: 'vigil worker --redis-url redis+sentinel://s1:26379,s2:26379/mymaster --checks vigil-checks.yaml', explains: 'Follow the primary that Redis Sentinel names, through failovers'},
  ],
  // No --timeout: each run's budget is the checks file's `timeout` (docs/checker.md).
  options: () =>
    connectionOptions.omit({timeout: true}).extend({
      checks: textOption('Checks file, YAML or JSON (default: VIGIL_CHECKS, then ./vigil-checks.yaml)', 'file'),
      concurrency: textOption('Runs in flight at once in this process (default: 10)', 'n'),
      redisUrl: textOption('Redis shared by every worker: redis://, rediss://, redis+sentinel://h1,h2/<primary>, redis+cluster://h1,h2 (default: VIGIL_REDIS_URL, then redis://127.0.0.1:6379)', 'url'),
      redisCa: textOption('PEM file of the CA for rediss:// (default: VIGIL_REDIS_CA, then the system CAs)', 'file'),
      metricsPort: textOption('Port of /metrics and /healthz (default: VIGIL_METRICS_PORT, then 9464; 0 picks a free one)', 'port'),
      metricsHost: textOption('Address /metrics listens on (default: VIGIL_METRICS_HOST, then 127.0.0.1)', 'host'),
      prefix: textOption('Redis key prefix of the queue (default: VIGIL_PREFIX, then vigil)', 'prefix'),
      grace: textOption('How long in-flight runs may finish after SIGINT/SIGTERM (default: 30s)', 'duration'),
    }),
  // Runs until stopped.
  mcp: false,
  run: ({options}, ctx) => runWorkerCommand(options, ctx),
});
