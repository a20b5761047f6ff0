import type {Job} from 'bullmq';
import type {ApiClient} from '../src/api/client.js';
import type {HealthcheckResult} from '../src/api/wire/index.js';
import {deadline} from '../src/api/deadline.js';
import {specRequestBody} from '../src/checks/request.js';
import {ApiError, ContractError, CredentialsError, UnavailableError} from '../src/errors.js';
import {exportableObserved, resultThresholds} from '../src/metrics/observed.js';
import type {ErrorKind, ResultStore, RunOutcome} from '../src/metrics/store.js';
import type {VigilMetrics} from '../src/metrics/registry.js';
import {sanitizeText} from '../src/output/sanitize.js';
import {jobSpec, type CheckJobData} from '../src/redis/queue.js';

/**
 * One scheduled run: call the upstream with a timeout, record the outcome (store, metrics,
 * one log line), and tell BullMQ whether a retry can help. A run is a read, so running it
 * twice (at-least-once delivery after a crash) is harmless.
 */

export interface RunLogEntry {
  time: Date;
  jobId: string;
  check: string;
  org: string;
  outcome: RunOutcome;
  attempt: number;
  attempts: number;
  durationMs: number;
  severity?: HealthcheckResult['severity'];
  /** What is exported of the result's observed map: its safe numeric keys (at most MAX_OBSERVED_KEYS). */
  observed?: Record<string, unknown>;
  /** Keys of the result's observed map not logged (not exported): 200,000 keys once made every run's line 3.3 MB. */
  observedNotLogged?: number;
  /** Configured, else what the result stated; absent when neither says. */
  warnThreshold?: number;
  failThreshold?: number;
  errorKind?: ErrorKind;
  error?: string;
  /** Whether BullMQ will try again. */
  willRetry?: boolean;
}

export interface ProcessorDeps {
  client: Pick<ApiClient, 'runHealthcheck'>;
  store: ResultStore;
  metrics: VigilMetrics;
  log: (entry: RunLogEntry) => void;
  timeoutMs: number;
  /** Aborted when a second signal forces shutdown: in-flight calls stop at once. */
  forceSignal: AbortSignal;
  now?: () => number;
  /** The client of an org's own key (`keys:`, src/checks/key-refs.ts) and its reference; undefined: `client`. */
  keyFor?: (org: string) => {client: Pick<ApiClient, 'runHealthcheck'>; ref: string} | undefined;
}

export interface Classified {
  kind: ErrorKind;
  retry: boolean;
  message: string;
}

export function classifyError(error: unknown, timedOut: boolean): Classified {
  const message = sanitizeText(error instanceof Error ? error.message : String(error)).slice(0, 300);
  if (timedOut) return {kind: 'timeout', retry: true, message: `no answer within the timeout (${message})`};
  if (error instanceof ApiError) {
    const detail = `HTTP ${error.status} ${sanitizeText(error.code)}: ${message}`;
    if (error.status === 429) return {kind: 'rate_limited', retry: true, message: detail};
    if (error.status >= 500) return {kind: 'server_error', retry: true, message: detail};
    if (error.status === 401 || error.status === 403) return {kind: 'auth', retry: false, message: detail};
    return {kind: 'rejected', retry: false, message: detail};
  }
  if (error instanceof CredentialsError) return {kind: 'auth', retry: false, message};
  if (error instanceof UnavailableError) return {kind: 'unavailable', retry: true, message};
  if (error instanceof ContractError) return {kind: 'contract', retry: false, message};
  return {kind: 'internal', retry: true, message};
}

