import {parseDuration} from '../../checks/duration.js';
import {Problems, parseIntegerFlag} from '../reports/problems.js';
import {DEFAULT_PREFIX, DEFAULT_REDIS_URL} from '../../../jobs/queue.js';

/** `vigil worker` flags as Pastel hands them over: strings, validated here. */
export interface WorkerFlags {
  checks?: string;
  concurrency?: string;
  redisUrl?: string;
  metricsPort?: string;
  metricsHost?: string;
  prefix?: string;
  grace?: string;
}

export interface WorkerOptions {
  checksPath: string;
  concurrency: number;
  redisUrl: string;
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
  const concurrency = parseIntegerFlag(flags.concurrency, '--concurrency', problems, {min: 1, max: 1000}) ?? 10;
  const portText = flags.metricsPort ?? env.VIGIL_METRICS_PORT;
  const metricsPort =
    parseIntegerFlag(portText, flags.metricsPort === undefined ? 'VIGIL_METRICS_PORT' : '--metrics-port', problems, {min: 0, max: 65535}) ??
    DEFAULT_METRICS_PORT;
  const metricsHost = (flags.metricsHost ?? env.VIGIL_METRICS_HOST ?? '127.0.0.1').trim();
  if (metricsHost === '' || /\s/.test(metricsHost)) problems.add('--metrics-host', 'must be a host name or IP address');

  const redisUrl = flags.redisUrl ?? env.VIGIL_REDIS_URL ?? DEFAULT_REDIS_URL;
  const redisUrlSource = flags.redisUrl !== undefined ? '--redis-url' : env.VIGIL_REDIS_URL !== undefined ? 'VIGIL_REDIS_URL' : 'the default; set --redis-url or VIGIL_REDIS_URL';
  const redisField = flags.redisUrl !== undefined ? '--redis-url' : 'VIGIL_REDIS_URL';
  try {
    const protocol = new URL(redisUrl).protocol;
    if (protocol !== 'redis:' && protocol !== 'rediss:') problems.add(redisField, `must start with redis:// or rediss:// (got ${protocol})`);
  } catch {
    problems.add(redisField, 'must be a URL like redis://127.0.0.1:6379');
  }

  const prefix = flags.prefix ?? env.VIGIL_PREFIX ?? DEFAULT_PREFIX;
  if (!/^[A-Za-z0-9{}_.-]{1,64}$/.test(prefix)) problems.add('--prefix', 'must be 1-64 letters, digits, "{", "}", "_", ".", "-"');

  let graceMs = DEFAULT_GRACE_MS;
  if (flags.grace !== undefined) {
    const parsed = parseDuration(flags.grace);
    if (parsed === undefined) problems.add('--grace', `must be a duration like "30s" or "2m" (got ${JSON.stringify(flags.grace)})`);
    else graceMs = parsed;
  }
  const lockDurationMs = parseIntegerFlag(env.VIGIL_WORKER_LOCK_MS, 'VIGIL_WORKER_LOCK_MS', problems, {min: 500}) ?? 30_000;

  const checksPath = flags.checks ?? env.VIGIL_CHECKS ?? DEFAULT_CHECKS_PATH;
  if (checksPath.trim() === '') problems.add('--checks', 'must be a file path');
  problems.throwIfAny('see `vigil worker --help` and docs/checker.md');
  return {checksPath, concurrency, redisUrl, redisUrlSource, metricsPort, metricsHost, prefix, graceMs, lockDurationMs};
}
