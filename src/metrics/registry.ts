import type {Registry, Counter, Histogram} from 'prom-client';
import {SEVERITY_RANK} from '../api/wire/index.js';
import type {ErrorKind, ResultStore, RunOutcome, StoredCheck} from './store.js';

/**
 * vigil's Prometheus registry. Gauges about checks are built at scrape time from the Redis
 * store (every replica exports the same values); counters and the duration histogram are
 * per process (aggregate with sum(rate(...))). A failing store read never fails the scrape:
 * it sets vigil_store_up to 0 and leaves the check gauges empty.
 */

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'completed', 'failed'] as const;

export interface MetricsSources {
  store: ResultStore;
  queueName: string;
  queueCounts(): Promise<Record<string, number>>;
  schedulerCount(): Promise<number>;
  /** How long a scrape waits for Redis before reporting the store down. */
  timeoutMs?: number;
}

export interface VigilMetrics {
  registry: Registry;
  runs: Counter<'check' | 'outcome'>;
  errors: Counter<'check' | 'kind'>;
  duration: Histogram<'check' | 'outcome'>;
  recordRun(check: string, outcome: RunOutcome, seconds: number, errorKind?: ErrorKind): void;
}

interface Snapshot {
  up: boolean;
  checks: StoredCheck[];
  queue: Record<string, number>;
  schedulers: number;
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

export async function createMetrics(sources: MetricsSources): Promise<VigilMetrics> {
  const client = await import('prom-client');
  const registry = new client.Registry();
  const registers = [registry];

  // All gauges of one scrape share one read of Redis (prom-client calls each collect in turn).
  let cached: {at: number; promise: Promise<Snapshot>} | undefined;
  const snapshot = (): Promise<Snapshot> => {
    const now = Date.now();
    if (!cached || now - cached.at > 1000) cached = {at: now, promise: load()};
    return cached.promise;
  };
  async function load(): Promise<Snapshot> {
    try {
      const [checks, queue, schedulers] = await withTimeout(
        Promise.all([sources.store.readAll(), sources.queueCounts(), sources.schedulerCount()]),
        sources.timeoutMs ?? 3000,
      );
      return {up: true, checks, queue, schedulers};
    } catch {
      return {up: false, checks: [], queue: {}, schedulers: 0};
    }
  }

  type Fill = (snap: Snapshot, set: (labels: Record<string, string>, value: number) => void) => void;
  const gauge = (name: string, help: string, labelNames: string[], fill: Fill) =>
    new client.Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        this.reset();
        const snap = await snapshot();
        fill(snap, (labels, value) => this.set(labels, value));
      },
    });
  const perCheck = (name: string, help: string, value: (item: StoredCheck) => number | undefined) =>
    gauge(name, help, ['check', 'org'], (snap, set) => {
      for (const item of snap.checks) {
        const v = value(item);
        if (v !== undefined) set({check: item.spec.check, org: item.spec.org}, v);
      }
    });

  gauge('vigil_store_up', 'Whether the last read of the Redis result store succeeded (1) or not (0)', [], (snap, set) => set({}, snap.up ? 1 : 0));
  perCheck('vigil_check_severity', 'Severity of the last successful run: 0 ok, 1 warn, 2 fail', item =>
    item.success ? SEVERITY_RANK[item.success.severity] : undefined,
  );
  perCheck('vigil_check_ok', 'Whether the last successful run graded ok (1) or not (0)', item =>
    item.success ? (item.success.ok ? 1 : 0) : undefined,
  );
  gauge('vigil_check_observed', 'Numeric values the last successful run observed, by key (e.g. the cancelled count)', ['check', 'org', 'key'], (snap, set) => {
    for (const item of snap.checks) {
      for (const [key, value] of Object.entries(item.success?.observed ?? {})) set({check: item.spec.check, org: item.spec.org, key}, value);
    }
  });
  perCheck('vigil_check_warn_threshold', 'Configured warn threshold of the check', item => item.spec.warnThreshold);
  perCheck('vigil_check_fail_threshold', 'Configured fail threshold of the check', item => item.spec.failThreshold);
  perCheck('vigil_check_lookback_seconds', 'Configured lookback window of the check', item => item.spec.lookbackHours * 3600);
  perCheck('vigil_check_interval_seconds', 'Configured interval between scheduled runs', item => item.spec.everyMs / 1000);
  perCheck('vigil_check_last_run_timestamp_seconds', 'When the last run finished, whatever its outcome', item =>
    item.run ? item.run.at / 1000 : undefined,
  );
  perCheck('vigil_check_last_success_timestamp_seconds', 'When the last run that got a result finished', item =>
    item.success ? item.success.at / 1000 : undefined,
  );
  perCheck('vigil_check_last_run_error', 'Whether the last run errored (1) instead of getting a result (0)', item =>
    item.run ? (item.run.outcome === 'error' ? 1 : 0) : undefined,
  );
  gauge('vigil_queue_jobs', 'Jobs in the BullMQ queue by state', ['queue', 'state'], (snap, set) => {
    if (!snap.up) return;
    for (const state of QUEUE_STATES) set({queue: sources.queueName, state}, snap.queue[state] ?? 0);
  });
  gauge('vigil_queue_schedulers', 'Job schedulers registered in the queue', ['queue'], (snap, set) => {
    if (snap.up) set({queue: sources.queueName}, snap.schedulers);
  });

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

  return {
    registry,
    runs,
    errors,
    duration,
    recordRun(check, outcome, seconds, errorKind) {
      runs.inc({check, outcome});
      duration.observe({check, outcome}, seconds);
      if (errorKind) errors.inc({check, kind: errorKind});
    },
  };
}