export function createProcessor(deps: ProcessorDeps) {
  const now = deps.now ?? Date.now;
  // Loaded once, not awaited on every run.
  let bullmq: Promise<typeof import('bullmq')> | undefined;
  return async (job: Job<CheckJobData>): Promise<{severity: string}> => {
    const spec = jobSpec(job.data);
    const attempt = job.attemptsMade + 1;
    const attempts = job.opts.attempts ?? 1;
    const started = now();
    const timeout = deadline(deps.timeoutMs, [deps.forceSignal]);
    const base = {jobId: job.id ?? '?', check: spec.check, org: spec.org, attempt, attempts, ...thresholdsOf(spec.warnThreshold, spec.failThreshold)};
    let result: HealthcheckResult;
    const keyed = deps.keyFor?.(spec.org);
    try {
      result = await (keyed?.client ?? deps.client).runHealthcheck(spec.check, specRequestBody(spec), {signal: timeout.signal});
    } catch (error) {
      timeout.dispose();
      const finished = now();
      // A forced shutdown cut the call short: that says nothing about the check, so it is
      // logged but kept out of the stored result and the metrics; BullMQ runs the job again.
      if (deps.forceSignal.aborted) {
        const message = 'aborted by a forced shutdown';
        deps.log({...base, time: new Date(finished), outcome: 'error', durationMs: finished - started, errorKind: 'internal', error: message, willRetry: true});
        throw new Error(message);
      }
      const durationMs = finished - started;
      const classified = classifyError(error, timeout.expired);
      // Which key was refused, by its reference: one org's key, not the worker's.
      if (classified.kind === 'auth' && keyed) classified.message = `${classified.message} (key ${keyed.ref})`;
      const willRetry = classified.retry && attempt < attempts;
      deps.metrics.recordRun(spec.check, 'error', durationMs / 1000, classified.kind);
      // Recording must not turn an upstream failure into a store failure (or vice versa).
      recordInBackground(deps.store.recordError(spec.id, classified.kind, classified.message, finished, durationMs));
      deps.log({...base, time: new Date(finished), outcome: 'error', durationMs, errorKind: classified.kind, error: classified.message, willRetry});
      if (!classified.retry) {
        const {UnrecoverableError} = await (bullmq ??= import('bullmq'));
        throw new UnrecoverableError(classified.message);
      }
      throw new Error(classified.message);
    }
    timeout.dispose();
    const finished = now();
    const durationMs = finished - started;
    deps.metrics.recordRun(spec.check, result.severity, durationMs / 1000);
    const observed = exportableObserved(result.observed);
    if (observed.dropped > 0) deps.metrics.recordDroppedKeys(spec.check, observed.dropped);
    // As on the error path: a store failure must not fail (and so re-run and double-count) a
    // check that did run; vigil_store_up reports the store.
    recordInBackground(deps.store.recordSuccess(spec.id, result, finished, durationMs, observed.values));
    const stated = resultThresholds(result.threshold);
    deps.log({
      ...base,
      ...thresholdsOf(spec.warnThreshold ?? stated.warn, spec.failThreshold ?? stated.fail),
      time: new Date(finished),
      outcome: result.severity,
      durationMs,
      severity: result.severity,
      observed: observed.values,
      ...notLogged(result.observed, observed.values),
    });
    return {severity: result.severity};
  };
}

function notLogged(all: Record<string, unknown>, logged: Record<string, unknown>): {observedNotLogged?: number} {
  const left = Object.keys(all).length - Object.keys(logged).length;
  return left > 0 ? {observedNotLogged: left} : {};
}

function thresholdsOf(warn: number | undefined, fail: number | undefined): {warnThreshold?: number; failThreshold?: number} {
  const out: {warnThreshold?: number; failThreshold?: number} = {};
  if (warn !== undefined) out.warnThreshold = warn;
  if (fail !== undefined) out.failThreshold = fail;
  return out;
}

/**
 * The store write is sent, not awaited: the slot goes back to BullMQ a Redis round trip
 * sooner (at 50 ms upstream latency that is a few percent of throughput). Nothing is lost
 * by it: the store shares the worker's Redis connection, which runs commands in the order
 * they were sent, so the write lands before BullMQ's completion of the job and before the
 * QUIT that ends a shutdown.
 */
function recordInBackground(write: Promise<void>): void {
  write.catch(() => {});
}
