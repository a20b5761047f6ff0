import type {Redis} from 'ioredis';
import type {ResultStore} from '../src/metrics/store.js';
import type {LogEvent} from './schedules.js';

/*
 * What the worker does about its Redis connection: says when it is lost and back, and
 * re-applies the schedulers when Redis comes back empty. Redis without persistence comes back
 * empty after a restart: schedulers and results are gone; the marker key set by reconcile
 * tells, checked on every reconnect and now and then.
 */

export interface RedisWatchOptions {
  redis: Redis;
  store: Pick<ResultStore, 'hasMarker'>;
  reconcile(reason: string): Promise<unknown>;
  logEvent: LogEvent;
  closing(): boolean;
  /** How often to look for the marker besides on every reconnect. */
  everyMs: number;
}

/** Starts watching; returns what stops it. */
export function watchRedis(options: RedisWatchOptions): {stop(): void; stopErrors(): void} {
  const {redis, logEvent, closing} = options;
  const checkMarker = async (reason: string) => {
    if (closing() || redis.status !== 'ready') return;
    try {
      if (!(await options.store.hasMarker()) && !closing()) await options.reconcile(reason);
    } catch (error) {
      if (closing()) return;
      logEvent('reconcile failed; will retry', {reason, error: error instanceof Error ? error.message : String(error)}, 'warn');
    }
  };
  let wasDown = false;
  const onReady = () => {
    if (wasDown) logEvent('redis connection back');
    wasDown = false;
    void checkMarker('redis reconnected');
  };
  const onClose = () => {
    if (!wasDown && !closing()) logEvent('redis connection lost; reconnecting', {}, 'warn');
    wasDown = true;
  };
  const onError = () => {};
  redis.on('ready', onReady);
  redis.on('close', onClose);
  redis.on('error', onError);
  const timer = setInterval(() => void checkMarker('periodic check'), options.everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      redis.off('ready', onReady);
      redis.off('close', onClose);
    },
    // Last, after the connection is closed: ioredis would print an unhandled error otherwise.
    stopErrors() {
      redis.off('error', onError);
    },
  };
}

/**
 * Logs each distinct error of BullMQ's emitters once: connection errors repeat on every
 * reconnect attempt. A reconnection forgets the last one.
 */
export function logDistinctErrors(emitters: ReadonlyArray<{on(event: 'error', listener: (error: Error) => void): unknown}>, redis: Redis, logEvent: LogEvent, closing: () => boolean): void {
  let lastError = '';
  const onError = (error: Error) => {
    if (error.message !== lastError && !closing()) logEvent('redis error', {error: error.message}, 'warn');
    lastError = error.message;
  };
  for (const emitter of emitters) emitter.on('error', onError);
  redis.on('ready', () => {
    lastError = '';
  });
}

