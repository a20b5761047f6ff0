import type {Redis} from 'ioredis';
import type {WorkerOptions} from 'bullmq';
import type {ApiClient} from '../src/api/client.js';
import type {CheckSpec, ChecksConfig, DiscoverConfig} from '../src/checks/schema.js';
import {ResultStore} from '../src/metrics/store.js';
import {createMetrics, QUEUE_STATES, type VigilMetrics} from '../src/metrics/registry.js';
import {startMetricsServer, type MetricsServer} from '../src/metrics/server.js';
import {watchChecksFile, type ChecksWatch} from './checks-watch.js';
import {createProcessor, type ProcessorDeps, type RunLogEntry} from './processor.js';
import {coalesceWrites} from '../src/redis/coalesce-writes.js';
import {QUEUE_NAME, type CheckJobData} from '../src/redis/queue.js';
import type {JobRetryPolicy, ReconcileSummary} from './reconcile.js';
import {logDistinctErrors, watchRedis} from './redis-watch.js';
import {createSchedules} from './schedules.js';
import {readHolds} from '../src/maintenance/store.js';
import {shutdownWorker, type ShutdownResult} from './shutdown.js';

/**
 * A running checker: BullMQ worker, schedulers reconciled from the checks file
 * (schedules.ts), metrics endpoint, and the watch that re-applies schedulers when Redis comes
 * back empty (redis-watch.ts). The command (src/cmd/worker) owns signals and exit codes; this
 * puts the moving parts together and stops them.
 */

export interface CheckWorkerOptions {
  /** Connected, with maxRetriesPerRequest: null (see connectRedis). Closed by shutdown. */
  redis: Redis;
  prefix: string;
  /** The `checks:` entries of the file. */
  specs: readonly CheckSpec[];
  /** The `discover:` section: the registry then decides what runs for its orgs. */
  discover?: DiscoverConfig;
  client: Pick<ApiClient, 'runHealthcheck' | 'listHealthchecks'>;
  /** Per-org keys of the checks file's `keys:` (src/checks/key-refs.ts). */
  keyFor?: ProcessorDeps['keyFor'];
  concurrency: number;
  metricsHost: string;
  /** 0 picks a free port (tests). */
  metricsPort: number;
  timeoutMs: number;
  retry: JobRetryPolicy;
  /** How long a job's lock lives without renewal: a killed worker's run is re-run after it. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** How often the shared metrics are rebuilt while scraped; 0: on every scrape (tests). Default: REFRESH_MS. */
  metricsRefreshMs?: number;
  /** How often to look for the store marker besides on every reconnect. */
  markerCheckMs?: number;
  logRun: (entry: RunLogEntry) => void;
  /** The checks file, watched: a valid change is applied without a restart (checks-watch.ts). */
  checksFile?: {path: string; current: ChecksConfig; debounceMs?: number; pollMs?: number; onApplied?: (config: ChecksConfig) => Promise<void>};
  /** `level` is `info` unless given: `warn` for what keeps checks from running. */
  logEvent: (message: string, fields?: Record<string, unknown>, level?: 'info' | 'warn') => void;
}

export interface CheckWorker {
  metricsUrl: string;
  metrics: VigilMetrics;
  store: ResultStore;
  firstReconcile: ReconcileSummary;
  reconcile(reason: string): Promise<ReconcileSummary>;
  /** What is scheduled now: the file's entries, or with `discover:`, what the registry said. */
  specs(): readonly CheckSpec[];
  inFlight(): number;
  /** Stops taking jobs, waits up to graceMs for running ones, then aborts them. */
  shutdown(graceMs: number): Promise<ShutdownResult>;
  /** Aborts in-flight runs now (a second signal). */
  force(): void;
}

const EVENTS_KEPT = 100;

