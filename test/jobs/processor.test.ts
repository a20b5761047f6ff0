import {UnrecoverableError, type Job} from 'bullmq';
import {formatRunLine} from '../../src/cmd/worker/log.js';
import {describe, expect, it} from 'vitest';
import type {HealthcheckResult} from '../../src/api/wire/index.js';
import {createProcessor, type RunLogEntry} from '../../jobs/processor.js';
import type {CheckJobData} from '../../src/redis/queue.js';
import {ApiError, ContractError, CredentialsError, UnavailableError} from '../../src/errors.js';
import type {VigilMetrics} from '../../src/metrics/registry.js';
import type {ResultStore} from '../../src/metrics/store.js';
import {rejectionOf} from '../helpers/thrown.js';

/*
 * One scheduled run, in process: the processor with a fake upstream, store, metrics and
 * clock. What BullMQ is told (return, retryable error, UnrecoverableError) decides whether
 * the run is retried; what is recorded is what /metrics and `schedules list` show.
 */

/** A job as an older vigil scheduled it (the whole spec); the runs of both shapes are the same (see 'a job without id'). */
type SpecJobData = CheckJobData & {id: string; everyMs: number; discovered?: true};

const SPEC: SpecJobData = {id: 'takedowns.cancelled-count@acme', check: 'takedowns.cancelled-count', org: 'acme', everyMs: 60_000, lookbackHours: 24, warnThreshold: 3, failThreshold: 10};

const RESULT = {severity: 'warn', observed: {cancelledCount: 4}} as unknown as HealthcheckResult;

function job(attemptsMade = 0, attempts = 3, data: CheckJobData = SPEC): Job<CheckJobData> {
  return {id: 'job-1', data, attemptsMade, opts: {attempts}} as unknown as Job<CheckJobData>;
}

function apiError(status: number, code = 'X'): ApiError {
  return new ApiError({status, code, message: `status ${status}`, issues: []});
}

/** A processor whose upstream does `call`; every side effect is recorded. */
function harness(call: (signal: AbortSignal) => Promise<HealthcheckResult>, options: {timeoutMs?: number; storeFails?: boolean; storeHangs?: boolean} = {}) {
  const calls: {check: string; body: unknown}[] = [];
  const runs: unknown[][] = [];
  const stored: unknown[][] = [];
  const logs: RunLogEntry[] = [];
  const force = new AbortController();
  let clock = 1_000_000;
  const store = {
    async recordSuccess(...args: unknown[]) {
      stored.push(['success', ...args]);
      if (options.storeHangs) await new Promise(() => {});
      if (options.storeFails) throw new Error('redis down');
    },
    async recordError(...args: unknown[]) {
      stored.push(['error', ...args]);
      if (options.storeHangs) await new Promise(() => {});
      if (options.storeFails) throw new Error('redis down');
    },
  } as unknown as ResultStore;
  const dropped: unknown[][] = [];
  const metrics = {recordRun: (...args: unknown[]) => runs.push(args), recordDroppedKeys: (...args: unknown[]) => dropped.push(args)} as unknown as VigilMetrics;
  const processor = createProcessor({
    client: {
      runHealthcheck: async (check, body, opts) => {
        calls.push({check, body});
        const result = await call(opts!.signal!);
        clock += 250;
        return result;
      },
    },
    store,
    metrics,
    log: entry => logs.push(entry),
    timeoutMs: options.timeoutMs ?? 5_000,
    forceSignal: force.signal,
    now: () => clock,
  });
  return {processor, calls, runs, stored, logs, force, dropped};
}

/** An upstream call that fails with `error`. */
const failing = (error: unknown) => async () => {
  throw error;
};

/** An upstream that never answers: the call ends only when its signal aborts. */
const hanging = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason));
  });

