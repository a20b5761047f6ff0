import type {Registry, Counter, Histogram} from 'prom-client';
import {promisify} from 'node:util';
import {gzip} from 'node:zlib';
import {COMMIT, VERSION} from '../version.js';
import {CheckSeriesRenderer} from './exposition.js';
import {KeptReady} from './kept-ready.js';
import {maintenanceGauge, type Holds} from '../maintenance/metrics.js';
import {ERROR_KINDS, RUN_OUTCOMES, type ErrorKind, type ResultStore, type RunOutcome} from './store.js';

/**
 * vigil's metrics, in two parts a scrape can ask for separately (docs/checker.md, "Scraping
 * replicas"):
 * - this process's: prom-client's process and Node.js defaults, the build, the runs this
 *   process finished (counters and the duration histogram: aggregate with sum(rate(...))),
 *   its registry reads. `/metrics/process`.
 * - the shared state, the same on every replica: the queue, the result store and every
 *   (check, org) pair's gauges, read from Redis (see exposition.ts). `/metrics/checks`.
 *   A failing store read never fails the scrape: vigil_store_up says 0 and the check gauges
 *   are left out. While asked for, this part is kept built (kept-ready.ts): a scrape writes
 *   what is ready instead of reading Redis and rendering 100,000 pairs on the event loop
 *   the runs use.
 * `/metrics` serves both, built when scraped, for one replica; with several, or many pairs,
 * scrape `/metrics/process` on each and `/metrics/checks` once (deploy/prometheus/prometheus.yml),
 * or Prometheus ingests every pair's series once per replica.
 */

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'completed', 'failed'] as const;

export interface MetricsSources {
  /** `skipped`: stored entries the last read left out; `appUrlsDropped`: links not stored or not believed (default: none). */
  store: Pick<ResultStore, 'readAll'> & Partial<Pick<ResultStore, 'skipped' | 'appUrlsDropped'>>;
  queueName: string;
  queueCounts(): Promise<Record<string, number>>;
  schedulerCount(): Promise<number>;
  /** Checks of the checks file: their counters start at 0 so rates exist before the first run. Default: none. */
  checks?: readonly string[];
  /** Orgs of `discover:`: their registry read counters start at 0. Default: none. */
  registryOrgs?: readonly string[];
  /** How long a scrape waits for Redis before reporting the store down. Default: 3000. */
  timeoutMs?: number;
  /** How often the shared part is rebuilt while asked for; 0: on every ask. Default: REFRESH_MS. */
  refreshMs?: number;
  /** The maintenance windows and dependsOn (src/maintenance/): what holds alerts now is exported in the shared part. Default: none. */
  maintenance?: () => Promise<Holds>;
}

/** What a scrape asks for: everything, this process's part, or the shared part. */
export type MetricsView = 'all' | 'process' | 'checks';

/** A body as gzip members (concatenated, one valid gzip stream), or plain parts. */
export type MetricsBody = (string | Buffer)[] | {gzip: readonly Buffer[]};

/** The shared part is rebuilt at the pace it is scraped, but never more often than this. */
export const REFRESH_MS = 10_000;
/** Unasked this long, the shared part stops being rebuilt (a replica not scraped for it). */
export const IDLE_MS = 5 * 60_000;

export interface VigilMetrics {
  /** This process's metrics (prom-client). */
  registry: Registry;
  /** The whole /metrics body in parts (write them in order): this process's series, then the shared ones. */
  render(): Promise<(string | Buffer)[]>;
  /** One view, gzipped when the scraper accepts it. */
  body(view: MetricsView, gzip: boolean): Promise<MetricsBody>;
  /** Stops rebuilding the shared part (shutdown). */
  stop(): void;
  runs: Counter<'check' | 'outcome'>;
  errors: Counter<'check' | 'kind'>;
  duration: Histogram<'check' | 'outcome'>;
  recordRun(check: string, outcome: RunOutcome, seconds: number, errorKind?: ErrorKind): void;
  /** Observed keys of a result not exported for their shape (see observed.ts). */
  recordDroppedKeys(check: string, count: number): void;
  /** One read of the healthcheck registry for an org: its implemented checks, or an error. */
  recordRegistryRead(org: string, implemented: number | 'error'): void;
  /** Implemented checks of an org's last registry read beyond discover.maxChecks: not scheduled. */
  recordLeftOut(org: string, count: number): void;
  /** Starts the per-check counters of checks that joined at 0, so rates exist before their first run. */
  addChecks(checks: readonly string[]): void;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      value => (clearTimeout(timer), resolve(value)),
      error => (clearTimeout(timer), reject(error)),
    );
  });
}

