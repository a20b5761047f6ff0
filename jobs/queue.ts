import type {Redis} from 'ioredis';
import {InputError} from '../src/errors.js';
import {parseRedisUrl, RedisUrlError, type RedisTarget} from '../src/redis/connection-url.js';
import {openRedis, type ConnectOptions, type RedisConnection} from '../src/redis/connect.js';
import {RedisUnavailableError} from '../src/redis/probe.js';
import type {CheckSpec} from '../src/checks/schema.js';

/** The one BullMQ queue of scheduled healthchecks. */
export const QUEUE_NAME = 'healthchecks';
export {DEFAULT_PREFIX, DEFAULT_REDIS_URL} from '../src/redis/settings.js';

/** What a scheduled job carries: the resolved spec, so a changed file re-templates the job. */
export type CheckJobData = CheckSpec;

/** Retry policy of every run: BullMQ retries, the HTTP client does not (retries: 0). */
export interface RetryPolicy {
  attempts: number;
  backoffMs: number;
}

export {RedisUnavailableError};
export type {RedisConnection};

/**
 * Opens the long-lived connection the worker uses, after a bounded probe: a worker that
 * cannot reach Redis at start-up says so at once (exit 8), one pointed at a misconfigured
 * Redis (eviction policy, unknown Sentinel primary, bad URL) exits 3 with the fix.
 * `url` is a URL in any form src/redis/connection-url.ts reads, or an already parsed target.
 *
 * Typed as a single Redis for jobs/ and the result store: on redis+cluster:// it is an
 * ioredis Cluster, which answers every command they send (their keys share the prefix's
 * hash tag, so one slot) and has the same status, events, quit and disconnect.
 */
export async function connectRedis(url: string | RedisTarget, source: string, options: ConnectOptions = {}): Promise<Redis> {
  const target = typeof url === 'string' ? parseTarget(url, source) : url;
  return (await openRedis(target, source, options)).redis as Redis;
}

function parseTarget(url: string, source: string): RedisTarget {
  try {
    return parseRedisUrl(url, source);
  } catch (error) {
    if (error instanceof RedisUrlError) throw new InputError([error.problem]);
    throw error;
  }
}
