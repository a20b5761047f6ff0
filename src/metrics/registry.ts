import type {Registry, Counter, Histogram} from 'prom-client';
import {renderCheckSeries} from './exposition.js';
import type {ErrorKind, ResultStore, RunOutcome, StoredCheck} from './store.js';

/**
 * vigil's metrics. Gauges about checks are built at scrape time from the Redis store (every
 * replica exports the same values; see exposition.ts); counters and the duration histogram
 * are per process (aggregate with sum(rate(...))). A failing store read never fails the
 * scrape: it sets vigil_store_up to 0 and leaves the check gauges out.
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
  /** The whole /metrics body: prom-client's series plus the per-check gauges read from Redis. */
  render(): Promise<string>;
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

  // One read of Redis per scrape feeds every gauge; a failed read reports the store down.
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

  const storeUp = new client.Gauge({name: 'vigil_store_up', help: 'Whether the last read of the Redis result store succeeded (1) or not (0)', registers});
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

  return {
    registry,
    async render() {
      const snap = await load();
      storeUp.set(snap.up ? 1 : 0);
      queueJobs.reset();
      queueSchedulers.reset();
      if (snap.up) {
        for (const state of QUEUE_STATES) queueJobs.set({queue: sources.queueName, state}, snap.queue[state] ?? 0);
        queueSchedulers.set({queue: sources.queueName}, snap.schedulers);
      }
      return (await registry.metrics()) + renderCheckSeries(snap.checks);
    },
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
