import {describe, expect, it, vi} from 'vitest';
import {Queue} from 'bullmq';
import {workerFixture} from './fixture.js';
import {metricValue, scrape, spec, TEST_KEY, type TestWorker} from './harness.js';
import {healthcheckResult} from './stub-upstream.js';
import {schedulerOffset} from '../../jobs/reconcile.js';
import {requireProgram} from '../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

const fixture = workerFixture();
const {start, requestsFor} = fixture;

/** The first run `match` accepts, once the worker has made it. */
const runOf = (worker: TestWorker, what: string, match: (run: TestWorker['runs'][number]) => boolean) =>
  vi.waitFor(
    () => {
      const found = worker.runs.find(match);
      if (!found) throw new Error(`${what}: not yet among ${worker.runs.length} runs`);
      return found;
    },
    {timeout: 15_000, interval: 50},
  );

describe.skipIf(redisServer.skipReason)('reconcile', () => {
  it('adds, changes and removes schedulers to match the checks file', async () => {
    const prefix = 'rec';
    const queue = new Queue('healthchecks', {connection: fixture.redis.client(), prefix});
    const first = await start({prefix, specs: [spec('rec-a', {everyMs: 60_000}), spec('rec-b', {everyMs: 60_000})]});
    expect(first.firstReconcile.added.sort()).toEqual(['takedowns.cancelled-count@rec-a', 'takedowns.cancelled-count@rec-b']);
    await first.shutdown(1000);

    const changed = spec('rec-b', {everyMs: 120_000, failThreshold: 20});
    const second = await start({prefix, specs: [changed, spec('rec-c', {everyMs: 60_000})]});
    expect(second.firstReconcile).toMatchObject({added: ['takedowns.cancelled-count@rec-c'], changed: [changed.id], removed: ['takedowns.cancelled-count@rec-a']});

    const schedulers = await queue.getJobSchedulers(0, -1);
    const byId = Object.fromEntries(schedulers.map(s => [s.key, s]));
    expect(Object.keys(byId).sort()).toEqual(['takedowns.cancelled-count@rec-b', 'takedowns.cancelled-count@rec-c']);
    expect(byId[changed.id]).toMatchObject({every: 120_000, offset: schedulerOffset(changed)});
    expect(byId[changed.id]!.template?.data).toMatchObject({org: 'rec-b', failThreshold: 20});
    // Offsets spread schedulers: the same id always gets the same one, below the interval.
    expect(schedulerOffset(changed)).toBe(schedulerOffset({...changed}));
    expect(schedulerOffset(changed)).toBeLessThan(120_000);

    // Thresholds of removed checks disappear from the metrics, the new ones appear.
    const text = await scrape(second);
    expect(metricValue(text, 'vigil_check_fail_threshold', {org: 'rec-b'})).toBe(20);
    expect(metricValue(text, 'vigil_check_fail_threshold', {org: 'rec-a'})).toBeUndefined();
    expect(metricValue(text, 'vigil_check_interval_seconds', {org: 'rec-c'})).toBe(60);

    // A second replica with the same file changes nothing.
    const third = await start({prefix, specs: [changed, spec('rec-c', {everyMs: 60_000})]});
    expect(third.firstReconcile).toMatchObject({added: [], changed: [], removed: [], unchanged: 2});
    await Promise.all([second.shutdown(1000), third.shutdown(1000), queue.close()]);
  });
});