export async function startCheckWorker(given: CheckWorkerOptions): Promise<CheckWorker> {
  // The closures below keep `options` for the worker's life: not the start-up specs and
  // file, which a changed file replaces (both alive was the soak's 2 MiB at 10,000 pairs).
  const {specs: startSpecs, checksFile, ...options} = given;
  const onApplied = checksFile?.onApplied;
  const {Queue, Worker} = await import('bullmq');
  const {redis, prefix} = options;
  coalesceWrites(redis);
  // Nothing reads the events stream (no QueueEvents): BullMQ's default keeps 10,000 entries.
  const queue = new Queue<CheckJobData>(QUEUE_NAME, {connection: redis, prefix, streams: {events: {maxLen: EVENTS_KEPT}}});
  const store = new ResultStore(redis, prefix, QUEUE_NAME);
  const forceController = new AbortController();
  let closing = false;
  const isClosing = () => closing;
  const runs = runTracker();

  const metrics = await createMetrics({
    store,
    queueName: QUEUE_NAME,
    queueCounts: () => queue.getJobCounts(...QUEUE_STATES),
    schedulerCount: () => queue.getJobSchedulersCount(),
    checks: startSpecs.map(spec => spec.check),
    registryOrgs: options.discover?.orgs,
    maintenance: () => readHolds(redis, prefix),
    ...(options.metricsRefreshMs === undefined ? {} : {refreshMs: options.metricsRefreshMs}),
  });

  // The port first: a taken port should fail before anything in Redis changes.
  let server: MetricsServer;
  try {
    server = await startMetricsServer({
      host: options.metricsHost,
      port: options.metricsPort,
      render: metrics.body,
      health: () => ({
        ok: !closing && redis.status === 'ready',
        detail: {redis: redis.status, closing, inFlight: runs.count()},
      }),
    });
  } catch (error) {
    await queue.close();
    throw error;
  }

  const schedules = createSchedules({...options, specs: startSpecs, queue, store, metrics, closing: isClosing});
  let firstReconcile: ReconcileSummary;
  try {
    firstReconcile = await schedules.start();
  } catch (error) {
    await Promise.allSettled([server.close(), queue.close()]);
    throw error;
  }

  const watch = watchRedis({redis, store, reconcile: schedules.reconcile, logEvent: options.logEvent, closing: isClosing, everyMs: options.markerCheckMs ?? 30_000});

  const processor = createProcessor({
    client: options.client,
    store,
    metrics,
    log: options.logRun,
    timeoutMs: options.timeoutMs,
    forceSignal: forceController.signal,
    ...(options.keyFor ? {keyFor: options.keyFor} : {}),
  });
  const worker = new Worker<CheckJobData>(QUEUE_NAME, runs.track(processor), workerOptions(options));
  logDistinctErrors([worker, queue], redis, options.logEvent, isClosing);

  const applyChecks = async (config: ChecksConfig) => {
    await schedules.apply(config);
    // Not awaited: a shutdown must not wait on the upstream answering for every org.
    void onApplied?.(config).catch(() => {});
  };
  let checksWatch: ChecksWatch | undefined;
  if (checksFile) checksWatch = await watchChecksFile({...checksFile, apply: applyChecks, metrics, logEvent: options.logEvent});

  return {
    metricsUrl: server.url,
    metrics,
    store,
    firstReconcile,
    reconcile: schedules.reconcile,
    specs: schedules.specs,
    inFlight: runs.count,
    force: () => forceController.abort(new Error('forced shutdown')),
    async shutdown(graceMs) {
      closing = true;
      const watchStopped = checksWatch?.stop();
      metrics.stop();
      schedules.stop();
      watch.stop();
      const result = await shutdownWorker(
        {worker, queue, redis, server, inFlight: runs.count, whenIdle: runs.whenIdle, force: forceController, reconciling: () => schedules.reconciling()?.catch(() => {})},
        graceMs,
      );
      watch.stopErrors();
      await watchStopped;
      return result;
    },
  };
}

/** BullMQ's worker options: the run's concurrency, how long a lock lives, when a stalled run is given up. */
export function workerOptions(options: Pick<CheckWorkerOptions, 'redis' | 'prefix' | 'concurrency' | 'lockDurationMs' | 'stalledIntervalMs'>): WorkerOptions {
  return {
    connection: options.redis,
    prefix: options.prefix,
    concurrency: options.concurrency,
    lockDuration: options.lockDurationMs ?? 30_000,
    stalledInterval: options.stalledIntervalMs ?? options.lockDurationMs ?? 30_000,
    // A run that stalled twice (two dead workers in a row) is given up, not looped.
    maxStalledCount: 2,
  };
}

/** Runs in flight, and a promise for when there are none (the drain of a shutdown). */
export function runTracker() {
  let active = 0;
  let idleWaiters: (() => void)[] = [];
  return {
    count: () => active,
    whenIdle: () => (active === 0 ? Promise.resolve() : new Promise<void>(resolve => idleWaiters.push(resolve))),
    /** `run`, counted while it runs. */
    track<A extends unknown[], R>(run: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
      return async (...args) => {
        active++;
        try {
          return await run(...args);
        } finally {
          active--;
          if (active === 0) {
            for (const resolve of idleWaiters) resolve();
            idleWaiters = [];
          }
        }
      };
    },
  };
}
