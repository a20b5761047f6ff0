import type {Queue, Worker} from 'bullmq';
import type {Redis} from 'ioredis';

/**
 * Stopping a checker: no new runs, in-flight ones get the grace period, then everything is
 * closed with every step bounded. BullMQ's close waits for Redis as well as for the running
 * jobs, and with maxRetriesPerRequest null a command queued while Redis is away waits
 * forever: so the grace period is spent waiting for our own runs only, and when Redis is
 * unreachable the connection is cut first, so nothing waits for it.
 */

export interface ShutdownParts {
  worker: Pick<Worker, 'close'>;
  queue: Pick<Queue, 'close'>;
  redis: Pick<Redis, 'status' | 'quit' | 'disconnect'>;
  server: {close(): Promise<void>};
  /** Runs in flight in this process. */
  inFlight(): number;
  /** Resolves when no run is in flight (at once if none is). */
  whenIdle(): Promise<void>;
  /** Aborted by a second signal, or here when the grace period ends. */
  force: AbortController;
  /** A reconcile under way, if any. */
  reconciling(): Promise<unknown> | undefined;
}

export interface ShutdownResult {
  /** True when runs were still in flight at the end of the grace period (or a second signal came). */
  forced: boolean;
  /** How many runs were cut short; BullMQ retries them once their lock expires. */
  aborted: number;
  /** Whether Redis answered at the end: false means its connection was cut, not closed. */
  redisReachable: boolean;
}

/** How long each closing step may take before it is abandoned. */
export const STEP_MS = 2000;

export async function shutdownWorker(parts: ShutdownParts, graceMs: number): Promise<ShutdownResult> {
  const {worker, redis} = parts;
  const deadline = Date.now() + graceMs;
  // Stops taking jobs at once; resolves only once BullMQ has also talked to Redis.
  const closing = worker.close();
  const forcedBySignal = new Promise<'forced'>(resolve => {
    if (parts.force.signal.aborted) resolve('forced');
    parts.force.signal.addEventListener('abort', () => resolve('forced'), {once: true});
  });
  const ended = await raceWithin(graceMs, [closing.then(settled('closed'), settled('closed')), parts.whenIdle().then(() => 'idle' as const), forcedBySignal]);
  const aborted = ended === 'closed' || ended === 'idle' ? 0 : parts.inFlight();
  const forced = aborted > 0 || ended === 'forced';
  if (forced) parts.force.abort(new Error('grace period over'));

  const reachable = () => redis.status === 'ready';
  // Nothing queued for an absent Redis may hold the exit: cut the connection first.
  if (!reachable()) redis.disconnect();
  if (ended !== 'closed') {
    // Idle with Redis up: BullMQ's close is a round trip away (or a job it handed over just
    // before the signal is finishing): it may use what is left of the grace period.
    await settleWithin(closing, !reachable() ? 0 : forced ? STEP_MS : Math.max(deadline - Date.now(), STEP_MS));
    if (forced || !reachable()) await settleWithin(worker.close(true), reachable() ? STEP_MS : 0);
  }
  await settleWithin(parts.reconciling(), reachable() ? STEP_MS : 0);
  await settleWithin(Promise.allSettled([parts.queue.close(), parts.server.close()]), STEP_MS);
  const redisReachable = reachable();
  if (redisReachable) await settleWithin(redis.quit(), STEP_MS);
  redis.disconnect();
  return {forced, aborted, redisReachable};
}

/** The first of `promises` to settle, or 'grace' after `ms`. */
async function raceWithin<T>(ms: number, promises: Promise<T>[]): Promise<T | 'grace'> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<'grace'>(resolve => {
    timer = setTimeout(() => resolve('grace'), ms);
  });
  try {
    return await Promise.race([...promises, grace]);
  } finally {
    clearTimeout(timer);
  }
}

const settled = <T>(value: T) => () => value;

/** Waits for a promise to settle, or for `ms`, whichever comes first; never rejects. */
export async function settleWithin(promise: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (!promise) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise.catch(() => {}),
    new Promise<void>(resolve => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}