describe.skipIf(redisServer.skipReason)('runs', () => {
  it('keeps no finished job and a short event stream: a pair holds its scheduler, its next job and its result', async () => {
    const prefix = 'lean';
    const redis = fixture.redis.client();
    const queue = new Queue('healthchecks', {connection: redis, prefix});
    const worker = await start({prefix, specs: [spec('lean-a'), spec('lean-b')], retry: {attempts: 1, backoffMs: 100}});
    await expect.poll(() => ['lean-a', 'lean-b'].every(org => worker.runs.filter(run => run.org === org).length >= 3), {message: 'three runs of each', timeout: 15_000}).toBeTruthy();
    await expect.poll(async () => (await queue.getJobCounts('active')).active === 0 || undefined, {message: 'completions recorded', timeout: 15_000}).toBeTruthy();
    expect(await queue.getJobCounts('completed', 'failed')).toEqual({completed: 0, failed: 0});
    // BullMQ's default trims its event stream at 10,000 entries (1.2 MiB); nothing of vigil reads them.
    expect(await redis.hget(`${prefix}:healthchecks:meta`, 'opts.maxLenEvents')).toBe('100');
    const [scheduler] = await queue.getJobSchedulers(0, 0);
    // What a run needs and nothing the scheduler already holds (id, interval); one attempt has no backoff.
    expect(scheduler!.template?.data).toEqual({check: 'takedowns.cancelled-count', org: scheduler!.template!.data!.org, lookbackHours: 24, warnThreshold: 3, failThreshold: 10});
    expect(scheduler!.template?.opts).not.toHaveProperty('backoff');
    await Promise.all([worker.shutdown(1000), queue.close()]);
  });

  it('calls the upstream with the spec, stores the result and exports it', async () => {
    fixture.stub.counts.set('run-warn', 5);
    const worker = await start({prefix: 'runs', specs: [spec('run-warn', {warnThreshold: 4, failThreshold: 9, lookbackHours: 48})]});
    await expect.poll(() => worker.runs.find(run => run.org === 'run-warn'), {message: 'a run', timeout: 15_000}).toBeTruthy();
    const [request] = requestsFor('run-warn');
    expect(request).toMatchObject({path: '/api/v2/healthchecks/takedowns/cancelled-count', apiKey: TEST_KEY});
    expect(request!.body).toEqual({slug: 'run-warn', lookbackHours: 48, warnThreshold: 4, failThreshold: 9});
    const text = await scrape(worker);
    const labels = {check: 'takedowns.cancelled-count', org: 'run-warn'};
    expect(metricValue(text, 'vigil_check_severity', labels)).toBe(1);
    expect(metricValue(text, 'vigil_check_observed', {...labels, key: 'cancelledCount'})).toBe(5);
    expect(metricValue(text, 'vigil_check_warn_threshold', labels)).toBe(4);
    expect(metricValue(text, 'vigil_check_last_success_timestamp_seconds', labels)).toBeGreaterThan(Date.now() / 1000 - 30);
    expect(metricValue(text, 'vigil_check_runs_total', {check: labels.check, outcome: 'warn'})).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'vigil_store_up')).toBe(1);
    expect(metricValue(text, 'vigil_queue_schedulers', {queue: 'healthchecks'})).toBe(1);
    expect(text).toContain('vigil_check_run_duration_seconds_bucket');
    await worker.shutdown(1000);
  });

  it('retries 5xx with backoff and records each failed attempt', async () => {
    fixture.stub.failures.set('run-retry', [500, 503]);
    const worker = await start({prefix: 'retry', specs: [spec('run-retry', {everyMs: 10_000})], retry: {attempts: 3, backoffMs: 50}});
    const run = await runOf(worker, 'a successful run', r => r.org === 'run-retry' && r.outcome !== 'error');
    // The same job, attempted three times: two 5xx, then the result.
    expect(run).toMatchObject({attempt: 3, outcome: 'ok'});
    const attempts = worker.runs.filter(r => r.jobId === run.jobId);
    expect(attempts.map(r => [r.attempt, r.outcome, r.errorKind, r.willRetry])).toEqual([
      [1, 'error', 'server_error', true],
      [2, 'error', 'server_error', true],
      [3, 'ok', undefined, undefined],
    ]);
    expect(requestsFor('run-retry')).toHaveLength(3);
    const text = await scrape(worker);
    expect(metricValue(text, 'vigil_check_errors_total', {check: 'takedowns.cancelled-count', kind: 'server_error'})).toBe(2);
    await worker.shutdown(1000);
  });

  it('retries 429 (rate limited) like an outage, not as a rejection', async () => {
    fixture.stub.failures.set('run-429', [429]);
    const worker = await start({prefix: 'r429', specs: [spec('run-429', {everyMs: 2000})], retry: {attempts: 3, backoffMs: 50}});
    const run = await runOf(worker, 'a successful run', r => r.org === 'run-429' && r.outcome !== 'error');
    expect(worker.runs.filter(r => r.jobId === run.jobId).map(r => [r.attempt, r.outcome, r.errorKind, r.willRetry])).toEqual([
      [1, 'error', 'rate_limited', true],
      [2, 'ok', undefined, undefined],
    ]);
    const text = await scrape(worker);
    expect(metricValue(text, 'vigil_check_errors_total', {check: 'takedowns.cancelled-count', kind: 'rate_limited'})).toBe(1);
    await worker.shutdown(1000);
  });

  it('does not retry 403: the run fails at once and the error is stored', async () => {
    fixture.stub.failures.set('run-forbidden', [403, 403, 403]);
    const worker = await start({prefix: 'noretry', specs: [spec('run-forbidden')], retry: {attempts: 3, backoffMs: 50}});
    const run = await runOf(worker, 'an errored run', r => r.org === 'run-forbidden');
    expect(run).toMatchObject({outcome: 'error', errorKind: 'auth', willRetry: false});
    // A retry would be due 50 ms after the failure, the next slot's run a second later:
    // once that run is here, a retry had its chance.
    await expect.poll(() => worker.runs.find(r => r.org === 'run-forbidden' && r.jobId !== run.jobId), {message: 'the next slot', timeout: 15_000}).toBeTruthy();
    // One request per scheduled slot, never a retry of the same job.
    const jobIds = worker.runs.filter(r => r.org === 'run-forbidden').map(r => r.jobId);
    expect(new Set(jobIds).size).toBe(jobIds.length);
    const [stored] = await worker.store.readAll();
    expect(stored?.run).toMatchObject({outcome: 'error', errorKind: 'auth'});
    expect(stored?.success).toBeUndefined();
    const text = await scrape(worker);
    expect(metricValue(text, 'vigil_check_last_run_error', {org: 'run-forbidden'})).toBe(1);
    expect(metricValue(text, 'vigil_check_severity', {org: 'run-forbidden'})).toBeUndefined();
    await worker.shutdown(1000);
  });

  it('gives up on a slow upstream at the timeout and retries it as a timeout', async () => {
    fixture.stub.latencyByOrg.set('run-slow', 3000);
    const worker = await start({prefix: 'timeout', specs: [spec('run-slow', {everyMs: 10_000})], timeoutMs: 300, retry: {attempts: 2, backoffMs: 50}});
    const first = await runOf(worker, 'a timed-out run', r => r.org === 'run-slow');
    expect(first).toMatchObject({outcome: 'error', errorKind: 'timeout', willRetry: true, attempt: 1});
    // Cut at the 300 ms timeout, not ended by the upstream's answer at 3 s.
    expect(first.durationMs).toBeGreaterThanOrEqual(290);
    expect(first.durationMs).toBeLessThan(3000);
    const second = await runOf(worker, 'the retry', r => r.jobId === first.jobId && r.attempt === 2);
    expect(second).toMatchObject({errorKind: 'timeout', willRetry: false});
    await worker.shutdown(1000);
  });

});

