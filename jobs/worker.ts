import type {Redis} from 'ioredis';
import type {Job} from 'bullmq';
import type {ApiClient} from '../src/api/client.js';
import type {CheckSpec} from '../src/checks/schema.js';
import {ResultStore} from '../src/metrics/store.js';
import {createMetrics, QUEUE_STATES, type VigilMetrics} from '../src/metrics/registry.js';
import {startMetricsServer, type MetricsServer} from '../src/metrics/server.js';
import {createProcessor, type RunLogEntry} from './processor.js';
import {QUEUE_NAME, type CheckJobData, type RetryPolicy} from './queue.js';
import {reconcile, type ReconcileSummary} from './reconcile.js';

/**
 * A running checker: BullMQ worker, schedulers reconciled from the checks file, metrics
 * endpoint, and the watch that re-applies schedulers when Redis comes back empty.
 * The command (src/cmd/worker) owns signals and exit codes; this owns the moving parts.
 */

export interface CheckWorkerOptions {
  /** Connected, with maxRetriesPerRequest: null (see connectRedis). Closed by shutdown. */
  redis: Redis;
  prefix: string;
  specs: readonly CheckSpec[];
  client: Pick<ApiClient, 'runHealthcheck'>;
  concurrency: number;
  metricsHost: string;
  /** 0 picks a free port (tests). */
  metricsPort: number;
  timeoutMs: number;
  retry: RetryPolicy;
  /** How long a job's lock lives without renewal: a killed worker's run is re-run after it. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** How often to look for the store marker besides on every reconnect. */
  markerCheckMs?: number;
  logRun: (entry: RunLogEntry) => void;
  logEvent: (message: string, fields?: Record<string, unknown>) => void;
}

export interface CheckWorker {
  metricsUrl: string;
  metrics: VigilMetrics;
  store: ResultStore;
  firstReconcile: ReconcileSummary;
  reconcile(reason: string): Promise<ReconcileSummary>;
  inFlight(): number;
  /** Stops taking jobs, waits up to graceMs for running ones, then aborts them. */
  shutdown(graceMs: number): Promise<{forced: boolean}>;
  /** Aborts in-flight runs now (a second signal). */
  force(): void;
}

