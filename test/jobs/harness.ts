import {createApiClient} from '../../src/api/client.js';
import type {CheckSpec, DiscoverConfig} from '../../src/checks/schema.js';
import {checkSpecId} from '../../src/checks/schema.js';
import type {JobRetryPolicy} from '../../jobs/reconcile.js';
import {connectRedis} from '../../src/redis/connect.js';
import {startCheckWorker, type CheckWorker, type CheckWorkerOptions} from '../../jobs/worker.js';
import type {RunLogEntry} from '../../jobs/processor.js';

export const TEST_KEY = 'test-key-0123456789';

export function spec(org: string, overrides: Partial<CheckSpec> = {}): CheckSpec {
  const check = overrides.check ?? 'takedowns.cancelled-count';
  return {id: checkSpecId(check, org), check, org, everyMs: 1000, lookbackHours: 24, warnThreshold: 3, failThreshold: 10, ...overrides};
}

export interface TestWorker extends CheckWorker {
  runs: RunLogEntry[];
  events: string[];
  /** The events logged at `warn`, as in `events`. */
  warnings: string[];
}

export async function launchWorker(options: {
  redisUrl: string;
  baseUrl: string;
  specs: CheckSpec[];
  discover?: DiscoverConfig;
  prefix?: string;
  retry?: JobRetryPolicy;
  timeoutMs?: number;
  concurrency?: number;
  lockDurationMs?: number;
  markerCheckMs?: number;
  checksFile?: CheckWorkerOptions['checksFile'];
}): Promise<TestWorker> {
  const runs: RunLogEntry[] = [];
  const events: string[] = [];
  const warnings: string[] = [];
  const redis = await connectRedis(options.redisUrl, '--redis-url');
  const client = createApiClient({baseUrl: options.baseUrl, apiKey: TEST_KEY, retries: 0, timeoutMs: 10_000});
  const worker = await startCheckWorker({
    redis,
    prefix: options.prefix ?? 'vt',
    specs: options.specs,
    ...(options.discover ? {discover: options.discover} : {}),
    client,
    concurrency: options.concurrency ?? 4,
    metricsHost: '127.0.0.1',
    metricsPort: 0,
    timeoutMs: options.timeoutMs ?? 5000,
    retry: options.retry ?? {attempts: 3, backoffMs: 100},
    // The production lock: a shorter one lets a test starved of CPU on a busy machine miss a
    // renewal, and BullMQ then runs the job again. Tests of stall recovery set their own.
    lockDurationMs: options.lockDurationMs ?? 30_000,
    markerCheckMs: options.markerCheckMs ?? 60_000,
    // What a test scrapes right after a run must show it: built on every scrape.
    metricsRefreshMs: 0,
    logRun: entry => runs.push(entry),
    ...(options.checksFile ? {checksFile: options.checksFile} : {}),
    logEvent: (message, fields, level) => {
      const line = `${message} ${JSON.stringify(fields ?? {})}`;
      events.push(line);
      if (level === 'warn') warnings.push(line);
    },
  });
  return Object.assign(worker, {runs, events, warnings});
}

export async function scrape(worker: CheckWorker): Promise<string> {
  const response = await fetch(`${worker.metricsUrl}/metrics`);
  return response.text();
}

/** The value of one series in exposition text, e.g. `vigil_check_severity{check="x",org="a"}`. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const match = /^([^{\s]+)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(m => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

