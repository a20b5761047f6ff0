import {UnrecoverableError, type Job} from 'bullmq';
import {describe, expect, it} from 'vitest';
import type {HealthcheckResult} from '../../src/api/wire/index.js';
import {createProcessor, type RunLogEntry} from '../../jobs/processor.js';
import type {CheckJobData} from '../../src/redis/queue.js';
import {ApiError} from '../../src/errors.js';
import type {VigilMetrics} from '../../src/metrics/registry.js';
import type {ResultStore} from '../../src/metrics/store.js';
import {rejectionOf} from '../helpers/thrown.js';

/*
 * The processor with `keys:` of the checks file: each run goes out on the client of its
 * org's own key (the worker's client only for an org without one), and a 401 on an org's key
 * is an auth failure naming the key's reference, not retried.
 */

const RESULT = {severity: 'ok', observed: {cancelledCount: 0}} as unknown as HealthcheckResult;
const job = (org: string) => ({id: `job-${org}`, data: {id: `takedowns.cancelled-count@${org}`, check: 'takedowns.cancelled-count', org, everyMs: 60_000}, attemptsMade: 0, opts: {attempts: 3}}) as unknown as Job<CheckJobData>;

function harness() {
  const used: string[] = [];
  const logs: RunLogEntry[] = [];
  const client = (name: string, answer: () => Promise<HealthcheckResult>) => ({
    runHealthcheck: async () => {
      used.push(name);
      return answer();
    },
  });
  const processor = createProcessor({
    client: client("the worker's key", async () => RESULT),
    store: {recordSuccess: async () => {}, recordError: async () => {}} as unknown as ResultStore,
    metrics: {recordRun: () => {}, recordDroppedKeys: () => {}} as unknown as VigilMetrics,
    log: entry => logs.push(entry),
    timeoutMs: 5000,
    forceSignal: new AbortController().signal,
    keyFor: org =>
      org === 'acme'
        ? {client: client('env:VIGIL_KEY_ACME', async () => RESULT), ref: 'env:VIGIL_KEY_ACME'}
        : org === 'globex'
          ? {client: client('file:/run/keys/globex', async () => Promise.reject(new ApiError({status: 401, code: 'UNAUTHORIZED', message: 'Invalid API key', issues: []}))), ref: 'file:/run/keys/globex'}
          : undefined,
  });
  return {processor, used, logs};
}

describe('the processor with a key per org', () => {
  it("runs each org on its own key's client, and an org without one on the worker's", async () => {
    const {processor, used} = harness();
    await processor(job('acme'));
    await processor(job('initech'));
    expect(used).toEqual(['env:VIGIL_KEY_ACME', "the worker's key"]);
  });

  it("fails a rejected org key's run as auth, not retried, the error naming the reference", async () => {
    const {processor, logs} = harness();
    const error = await rejectionOf(processor(job('globex')));
    expect(error).toBeInstanceOf(UnrecoverableError);
    expect(logs).toEqual([expect.objectContaining({org: 'globex', outcome: 'error', errorKind: 'auth', willRetry: false, error: 'HTTP 401 UNAUTHORIZED: Invalid API key (key file:/run/keys/globex)'})]);
  });
});
