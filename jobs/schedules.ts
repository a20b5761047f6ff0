import type {Queue} from 'bullmq';
import type {Redis} from 'ioredis';
import {sameSpecs} from '../src/checks/discover.js';
import {formatDuration} from '../src/checks/duration.js';
import type {CheckSpec, ChecksConfig, DiscoverConfig} from '../src/checks/schema.js';
import type {ResultStore} from '../src/metrics/store.js';
import type {VigilMetrics} from '../src/metrics/registry.js';
import type {CheckJobData} from '../src/redis/queue.js';
import {Discovery, type RegistryClient} from './discovery.js';
import {reconcile, type JobRetryPolicy, type ReconcileSummary} from './reconcile.js';
import {withReconcileLock} from './reconcile-lock.js';

/**
 * What the worker schedules, and keeping the queue's schedulers equal to it: the file's
 * entries, or with `discover:` what the registry says, reconciled one at a time (a second
 * request while one runs shares it). A check that joins the registry is scheduled after the
 * read that lists it; one that leaves is unscheduled, and reconcile drops its stored state,
 * so its series go.
 */

export type LogEvent = (message: string, fields?: Record<string, unknown>, level?: 'info' | 'warn') => void;

export interface SchedulesOptions {
  queue: Queue<CheckJobData>;
  /** The connection the reconcile lock is taken on. */
  redis: Redis;
  store: ResultStore;
  metrics: Pick<VigilMetrics, 'addChecks' | 'recordRegistryRead' | 'recordLeftOut'>;
  /** The `checks:` entries of the file. */
  specs: readonly CheckSpec[];
  discover?: DiscoverConfig;
  client: RegistryClient;
  /** Upper bound of one registry read. */
  timeoutMs: number;
  retry: JobRetryPolicy;
  logEvent: LogEvent;
  /** True once the worker shuts down: nothing new starts. */
  closing(): boolean;
}

export interface Schedules {
  /** What is scheduled now. */
  specs(): readonly CheckSpec[];
  /** With `discover:`, the first registry read; then the first reconcile. */
  start(): Promise<ReconcileSummary>;
  /** Reconciles now, or joins the reconcile under way. Rejects once closing. */
  reconcile(reason: string): Promise<ReconcileSummary>;
  /** The reconcile under way, if any. */
  reconciling(): Promise<ReconcileSummary> | undefined;
  /** With `discover:`: reads the registry and reconciles when it changed (or the last reconcile failed). */
  readRegistry(): Promise<void>;
  /**
   * A changed checks file: the same path as a registry change, behind the same lock, so of
   * replicas watching one file the first rebuilds and the others find nothing to do.
   */
  apply(config: ChecksConfig): Promise<void>;
  /** Stops the registry's timer and a read in flight. */
  stop(): void;
}

export function createSchedules(given: SchedulesOptions): Schedules {
  // Not kept in `options`: the start-up specs, which a changed file or registry replaces.
  const {specs: startSpecs, ...options} = given;
  let specs = startSpecs;
  let retry = options.retry;
  let reconciling: Promise<ReconcileSummary> | undefined;
  const abort = new AbortController();
  const newDiscovery = (config: DiscoverConfig, explicit: readonly CheckSpec[]) =>
    new Discovery({config, explicit, client: options.client, timeoutMs: options.timeoutMs, metrics: options.metrics, logEvent: options.logEvent, signal: abort.signal});
  let discovery = options.discover ? newDiscovery(options.discover, startSpecs) : undefined;

  const doReconcile = (reason: string): Promise<ReconcileSummary> => {
    if (options.closing()) return Promise.reject(new Error('the worker is shutting down'));
    // One replica rebuilds under a lock in Redis; the others wait, then find nothing to do.
    reconciling ??= withReconcileLock(options.redis, options.store.keys.reconcileLock, () => reconcile(options.queue, options.store, specs, retry), options.closing)
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

  let reading = false;
  // A reconcile that failed is tried again at the next read, changed or not.
  let unreconciled = false;
  const readRegistry = async () => {
    const reader = discovery;
    if (!reader || reading || options.closing()) return;
    reading = true;
    try {
      await reader.refresh();
      const next = reader.specs();
      // A changed checks file replaced the discovery meanwhile: its own apply reconciles.
      if (options.closing() || reader !== discovery || (sameSpecs(specs, next) && !unreconciled)) return;
      specs = next;
      options.metrics.addChecks(specs.map(spec => spec.check));
      unreconciled = true;
      await doReconcile('registry changed');
      unreconciled = false;
    } catch (error) {
      if (!options.closing()) options.logEvent('reconcile failed; will retry', {reason: 'registry changed', error: error instanceof Error ? error.message : String(error)}, 'warn');
    } finally {
      reading = false;
    }
  };

  let registryTimer: NodeJS.Timeout | undefined;
  let registryEveryMs: number | undefined;
  const startRegistryTimer = (everyMs: number | undefined) => {
    if (everyMs === registryEveryMs && (registryTimer !== undefined || everyMs === undefined)) return;
    clearInterval(registryTimer);
    registryEveryMs = everyMs;
    registryTimer = everyMs === undefined ? undefined : setInterval(() => void readRegistry(), everyMs);
    registryTimer?.unref();
  };

  const apply = async (config: ChecksConfig) => {
    if (config.timeoutMs !== options.timeoutMs) options.logEvent('the checks file changes timeout:, which applies at the next start', {running: formatDuration(options.timeoutMs), file: formatDuration(config.timeoutMs)}, 'warn');
    if (config.discover) {
      if (discovery) discovery.reconfigure(config.discover, config.specs);
      else (discovery = newDiscovery(config.discover, config.specs)).seed(await options.store.configuredSpecs());
      await discovery.refresh();
    } else discovery = undefined;
    startRegistryTimer(config.discover?.registryEveryMs);
    specs = discovery ? discovery.specs() : config.specs;
    retry = config.retry;
    options.metrics.addChecks(specs.map(spec => spec.check));
    while (reconciling) await reconciling.catch(() => {});
    await doReconcile('checks file changed');
  };

  return {
    specs: () => specs,
    async start() {
      if (discovery) {
        discovery.seed(await options.store.configuredSpecs());
        await discovery.refresh();
        specs = discovery.specs();
        options.metrics.addChecks(specs.map(spec => spec.check));
      }
      const summary = await doReconcile('start');
      startRegistryTimer(options.discover?.registryEveryMs);
      return summary;
    },
    reconcile: doReconcile,
    reconciling: () => reconciling,
    readRegistry,
    apply,
    stop() {
      clearInterval(registryTimer);
      abort.abort();
    },
  };
}