const nextTurn = () => new Promise<void>(resolve => setImmediate(resolve));
const gzipAsync = promisify(gzip);
type PromClient = typeof import('prom-client');

/** Counters and the histogram of the runs this process finished, by check. */
function runMetrics(client: PromClient, registers: Registry[]) {
  const runs = new client.Counter({
    name: 'vigil_check_runs_total',
    help: 'Runs finished by this process, by outcome (ok, warn, fail, error)',
    labelNames: ['check', 'outcome'] as const,
    registers,
  });
  const errors = new client.Counter({
    name: 'vigil_check_errors_total',
    help: 'Runs of this process that errored, by kind',
    labelNames: ['check', 'kind'] as const,
    registers,
  });
  const duration = new client.Histogram({
    name: 'vigil_check_run_duration_seconds',
    help: 'Duration of one run (one upstream call) in this process',
    labelNames: ['check', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const droppedKeys = new client.Counter({
    name: 'vigil_check_observed_keys_dropped_total',
    help: 'Observed keys of results not exported: not letters, digits, "_", ".", "-", or holding the API key',
    labelNames: ['check'] as const,
    registers,
  });
  const started = new Set<string>();
  /** Counters of checks that joined start at 0, so rates exist before their first run. */
  const addChecks = (checks: readonly string[]) => {
    for (const check of checks) {
      if (started.has(check)) continue;
      started.add(check);
      for (const outcome of RUN_OUTCOMES) {
        runs.inc({check, outcome}, 0);
        duration.zero({check, outcome});
      }
      for (const kind of ERROR_KINDS) errors.inc({check, kind}, 0);
      droppedKeys.inc({check}, 0);
    }
  };
  return {
    runs,
    errors,
    duration,
    addChecks,
    recordRun(check: string, outcome: RunOutcome, seconds: number, errorKind?: ErrorKind) {
      runs.inc({check, outcome});
      duration.observe({check, outcome}, seconds);
      if (errorKind) errors.inc({check, kind: errorKind});
    },
    recordDroppedKeys(check: string, count: number) {
      droppedKeys.inc({check}, count);
    },
  };
}

/** Reads of the healthcheck registry by this process, for `discover:` orgs. */
function discoveryMetrics(client: PromClient, registers: Registry[], orgs: readonly string[]) {
  const registryReads = new client.Counter({
    name: 'vigil_registry_reads_total',
    help: 'Reads of the healthcheck registry for discover: orgs, by outcome (ok, error)',
    labelNames: ['org', 'outcome'] as const,
    registers,
  });
  const registryChecks = new client.Gauge({
    name: 'vigil_registry_checks',
    help: 'Implemented checks the last successful registry read listed for the org (before exclude)',
    labelNames: ['org'] as const,
    registers,
  });
  const leftOut = new client.Gauge({
    name: 'vigil_registry_checks_left_out',
    help: 'Implemented checks of the last successful registry read not scheduled: beyond discover.maxChecks',
    labelNames: ['org'] as const,
    registers,
  });
  for (const org of orgs) {
    for (const outcome of ['ok', 'error']) registryReads.inc({org, outcome}, 0);
    leftOut.set({org}, 0);
  }
  return {
    recordRegistryRead(org: string, implemented: number | 'error') {
      if (implemented === 'error') {
        registryReads.inc({org, outcome: 'error'});
        return;
      }
      registryReads.inc({org, outcome: 'ok'});
      registryChecks.set({org}, implemented);
    },
    recordLeftOut(org: string, count: number) {
      leftOut.set({org}, count);
    },
  };
}

/** Results' appUrls this process dropped (src/metrics/app-url.ts), from the store's own count, read at scrape time. */
function appUrlDrops(client: PromClient, registers: Registry[], store: MetricsSources['store']) {
  const exported = {write: 0, read: 0};
  const counter = new client.Counter({
    name: 'vigil_check_app_url_dropped_total',
    help: 'Result appUrls dropped by this process for not being an http(s) URL of at most 2 KiB: not stored (stage="write") or stored and not believed (stage="read")',
    labelNames: ['stage'] as const,
    registers,
    collect() {
      const drops = store.appUrlsDropped?.();
      if (!drops) return;
      for (const stage of ['write', 'read'] as const) {
        if (drops[stage] > exported[stage]) counter.inc({stage}, drops[stage] - exported[stage]);
        exported[stage] = drops[stage];
      }
    },
  });
  for (const stage of ['write', 'read']) counter.inc({stage}, 0);
}

/** This process's registry: defaults, build, runs, registry reads. */
function processMetrics(client: PromClient, sources: MetricsSources) {
  const registry = new client.Registry();
  const registers = [registry];
  // process_* and nodejs_*: memory, CPU, event loop lag, GC; what an operator looks at first.
  client.collectDefaultMetrics({register: registry});
  new client.Gauge({name: 'vigil_build_info', help: 'Always 1; labels say which vigil (version, commit) and Node.js run', labelNames: ['version', 'commit', 'node_version'] as const, registers}).set(
    {version: VERSION, commit: COMMIT, node_version: process.version},
    1,
  );
  const run = runMetrics(client, registers);
  run.addChecks(sources.checks ?? []);
  appUrlDrops(client, registers, sources.store);
  return {registry, ...run, ...discoveryMetrics(client, registers, sources.registryOrgs ?? [])};
}

/**
 * The shared part as one build: one read of Redis (store, queue) feeds every gauge, a failed
 * read reports the store down. The check gauges are rendered by exposition.ts, which redoes
 * only what changed since the last build.
 */
function sharedBuilder(client: PromClient, sources: MetricsSources): () => Promise<Buffer[]> {
  const registry = new client.Registry();
  const registers = [registry];
  const storeUp = new client.Gauge({name: 'vigil_store_up', help: 'Whether the last read of the Redis result store succeeded (1) or not (0)', registers});
  const storeSkipped = new client.Gauge({
    name: 'vigil_store_entries_skipped',
    help: 'Stored entries the last read left out: a number that is not one, a label that breaks the rules (not exported)',
    registers,
  });
  const queueJobs = new client.Gauge({name: 'vigil_queue_jobs', help: 'Jobs in the BullMQ queue by state', labelNames: ['queue', 'state'] as const, registers});
  const queueSchedulers = new client.Gauge({name: 'vigil_queue_schedulers', help: 'Job schedulers registered in the queue', labelNames: ['queue'] as const, registers});
  const checkSeries = new CheckSeriesRenderer();
  const updateMaintenance = maintenanceGauge(client, registers, sources.maintenance);
  return async () => {
    let up = true;
    let parts: Buffer[] = [];
    queueJobs.reset();
    queueSchedulers.reset();
    try {
      const [checks, queue, schedulers] = await withTimeout(
        Promise.all([sources.store.readAll(), sources.queueCounts(), sources.schedulerCount()]),
        sources.timeoutMs ?? 3000,
      );
      for (const state of QUEUE_STATES) queueJobs.set({queue: sources.queueName, state}, queue[state] ?? 0);
      queueSchedulers.set({queue: sources.queueName}, schedulers);
      await updateMaintenance(checks);
      await nextTurn();
      parts = await checkSeries.render(checks, nextTurn);
      storeSkipped.set(sources.store.skipped?.().length ?? 0);
    } catch {
      up = false;
    }
    storeUp.set(up ? 1 : 0);
    return [Buffer.from(await registry.metrics()), ...parts];
  };
}

export async function createMetrics(sources: MetricsSources): Promise<VigilMetrics> {
  const client = await import('prom-client');
  const own = processMetrics(client, sources);
  const shared = new KeptReady(sharedBuilder(client, sources), {refreshMs: sources.refreshMs ?? REFRESH_MS, idleMs: IDLE_MS});

  // Scrapes that arrive together share one render of this process's part too.
  let rendering: Promise<string> | undefined;
  const ownText = () =>
    (rendering ??= own.registry.metrics().finally(() => {
      rendering = undefined;
    }));
  // `/metrics` (both parts, one worker) is built when scraped, as fresh as the scrape;
  // `/metrics/checks` is the part kept built.
  const plain = async (view: MetricsView): Promise<(string | Buffer)[]> => {
    if (view === 'process') return [await ownText()];
    // The shared part first when both: its build may wait on Redis, this process's text must not be older than it.
    if (view === 'checks') return [...(await shared.plain())];
    const rest = await shared.fresh(false);
    return [await ownText(), ...rest];
  };
  return {
    registry: own.registry,
    render: () => plain('all'),
    async body(view, gzipped) {
      if (!gzipped) return plain(view);
      if (view === 'process') return {gzip: [await gzipAsync(await ownText())]};
      if (view === 'checks') return {gzip: await shared.gzip()};
      const members = await shared.fresh(true);
      return {gzip: [await gzipAsync(await ownText()), ...members]};
    },
    stop: () => shared.stop(),
    runs: own.runs,
    errors: own.errors,
    duration: own.duration,
    recordRun: own.recordRun,
    recordDroppedKeys: own.recordDroppedKeys,
    recordRegistryRead: own.recordRegistryRead,
    recordLeftOut: own.recordLeftOut,
    addChecks: own.addChecks,
  };
}
