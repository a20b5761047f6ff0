import type {Registry, Counter, Histogram} from 'prom-client';
import {COMMIT, VERSION} from '../version.js';
import {CheckSeriesRenderer} from './exposition.js';
import {ERROR_KINDS, RUN_OUTCOMES, type ErrorKind, type ResultStore, type RunOutcome} from './store.js';

/**
 * vigil's metrics. Gauges about checks are built from the Redis store (every replica
 * exports the same values; see exposition.ts); counters and the duration histogram are per
 * process (aggregate with sum(rate(...))). A failing store read never fails the scrape: it
 * sets vigil_store_up to 0 and leaves the check gauges out.
 *
 * Scrapes that arrive while a body is being built share it: 200 concurrent scrapes cost one
 * read of Redis and one render, and the render pauses between sections so runs and
 * /healthz keep being served.
 */

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'completed', 'failed'] as const;

export interface MetricsSources {
  /** `skipped`: stored entries the last read left out (default: none). */
  store: Pick<ResultStore, 'readAll'> & Partial<Pick<ResultStore, 'skipped'>>;
  queueName: string;
  queueCounts(): Promise<Record<string, number>>;
  schedulerCount(): Promise<number>;
  /** Checks of the checks file: their counters start at 0 so rates exist before the first run. Default: none. */
  checks?: readonly string[];
  /** Orgs of `discover:`: their registry read counters start at 0. Default: none. */
  registryOrgs?: readonly string[];
  /** How long a scrape waits for Redis before reporting the store down. Default: 3000. */
  timeoutMs?: number;
}

export interface VigilMetrics {
  registry: Registry;
  /** The whole /metrics body in parts (write them in order): prom-client's series, then the check gauges. */
  render(): Promise<(string | Buffer)[]>;
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

export async function createMetrics(sources: MetricsSources): Promise<VigilMetrics> {
  const client = await import('prom-client');
  const registry = new client.Registry();
  const registers = [registry];
  // process_* and nodejs_*: memory, CPU, event loop lag, GC; what an operator looks at first.
  client.collectDefaultMetrics({register: registry});

  new client.Gauge({name: 'vigil_build_info', help: 'Always 1; labels say which vigil (version, commit) and Node.js run', labelNames: ['version', 'commit', 'node_version'] as const, registers}).set(
    {version: VERSION, commit: COMMIT, node_version: process.version},
    1,
  );
  const storeUp = new client.Gauge({name: 'vigil_store_up', help: 'Whether the last read of the Redis result store succeeded (1) or not (0)', registers});
  const storeSkipped = new client.Gauge({
    name: 'vigil_store_entries_skipped',
    help: 'Stored entries the last read left out: a number that is not one, a label that breaks the rules (not exported)',
    registers,
  });
  const queueJobs = new client.Gauge({name: 'vigil_queue_jobs', help: 'Jobs in the BullMQ queue by state', labelNames: ['queue', 'state'] as const, registers});
  const queueSchedulers = new client.Gauge({name: 'vigil_queue_schedulers', help: 'Job schedulers registered in the queue', labelNames: ['queue'] as const, registers});

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
  for (const org of sources.registryOrgs ?? []) {
    for (const outcome of ['ok', 'error']) registryReads.inc({org, outcome}, 0);
    leftOut.set({org}, 0);
  }
  const started = new Set<string>();
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
  addChecks(sources.checks ?? []);

  const checkSeries = new CheckSeriesRenderer();

  // One read of Redis feeds every gauge; a failed read reports the store down.
  async function build(): Promise<(string | Buffer)[]> {
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
      await nextTurn();
      parts = await checkSeries.render(checks, nextTurn);
      storeSkipped.set(sources.store.skipped?.().length ?? 0);
    } catch {
      up = false;
    }
    storeUp.set(up ? 1 : 0);
    return [await registry.metrics(), ...parts];
  }

  let building: Promise<(string | Buffer)[]> | undefined;
  return {
    registry,
    render() {
      building ??= build().finally(() => {
        building = undefined;
      });
      return building;
    },
    runs,
    errors,
    duration,
    recordRun(check, outcome, seconds, errorKind) {
      runs.inc({check, outcome});
      duration.observe({check, outcome}, seconds);
      if (errorKind) errors.inc({check, kind: errorKind});
    },
    recordDroppedKeys(check, count) {
      droppedKeys.inc({check}, count);
    },
    recordRegistryRead(org, implemented) {
      if (implemented === 'error') {
        registryReads.inc({org, outcome: 'error'});
        return;
      }
      registryReads.inc({org, outcome: 'ok'});
      registryChecks.set({org}, implemented);
    },
    recordLeftOut(org, count) {
      leftOut.set({org}, count);
    },
    addChecks,
  };
}
