import type {Redis} from 'ioredis';
import type {Job} from 'bullmq';
import type {ApiClient} from '../src/api/client.js';
import {sameSpecs} from '../src/checks/discover.js';
import {formatDuration} from '../src/checks/duration.js';
import type {CheckSpec, ChecksConfig, DiscoverConfig} from '../src/checks/schema.js';
import {ResultStore} from '../src/metrics/store.js';
import {createMetrics, QUEUE_STATES, type VigilMetrics} from '../src/metrics/registry.js';
import {startMetricsServer, type MetricsServer} from '../src/metrics/server.js';
import {watchChecksFile, type ChecksWatch} from './checks-watch.js';
import {Discovery} from './discovery.js';
import {createProcessor, type RunLogEntry} from './processor.js';
import {QUEUE_NAME, type CheckJobData} from '../src/redis/queue.js';
import {reconcile, type JobRetryPolicy, type ReconcileSummary} from './reconcile.js';
import {withReconcileLock} from './reconcile-lock.js';
import {shutdownWorker, type ShutdownResult} from './shutdown.js';

/**
 * A running checker: BullMQ worker, schedulers reconciled from the checks file, metrics
 * endpoint, and the watch that re-applies schedulers when Redis comes back empty.
 * The command (src/cmd/worker) owns signals and exit codes; this owns the moving parts.
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

export async function startCheckWorker(options: CheckWorkerOptions): Promise<CheckWorker> {
  const {Queue, Worker} = await import('bullmq');
  const {redis, prefix} = options;
  // Nothing reads the events stream (no QueueEvents): BullMQ's default keeps 10,000 entries.
  const queue = new Queue<CheckJobData>(QUEUE_NAME, {connection: redis, prefix, streams: {events: {maxLen: EVENTS_KEPT}}});
  const store = new ResultStore(redis, prefix, QUEUE_NAME);
  const forceController = new AbortController();
  let closing = false;
  let active = 0;
  let idleWaiters: (() => void)[] = [];
  const whenIdle = () => (active === 0 ? Promise.resolve() : new Promise<void>(resolve => idleWaiters.push(resolve)));

  let specs: readonly CheckSpec[] = options.specs;
  let retry = options.retry;
  const metrics = await createMetrics({
    store,
    queueName: QUEUE_NAME,
    queueCounts: () => queue.getJobCounts(...QUEUE_STATES),
    schedulerCount: () => queue.getJobSchedulersCount(),
    checks: options.specs.map(spec => spec.check),
    registryOrgs: options.discover?.orgs,
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
    reconciling ??= withReconcileLock(redis, store.keys.reconcileLock, () => reconcile(queue, store, specs, retry), () => closing)
      .then(summary => {
        options.logEvent('schedulers reconciled', {
          reason,
          checks: specs.length,
          added: summary.added.length,
          changed: summary.changed.length,
          removed: summary.removed.length,
          ...(summary.restored > 0 ? {restored: summary.restored} : {}),
        });
        return summary;
      })
      .finally(() => {
        reconciling = undefined;
      });
    return reconciling;
  };

  const discoveryAbort = new AbortController();
  const newDiscovery = (config: DiscoverConfig, explicit: readonly CheckSpec[]) =>
    new Discovery({config, explicit, client: options.client, timeoutMs: options.timeoutMs, metrics, logEvent: options.logEvent, signal: discoveryAbort.signal});
  let discovery = options.discover ? newDiscovery(options.discover, options.specs) : undefined;

  let firstReconcile: ReconcileSummary;
  try {
    if (discovery) {
      discovery.seed(await store.configuredSpecs());
      await discovery.refresh();
      specs = discovery.specs();
      metrics.addChecks(specs.map(spec => spec.check));
    }
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
      options.logEvent('reconcile failed; will retry', {reason, error: error instanceof Error ? error.message : String(error)}, 'warn');
    }
  };
  let wasDown = false;
  const onReady = () => {
    if (wasDown) options.logEvent('redis connection back');
    wasDown = false;
    void checkMarker('redis reconnected');
  };
  const onClose = () => {
    if (!wasDown && !closing) options.logEvent('redis connection lost; reconnecting', {}, 'warn');
    wasDown = true;
  };
  const onError = () => {};
  redis.on('ready', onReady);
  redis.on('close', onClose);
  redis.on('error', onError);
  const markerTimer = setInterval(() => void checkMarker('periodic check'), options.markerCheckMs ?? 30_000);
  markerTimer.unref();

  // A check that joins the registry is scheduled after the read that lists it; one that
  // leaves is unscheduled, and reconcile drops its stored state, so its series go.
  let reading = false;
  // A reconcile that failed is tried again at the next read, changed or not.
  let unreconciled = false;
  const readRegistry = async () => {
    const reader = discovery;
    if (!reader || reading || closing) return;
    reading = true;
    try {
      await reader.refresh();
      const next = reader.specs();
      // A changed checks file replaced the discovery meanwhile: its own apply reconciles.
      if (closing || reader !== discovery || (sameSpecs(specs, next) && !unreconciled)) return;
      specs = next;
      metrics.addChecks(specs.map(spec => spec.check));
      unreconciled = true;
      await doReconcile('registry changed');
      unreconciled = false;
    } catch (error) {
      if (!closing) options.logEvent('reconcile failed; will retry', {reason: 'registry changed', error: error instanceof Error ? error.message : String(error)}, 'warn');
    } finally {
      reading = false;
    }
  };
  let registryTimer: NodeJS.Timeout | undefined;
  const startRegistryTimer = (everyMs: number | undefined) => {
    clearInterval(registryTimer);
    registryTimer = everyMs === undefined ? undefined : setInterval(() => void readRegistry(), everyMs);
    registryTimer?.unref();
  };
  startRegistryTimer(options.discover?.registryEveryMs);

  // A changed checks file: the same path as a registry change, behind the same lock, so of
  // replicas watching one file the first rebuilds and the others find nothing to do.
  let registryEveryMs = options.discover?.registryEveryMs;
  const applyChecks = async (config: ChecksConfig) => {
    if (config.timeoutMs !== options.timeoutMs) options.logEvent('the checks file changes timeout:, which applies at the next start', {running: formatDuration(options.timeoutMs), file: formatDuration(config.timeoutMs)}, 'warn');
    if (config.discover) {
      if (discovery) discovery.reconfigure(config.discover, config.specs);
      else (discovery = newDiscovery(config.discover, config.specs)).seed(await store.configuredSpecs());
      await discovery.refresh();
    } else discovery = undefined;
    if (config.discover?.registryEveryMs !== registryEveryMs) startRegistryTimer((registryEveryMs = config.discover?.registryEveryMs));
    specs = discovery ? discovery.specs() : config.specs;
    retry = config.retry;
    metrics.addChecks(specs.map(spec => spec.check));
    while (reconciling) await reconciling.catch(() => {});
    await doReconcile('checks file changed');
    // Not awaited: a shutdown must not wait on the upstream answering for every org.
    void options.checksFile?.onApplied?.(config).catch(() => {});
  };

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
        if (active === 0) {
          for (const resolve of idleWaiters) resolve();
          idleWaiters = [];
        }
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
    if (error.message !== lastError && !closing) options.logEvent('redis error', {error: error.message}, 'warn');
    lastError = error.message;
  };
  worker.on('error', onBullError);
  queue.on('error', onBullError);
  redis.on('ready', () => {
    lastError = '';
  });

  let checksWatch: ChecksWatch | undefined;
  if (options.checksFile) checksWatch = await watchChecksFile({...options.checksFile, apply: applyChecks, metrics, logEvent: options.logEvent});

  return {
    metricsUrl: server.url,
    metrics,
    store,
    firstReconcile,
    reconcile: doReconcile,
    specs: () => specs,
    inFlight: () => active,
    force: () => forceController.abort(new Error('forced shutdown')),
    async shutdown(graceMs) {
      closing = true;
      const watchStopped = checksWatch?.stop();
      clearInterval(markerTimer);
      clearInterval(registryTimer);
      metrics.stop();
      discoveryAbort.abort();
      redis.off('ready', onReady);
      redis.off('close', onClose);
      const result = await shutdownWorker(
        {worker, queue, redis, server, inFlight: () => active, whenIdle, force: forceController, reconciling: () => reconciling?.catch(() => {})},
        graceMs,
      );
      redis.off('error', onError);
      await watchStopped;
      return result;
    },
  };
}
