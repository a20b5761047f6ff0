import type {Cluster, Redis, RedisOptions} from 'ioredis';
import {InputError} from '../errors.js';
import {clusterOptions, ioredisOptions, parseRedisUrl, RedisUrlError, type RedisTarget} from './connection-url.js';
import {probeRedis, requireNoEviction, type ProbeResult} from './probe.js';

/** What vigil talks to: one server (standalone or found through Sentinel), or a cluster. */
export type RedisConnection = Redis | Cluster;

export interface ConnectOptions {
  /** Milliseconds each start-up probe step may take. Default: 3000. */
  connectTimeoutMs?: number;
  /**
   * For a command that reads once and exits (`schedules list`): no endless reconnecting, and
   * each command fails after 5 s instead of waiting for a Redis that went away after the
   * probe. Default: false (the worker's long-lived connection, which reconnects forever).
   */
  oneShot?: boolean;
  /** Refuse a Redis whose maxmemory-policy is not noeviction (exit 3). Default: true. */
  requireNoEviction?: boolean;
}

/**
 * Probes the target (bounded; exit 8 when unreachable, 3 when misconfigured), then opens the
 * long-lived connection. Afterwards ioredis reconnects on its own; through Sentinel it asks
 * the sentinels again on each reconnect, so a promoted replica is found without help.
 */
export async function openRedis(target: RedisTarget, source: string, options: ConnectOptions = {}): Promise<{redis: RedisConnection; probe: ProbeResult}> {
  const probe = await probeRedis(target, source, options.connectTimeoutMs ?? 3000);
  if (options.requireNoEviction ?? true) requireNoEviction(probe, target, source);
  const base: RedisOptions = options.oneShot
    ? {maxRetriesPerRequest: 1, commandTimeout: 5000, retryStrategy: () => null}
    : {
        // BullMQ requires it: a command waits for the reconnection instead of failing.
        maxRetriesPerRequest: null,
        // Reconnect quickly at first, then every 2 s at most.
        retryStrategy: times => Math.min(times * 200, 2000),
      };
  const ioredis = await import('ioredis');
  let redis: RedisConnection;
  if (target.topology === 'cluster') {
    redis = new ioredis.Cluster(
      target.nodes,
      clusterOptions(target, base, {
        // A few quick retries even for one read: a busy node can miss the 1 s default of
        // the slots refresh, and one miss would otherwise end the command.
        clusterRetryStrategy: options.oneShot ? times => (times <= 3 ? 300 : null) : times => Math.min(times * 200, 2000),
        slotsRefreshTimeout: 5000,
        // Hash-tagged keys all live on one primary; MOVED after a resharding is followed.
        ...(target.tls ? {dnsLookup: (address, callback) => callback(null, address)} : {}),
      }),
    );
  } else {
    redis = new ioredis.Redis(
      ioredisOptions(target, {
        ...base,
        // Through Sentinel: on a lost primary, ask the sentinels again within a second.
        // Not ioredis' failoverDetector: its disconnect can land mid-connect and leave the
        // connection reconnecting forever (seen in test/jobs/sentinel-failover.test.ts).
        ...(target.topology === 'sentinel'
          ? {sentinelRetryStrategy: (times: number) => Math.min(times * 200, 1000), ...(options.oneShot ? {} : {retryStrategy: (times: number) => Math.min(times * 200, 1000)})}
          : {}),
      }),
    );
  }
  // Without a listener ioredis prints "Unhandled error event" on every failed reconnect;
  // failures still reach the caller as rejected commands.
  redis.on('error', () => {});
  return {redis, probe};
}

/**
 * Opens the long-lived connection the worker uses (or a one-shot one for `schedules` and
 * `doctor`), after a bounded probe: a Redis that cannot be reached at start-up is said at once
 * (exit 8), a misconfigured one (eviction policy, unknown Sentinel primary, bad URL) is exit 3
 * with the fix. `url` is a URL in any form connection-url.ts reads, or a parsed target.
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

/**
 * A Redis key prefix is safe on a cluster only when it is a hash tag: BullMQ's scripts touch
 * several keys at once, and Redis Cluster runs a script only when all its keys share a slot.
 */
export function isHashTagged(prefix: string): boolean {
  const match = /\{([^}]*)\}/.exec(prefix);
  return match !== null && match[1] !== '';
}
