import type {Redis, RedisOptions} from 'ioredis';
import {VigilError} from '../src/errors.js';
import {ExitCode} from '../src/exit-codes.js';
import type {CheckSpec} from '../src/checks/schema.js';

/** The one BullMQ queue of scheduled healthchecks. */
export const QUEUE_NAME = 'healthchecks';
export const DEFAULT_PREFIX = 'vigil';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** What a scheduled job carries: the resolved spec, so a changed file re-templates the job. */
export type CheckJobData = CheckSpec;

/** Retry policy of every run: BullMQ retries, the HTTP client does not (retries: 0). */
export interface RetryPolicy {
  attempts: number;
  backoffMs: number;
}
export const DEFAULT_RETRY: RetryPolicy = {attempts: 4, backoffMs: 5000};

/** `redis://user:secret@host` -> `redis://user:***@host`, for messages and logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url.replace(/\/\/([^@/]*)@/, '//***@');
  }
}

export class RedisUnavailableError extends VigilError {
  constructor(url: string, reason: string, source: string) {
    super(`cannot reach Redis at ${redactRedisUrl(url)} (${source}): ${reason}`, {
      exitCode: ExitCode.Unavailable,
      hint:
        'start Redis (e.g. `redis-server`, or `docker run -d -p 6379:6379 redis:7`), ' +
        'or point the worker at yours with --redis-url or VIGIL_REDIS_URL',
    });
  }
}

/**
 * Opens the long-lived connection the worker uses, after a fail-fast probe: a worker that
 * cannot reach Redis at start-up says so at once (exit 8) instead of retrying silently.
 * Afterwards ioredis reconnects forever (maxRetriesPerRequest: null, as BullMQ requires).
 */
export interface ConnectRedisOptions {
  /** Milliseconds for the start-up probe to connect. Default: 3000. */
  connectTimeoutMs?: number;
  /**
   * For a command that reads once and exits (`schedules list`): no endless reconnecting, and
   * each command fails after 5 s instead of waiting in the offline queue for a Redis that
   * went away after the probe. Default: false (the worker's long-lived connection).
   */
  oneShot?: boolean;
}

export async function connectRedis(url: string, source: string, {connectTimeoutMs = 3000, oneShot = false}: ConnectRedisOptions = {}): Promise<Redis> {
  const {Redis: IORedis} = await import('ioredis');
  const probe = new IORedis(url, {
    lazyConnect: true,
    connectTimeout: connectTimeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let lastError = 'no answer';
  probe.on('error', (error: Error) => {
    lastError = error.message;
  });
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new RedisUnavailableError(url, reason === 'Connection is closed.' ? lastError : reason, source);
  } finally {
    probe.disconnect();
  }
  const options: RedisOptions = oneShot
    ? {maxRetriesPerRequest: 1, commandTimeout: 5000, retryStrategy: () => null}
    : {
        maxRetriesPerRequest: null,
        // Reconnect quickly at first, then every 2 s at most.
        retryStrategy: times => Math.min(times * 200, 2000),
      };
  const redis = new IORedis(url, options);
  // Without a listener ioredis prints "Unhandled error event" on every failed reconnect;
  // failures still reach the caller as rejected commands.
  redis.on('error', () => {});
  return redis;
}