export async function startCheckWorker(options: CheckWorkerOptions): Promise<CheckWorker> {
  const {Queue, Worker} = await import('bullmq');
  const {redis, prefix} = options;
  const queue = new Queue<CheckJobData>(QUEUE_NAME, {connection: redis, prefix});
  const store = new ResultStore(redis, prefix, QUEUE_NAME);
  const forceController = new AbortController();
  let closing = false;
  let active = 0;

  const metrics = await createMetrics({
    store,
    queueName: QUEUE_NAME,
    queueCounts: () => queue.getJobCounts(...QUEUE_STATES),
    schedulerCount: () => queue.getJobSchedulersCount(),
  });

  // The port first: a taken port should fail before anything in Redis changes.
  let server: MetricsServer;
  try {
    server = await startMetricsServer({
      host: options.metricsHost,
      port: options.metricsPort,
      render: metrics.render,
      health: () => ({
        ok: !closing && redis.status === 'ready',
        detail: {redis: redis.status, closing, inFlight: active},
      }),
    });
  } catch (error) {
    await queue.close();
    throw error;
  }

  let reconciling: Promise<ReconcileSummary> | undefined;
  const doReconcile = (reason: string): Promise<ReconcileSummary> => {
    if (closing) return Promise.reject(new Error('the worker is shutting down'));
    reconciling ??= reconcile(queue, store, options.specs, options.retry)
      .then(summary => {
        options.logEvent('schedulers reconciled', {
          reason,
          checks: options.specs.length,
          added: summary.added.length,
          changed: summary.changed.length,
          removed: summary.removed.length,
        });
        return summary;
      })
      .finally(() => {
        reconciling = undefined;
      });
    return reconciling;
  };

  let firstReconcile: ReconcileSummary;
  try {
    firstReconcile = await doReconcile('start');
  } catch (error) {
    await Promise.allSettled([server.close(), queue.close()]);
    throw error;
  }

  // Redis without persistence comes back empty after a restart: schedulers and results are
  // gone. The marker key set by reconcile tells us; check on every reconnect and now and then.
  const checkMarker = async (reason: string) => {
    if (closing || redis.status !== 'ready') return;
    try {
      if (!(await store.hasMarker()) && !closing) await doReconcile(reason);
    } catch (error) {
      if (closing) return;
      options.logEvent('reconcile failed; will retry', {reason, error: error instanceof Error ? error.message : String(error)});
    }
  };
  let wasDown = false;
  const onReady = () => {
    if (wasDown) options.logEvent('redis connection back');
    wasDown = false;
    void checkMarker('redis reconnected');
  };
  const onClose = () => {
    if (!wasDown && !closing) options.logEvent('redis connection lost; reconnecting');
    wasDown = true;
  };
  const onError = () => {};
  redis.on('ready', onReady);
  redis.on('close', onClose);
  redis.on('error', onError);
  const markerTimer = setInterval(() => void checkMarker('periodic check'), options.markerCheckMs ?? 30_000);
  markerTimer.unref();

  const processor = createProcessor({
    client: options.client,
    store,
    metrics,
    log: options.logRun,
    timeoutMs: options.timeoutMs,
    forceSignal: forceController.signal,
  });
  const worker = new Worker<CheckJobData>(
    QUEUE_NAME,
    async (job: Job<CheckJobData>) => {
      active++;
      try {
        return await processor(job);
      } finally {
        active--;
      }
    },
    {
      connection: redis,
      prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? options.lockDurationMs ?? 30_000,
      // A run that stalled twice (two dead workers in a row) is given up, not looped.
      maxStalledCount: 2,
    },
  );
  // Connection errors repeat on every reconnect attempt: log each distinct one once.
  let lastError = '';
  const onBullError = (error: Error) => {
    if (error.message !== lastError && !closing) options.logEvent('redis error', {error: error.message});
    lastError = error.message;
  };
  worker.on('error', onBullError);
  queue.on('error', onBullError);
  redis.on('ready', () => {
    lastError = '';
  });

  return {
    metricsUrl: server.url,
    metrics,
    store,
    firstReconcile,
    reconcile: doReconcile,
    inFlight: () => active,
    force: () => forceController.abort(new Error('forced shutdown')),
    async shutdown(graceMs) {
      closing = true;
      clearInterval(markerTimer);
      let timer: NodeJS.Timeout | undefined;
      const graceful = worker.close().then(() => false);
      const timedOut = new Promise<boolean>(resolve => {
        timer = setTimeout(() => resolve(true), graceMs);
      });
      const forcedBySignal = new Promise<boolean>(resolve => forceController.signal.addEventListener('abort', () => resolve(true), {once: true}));
      const forced = await Promise.race([graceful, timedOut, forcedBySignal]);
      clearTimeout(timer);
      // Forced: BullMQ's close(true) hands back the close already waiting for the in-flight
      // jobs, and with maxRetriesPerRequest null a command queued while Redis is away waits
      // forever. So every step below is bounded, and the connection is cut at the end.
      if (forced) {
        forceController.abort(new Error('grace period over'));
        await settleWithin(worker.close(true), FORCED_STEP_MS);
      }
      await settleWithin(reconciling?.catch(() => {}), forced ? FORCED_STEP_MS : graceMs);
      redis.off('ready', onReady);
      redis.off('close', onClose);
      await settleWithin(Promise.allSettled([queue.close(), server.close()]), forced ? FORCED_STEP_MS : graceMs);
      if (forced) redis.disconnect();
      else await settleWithin(redis.quit(), FORCED_STEP_MS);
      redis.disconnect();
      redis.off('error', onError);
      return {forced};
    },
  };
}

/** How long each step of a forced shutdown may take before it is abandoned. */
const FORCED_STEP_MS = 2000;

/** Waits for a promise to settle, or for `ms`, whichever comes first; never rejects. */
async function settleWithin(promise: Promise<unknown> | undefined, ms: number): Promise<void> {
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