describe.skipIf(redisServer.skipReason)('a hostile upstream', () => {
  it('cannot get the API key or control characters into /metrics or the result store', async () => {
    const echo = healthcheckResult('evil-echo', 2, 3, 10);
    echo.observed = {...echo.observed, [`key ${TEST_KEY}`]: 1, '\u001b]52;c;cHduZWQ=\u0007osc\u0000': 3} as typeof echo.observed;
    fixture.stub.bodies.set('evil-echo', echo);
    // A broken answer: the contract error names the offending field, which is the key.
    fixture.stub.bodies.set('evil-contract', {...healthcheckResult('evil-contract', 0, 3, 10), observed: {[TEST_KEY]: {nested: true}}});
    const worker = await start({prefix: 'evil', specs: [spec('evil-echo'), spec('evil-contract')]});
    await expect.poll(() => ['evil-echo', 'evil-contract'].every(org => worker.runs.some(run => run.org === org)), {message: 'both runs', timeout: 15_000}).toBeTruthy();
    const text = await scrape(worker);
    expect(text).not.toContain(TEST_KEY);
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    // Neither key has a safe shape: both are dropped whole, and counted.
    expect(text.match(/^vigil_check_observed\{[^}]*org="evil-echo"[^}]*\}/gm)).toEqual(['vigil_check_observed{check="takedowns.cancelled-count",org="evil-echo",key="cancelledCount"}']);
    expect(metricValue(text, 'vigil_check_observed_keys_dropped_total', {check: 'takedowns.cancelled-count'})).toBe(2);
    const stored = await fixture.redis.client().hgetall('evil:healthchecks:vigil:state');
    expect(JSON.stringify(stored)).not.toContain(TEST_KEY);
    expect(stored['takedowns.cancelled-count@evil-contract']).toContain('contract');
    expect(stored['takedowns.cancelled-count@evil-contract']).toContain('tes…6789');
    await worker.shutdown(1000);
  });

  it('cannot get chat markup into /metrics: markup keys are dropped and counted, the rest exported', async () => {
    const markup = healthcheckResult('chat-markup', 12, 3, 10);
    markup.observed = {
      ...markup.observed,
      '<!channel> <https://evil.example/login|Open runbook>': 1,
      '[click](https://evil.example)': 2,
      '<!here>': 3,
    } as typeof markup.observed;
    fixture.stub.bodies.set('chat-markup', markup);
    const worker = await start({prefix: 'markup', specs: [spec('chat-markup')]});
    const text = await vi.waitFor(
      async () => {
        const body = await scrape(worker);
        const found = metricValue(body, 'vigil_check_severity', {org: 'chat-markup'}) === 2 && body;
        if (!found) throw new Error('the run exported');
        return found;
      },
      {timeout: 15_000, interval: 50},
    );
    expect(metricValue(text, 'vigil_check_observed', {org: 'chat-markup', key: 'cancelledCount'})).toBe(12);
    expect(text).not.toMatch(/<!|<http|\[click\]|evil\.example/);
    expect(metricValue(text, 'vigil_check_observed_keys_dropped_total', {check: 'takedowns.cancelled-count'})).toBeGreaterThanOrEqual(3);
    await worker.shutdown(1000);
  });
});