describe('a scheduled run', () => {
  it('a job without id (what reconcile schedules) sends and stores as the whole spec did', async () => {
    const h = harness(async () => RESULT);
    const {check, org, lookbackHours, warnThreshold, failThreshold} = SPEC;
    await h.processor(job(0, 3, {check, org, lookbackHours, warnThreshold, failThreshold}));
    expect(h.calls).toEqual([{check: 'takedowns.cancelled-count', body: {slug: 'acme', lookbackHours: 24, warnThreshold: 3, failThreshold: 10}}]);
    expect(h.stored).toEqual([['success', 'takedowns.cancelled-count@acme', RESULT, 1_000_250, 250, {cancelledCount: 4}]]);
  });

  it('sends the spec as the request body and records a result everywhere it is shown', async () => {
    const h = harness(async () => RESULT);
    await expect(h.processor(job())).resolves.toEqual({severity: 'warn'});
    expect(h.calls).toEqual([{check: 'takedowns.cancelled-count', body: {slug: 'acme', lookbackHours: 24, warnThreshold: 3, failThreshold: 10}}]);
    expect(h.runs).toEqual([['takedowns.cancelled-count', 'warn', 0.25]]);
    expect(h.stored).toEqual([['success', SPEC.id, RESULT, 1_000_250, 250, {cancelledCount: 4}]]);
    expect(h.logs).toEqual([
      {
        time: new Date(1_000_250),
        jobId: 'job-1',
        check: 'takedowns.cancelled-count',
        org: 'acme',
        attempt: 1,
        attempts: 3,
        warnThreshold: 3,
        failThreshold: 10,
        outcome: 'warn',
        durationMs: 250,
        severity: 'warn',
        observed: {cancelledCount: 4},
      },
    ]);
  });

  it('sends a discovered check only the slug and its params; thresholds the result states are logged', async () => {
    const spec: SpecJobData = {id: 'reviewing.backlog@acme', check: 'reviewing.backlog', org: 'acme', everyMs: 60_000, params: {maxAgeDays: 7, strict: true}, discovered: true};
    const result = {severity: 'fail', observed: {pendingCount: 40}, threshold: {warnThreshold: 10, failThreshold: 25}} as unknown as HealthcheckResult;
    const h = harness(async () => result);
    await expect(h.processor(job(0, 3, spec))).resolves.toEqual({severity: 'fail'});
    expect(h.calls).toEqual([{check: 'reviewing.backlog', body: {slug: 'acme', maxAgeDays: 7, strict: true}}]);
    expect(h.logs[0]).toMatchObject({check: 'reviewing.backlog', warnThreshold: 10, failThreshold: 25, outcome: 'fail'});
  });

  it('stores no observed key of chat markup, and counts each one dropped', async () => {
    const result = {severity: 'fail', observed: {'<!channel> <https://evil.example/login|Open runbook>': 3, '[click](https://evil.example)': 4, cancelledCount: 12}} as unknown as HealthcheckResult;
    const h = harness(async () => result);
    await h.processor(job());
    expect(h.stored[0]![5]).toEqual({cancelledCount: 12});
    expect(h.dropped).toEqual([['takedowns.cancelled-count', 2]]);
    const clean = harness(async () => RESULT);
    await clean.processor(job());
    expect(clean.dropped).toEqual([]);
  });

  it('logs what is exported of 200,000 observed keys, with a count of the rest, as a line of a few hundred bytes', async () => {
    const observed: Record<string, unknown> = {cancelledCount: 12};
    for (let i = 0; i < 200_000; i++) observed[`k${i}`] = `value-${i}`;
    const h = harness(async () => ({severity: 'fail', observed}) as unknown as HealthcheckResult);
    await h.processor(job());
    expect(h.logs[0]!.observed).toEqual({cancelledCount: 12});
    expect(h.logs[0]!.observedNotLogged).toBe(200_000);
    const line = formatRunLine(h.logs[0]!, {json: true, color: false});
    expect(line.length).toBeLessThan(600);
    expect(JSON.parse(line)).toMatchObject({observed: {cancelledCount: 12}, observedNotLogged: 200_000});
    expect(formatRunLine(h.logs[0]!, {json: false, color: false})).toContain('cancelledCount=12  (+200000 observed keys not logged)');
  });

  it('still succeeds when the store cannot be written (the run did happen; no re-run, no double count)', async () => {
    const h = harness(async () => RESULT, {storeFails: true});
    await expect(h.processor(job())).resolves.toEqual({severity: 'warn'});
    expect(h.runs).toHaveLength(1);
  });

  it('hands the slot back without waiting for the store write, once the write is sent', async () => {
    // The write shares BullMQ's connection, so sent-before-returning means stored-before-completed.
    const h = harness(async () => RESULT, {storeHangs: true});
    await expect(h.processor(job())).resolves.toEqual({severity: 'warn'});
    expect(h.stored).toEqual([['success', SPEC.id, RESULT, 1_000_250, 250, {cancelledCount: 4}]]);
    const failed = harness(failing(apiError(503)), {storeHangs: true});
    await expect(failed.processor(job())).rejects.toThrow('HTTP 503');
    expect(failed.stored).toHaveLength(1);
  });

  it('a job without retry options counts as one attempt of one', async () => {
    const h = harness(async () => RESULT);
    await h.processor({id: undefined, data: SPEC, attemptsMade: 0, opts: {}} as unknown as Job<CheckJobData>);
    expect(h.logs[0]).toMatchObject({jobId: '?', attempt: 1, attempts: 1});
  });
});

