import {readFlagDuration} from '../../checks/duration.js';
import {checkValue, wholeNumber} from '../../cli/flag-values.js';
import {Problems} from '../../cli/problems.js';
import {resolveRedisSetting} from '../../redis/settings.js';
import type {RedisTarget} from '../../redis/connection-url.js';

/** `vigil worker` flags as Pastel hands them over: strings, validated here. */
export interface WorkerFlags {
  checks?: string;
  concurrency?: string;
  redisUrl?: string;
  redisCa?: string;
  metricsPort?: string;
  metricsHost?: string;
  prefix?: string;
  grace?: string;
}

export interface WorkerOptions {
  checksPath: string;
  concurrency: number;
  /** The Redis setting read into a topology, nodes and (masked in `display`) credentials. */
  redis: RedisTarget;
  /** Where the Redis URL came from, for the "cannot reach Redis" message. */
  redisUrlSource: string;
  metricsPort: number;
  metricsHost: string;
  prefix: string;
  graceMs: number;
  /** Tuning for tests and unusual deployments (VIGIL_WORKER_LOCK_MS). */
  lockDurationMs: number;
}

export const DEFAULT_CHECKS_PATH = 'vigil-checks.yaml';
export const DEFAULT_METRICS_PORT = 9464;
export const DEFAULT_GRACE_MS = 30_000;

/** Flags > environment > defaults; every bad value is listed at once (exit 3). */
export function resolveWorkerOptions(flags: WorkerFlags, env: NodeJS.ProcessEnv): WorkerOptions {
  const problems = new Problems();
  const concurrency = given(flags.concurrency, wholeNumber({min: 1, max: 1000}), '--concurrency', problems) ?? 10;
  const portText = flags.metricsPort ?? env.VIGIL_METRICS_PORT;
  const metricsPort =
    given(portText, wholeNumber({min: 0, max: 65535}), flags.metricsPort === undefined ? 'VIGIL_METRICS_PORT' : '--metrics-port', problems) ??
    DEFAULT_METRICS_PORT;
  const metricsHost = (flags.metricsHost ?? env.VIGIL_METRICS_HOST ?? '127.0.0.1').trim();
  if (metricsHost === '' || /\s/.test(metricsHost)) problems.add('--metrics-host', 'must be a host name or IP address');

  const redis = resolveRedisSetting(flags, env, problems);

  let graceMs = DEFAULT_GRACE_MS;
  if (flags.grace !== undefined) {
    const read = readFlagDuration(flags.grace, '--grace');
    if ('ms' in read) graceMs = read.ms;
    else problems.add(read.field, read.message);
  }
  const lockDurationMs = given(env.VIGIL_WORKER_LOCK_MS, wholeNumber({min: 500}), 'VIGIL_WORKER_LOCK_MS', problems) ?? 30_000;

  const checksPath = flags.checks ?? env.VIGIL_CHECKS ?? DEFAULT_CHECKS_PATH;
  if (checksPath.trim() === '') problems.add('--checks', 'must be a file path');
  problems.throwIfAny('see `vigil worker --help` and docs/checker.md');
  return {checksPath, concurrency, redis: redis!.target, redisUrlSource: redis!.source, metricsPort, metricsHost, prefix: redis!.prefix, graceMs, lockDurationMs};
}

/** A flag's or a variable's number when set (a flag and its variable name one value: checkValue, not checkFlags). */
function given(text: string | undefined, schema: ReturnType<typeof wholeNumber>, field: string, problems: Problems): number | undefined {
  return text === undefined ? undefined : checkValue(schema, text, field, problems);
}