describe('a failed run: what kind, and whether BullMQ retries it', () => {
  const cases: {name: string; error: () => unknown; kind: string; retry: boolean; message: string}[] = [
    {name: 'HTTP 500', error: () => apiError(500, 'INTERNAL'), kind: 'server_error', retry: true, message: 'HTTP 500 INTERNAL: status 500'},
    {name: 'HTTP 503', error: () => apiError(503), kind: 'server_error', retry: true, message: 'HTTP 503 X: status 503'},
    {name: 'HTTP 429', error: () => apiError(429, 'TOO_MANY_REQUESTS'), kind: 'rate_limited', retry: true, message: 'HTTP 429 TOO_MANY_REQUESTS: status 429'},
    {name: 'HTTP 401', error: () => apiError(401), kind: 'auth', retry: false, message: 'HTTP 401 X: status 401'},
    {name: 'HTTP 403', error: () => apiError(403), kind: 'auth', retry: false, message: 'HTTP 403 X: status 403'},
    {name: 'HTTP 404', error: () => apiError(404), kind: 'rejected', retry: false, message: 'HTTP 404 X: status 404'},
    {name: 'HTTP 499', error: () => apiError(499), kind: 'rejected', retry: false, message: 'HTTP 499 X: status 499'},
    {name: 'no key', error: () => new CredentialsError('no API key'), kind: 'auth', retry: false, message: 'no API key'},
    {name: 'unreachable', error: () => new UnavailableError('connection refused'), kind: 'unavailable', retry: true, message: 'connection refused'},
    {name: 'contract', error: () => new ContractError('the healthcheck answer', ['severity: missing']), kind: 'contract', retry: false, message: ''},
    {name: 'a bug', error: () => new TypeError('x is undefined'), kind: 'internal', retry: true, message: 'x is undefined'},
    {name: 'a thrown string', error: () => 'odd', kind: 'internal', retry: true, message: 'odd'},
  ];

  for (const c of cases) {
    it(`${c.name}: ${c.kind}, ${c.retry ? 'retried' : 'not retried'}`, async () => {
      const h = harness(failing(c.error()));
      const thrown = await rejectionOf(h.processor(job(0, 3)));
      expect(thrown instanceof UnrecoverableError).toBe(!c.retry);
      expect(h.runs).toEqual([['takedowns.cancelled-count', 'error', 0, c.kind]]);
      expect(h.stored).toHaveLength(1);
      expect(h.stored[0]!.slice(0, 3)).toEqual(['error', SPEC.id, c.kind]);
      expect(h.logs).toHaveLength(1);
      expect(h.logs[0]).toMatchObject({outcome: 'error', errorKind: c.kind, willRetry: c.retry, attempt: 1, attempts: 3});
      if (c.message) {
        expect(thrown.message).toBe(c.message);
        expect(h.logs[0]!.error).toBe(c.message);
      }
    });
  }

  it('the last attempt of a retryable failure says no retry will follow', async () => {
    const h = harness(failing(apiError(500)));
    const thrown = await rejectionOf(h.processor(job(2, 3)));
    expect(thrown).not.toBeInstanceOf(UnrecoverableError);
    expect(h.logs[0]).toMatchObject({attempt: 3, attempts: 3, willRetry: false});
  });

  it('an upstream that does not answer within the timeout is a retryable timeout', async () => {
    const h = harness(hanging, {timeoutMs: 30});
    const thrown = await rejectionOf(h.processor(job()));
    expect(thrown).not.toBeInstanceOf(UnrecoverableError);
    expect(thrown.message).toMatch(/^no answer within the timeout \(/);
    expect(h.logs[0]).toMatchObject({errorKind: 'timeout', willRetry: true});
  });

  it('an upstream error message is stripped of terminal controls and cut to 300 characters', async () => {
    const h = harness(failing(new UnavailableError(`\u001b]52;c;ZXZpbA==\u0007boom ${'x'.repeat(400)}`)));
    const thrown = await rejectionOf(h.processor(job()));
    expect(thrown.message).not.toMatch(/\u001b|\u0007/);
    expect(thrown.message.startsWith('boom x')).toBe(true);
    expect(thrown.message).toHaveLength(300);
  });

  it('a store that cannot be written does not change what BullMQ is told', async () => {
    const h = harness(failing(apiError(403)), {storeFails: true});
    expect(await rejectionOf(h.processor(job()))).toBeInstanceOf(UnrecoverableError);
  });

  it('a forced shutdown cuts the call short: logged, re-run later, nothing recorded about the check', async () => {
    const h = harness(hanging);
    const running = h.processor(job());
    h.force.abort();
    const thrown = await rejectionOf(running);
    expect(thrown).not.toBeInstanceOf(UnrecoverableError);
    expect(thrown.message).toBe('aborted by a forced shutdown');
    expect(h.runs).toEqual([]);
    expect(h.stored).toEqual([]);
    expect(h.logs).toEqual([expect.objectContaining({outcome: 'error', errorKind: 'internal', error: 'aborted by a forced shutdown', willRetry: true})]);
  });
});
