import {spawn} from 'node:child_process';
import {describe, expect, it, vi} from 'vitest';
import {Queue} from 'bullmq';
import {ResultStore} from '../../src/metrics/store.js';
import {workerFixture} from './fixture.js';
import {metricValue, scrape, spec} from './harness.js';
import {bundleFixture} from '../helpers/build.js';
import {requireProgram} from '../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

const fixture = workerFixture();
const {start, requestsFor} = fixture;

describe.skipIf(redisServer.skipReason)('several workers on one Redis', () => {
  it('run each scheduled job once and export the same check values', async () => {
    const orgs = Array.from({length: 12}, (_, i) => `dup-${i}`);
    orgs.forEach((org, i) => fixture.stub.counts.set(org, i));
    const specs = orgs.map(org => spec(org, {everyMs: 1000}));
    const [a, b] = await Promise.all([start({prefix: 'dup', specs}), start({prefix: 'dup', specs})]);
    await expect.poll(() => [...a!.runs, ...b!.runs].length >= orgs.length * 3, {message: 'three runs per org', timeout: 30_000}).toBeTruthy();
    await Promise.all([a!.shutdown(3000), b!.shutdown(3000)].map(p => p.catch(() => {})));
    const runs = [...a!.runs, ...b!.runs];
    expect(runs.length).toBeGreaterThanOrEqual(orgs.length * 3);
    // The stub never fails, so no run may error (and be retried under the same job id), and
    // a job id seen twice is a job both workers ran.
    expect(runs.filter(run => run.outcome === 'error').map(run => `${run.jobId} attempt ${run.attempt}: ${run.error}`), 'runs that failed').toEqual([]);
    const jobIds = runs.map(run => run.jobId);
    expect(jobIds.filter((id, i) => jobIds.indexOf(id) !== i), 'jobs run twice').toEqual([]);
    expect(fixture.stub.requests.filter(r => String(r.body.slug).startsWith('dup-'))).toHaveLength(runs.length);
    // One scheduled job per org per slot: job ids are repeat:<scheduler>:<slot millis>, one interval apart.
    for (const org of orgs) {
      const slots = [...new Set(runs.filter(run => run.org === org).map(run => Number(run.jobId.split(':').at(-1))))].sort((x, y) => x - y);
      for (let i = 1; i < slots.length; i++) expect((slots[i]! - slots[i - 1]!) % 1000).toBe(0);
    }
  });

  it('export identical check gauges from every replica', async () => {
    fixture.stub.counts.set('same-a', 2).set('same-b', 12);
    const specs = [spec('same-a'), spec('same-b')];
    const [a, b] = await Promise.all([start({prefix: 'same', specs}), start({prefix: 'same', specs})]);
    await expect.poll(async () => {
      const text = await scrape(a!);
      return metricValue(text, 'vigil_check_severity', {org: 'same-a'}) !== undefined && metricValue(text, 'vigil_check_severity', {org: 'same-b'}) !== undefined;
    }, {message: 'both orgs run', timeout: 15_000}).toBeTruthy();
    const pick = (text: string) => text.split('\n').filter(line => /^vigil_check_(severity|observed|lookback_seconds|warn_threshold|fail_threshold|interval_seconds)\{/.test(line)).sort();
    const [textA, textB] = await Promise.all([scrape(a!), scrape(b!)]);
    expect(pick(textA)).toEqual(pick(textB));
    expect(metricValue(textA, 'vigil_check_severity', {org: 'same-b'})).toBe(2);
    expect(metricValue(textB, 'vigil_check_severity', {org: 'same-a'})).toBe(0);
    await Promise.all([a!.shutdown(2000), b!.shutdown(2000)]);
  });
});

describe.skipIf(redisServer.skipReason)('shutdown', () => {
  it('lets an in-flight run finish within the grace period', async () => {
    fixture.stub.latencyByOrg.set('grace-ok', 1500);
    const worker = await start({prefix: 'grace', specs: [spec('grace-ok', {everyMs: 3000})], concurrency: 1});
    await expect.poll(() => requestsFor('grace-ok').length > 0, {message: 'the run to start', timeout: 15_000}).toBeTruthy();
    expect(worker.inFlight()).toBe(1);
    const result = await worker.shutdown(5000);
    expect(result).toEqual({forced: false, aborted: 0, redisReachable: true});
    expect(worker.runs.filter(run => run.org === 'grace-ok').map(run => run.outcome)).toEqual(['ok']);
    const [stored] = await new ResultStore(fixture.redis.client(), 'grace', 'healthchecks').readAll();
    expect(stored?.success).toMatchObject({severity: 'ok'});
  }, 45_000);

  it('aborts runs still in flight when the grace period ends', async () => {
    const latencyMs = 8000;
    fixture.stub.latencyByOrg.set('grace-over', latencyMs);
    const worker = await start({prefix: 'grace2', specs: [spec('grace-over', {everyMs: 3000})], timeoutMs: 20_000, concurrency: 1});
    await expect.poll(() => requestsFor('grace-over').length > 0, {message: 'the run to start', timeout: 15_000}).toBeTruthy();
    const started = Date.now();
    const result = await worker.shutdown(300);
    expect(result).toEqual({forced: true, aborted: 1, redisReachable: true});
    // Aborted, not waited for: the upstream's answer would have come at latencyMs.
    expect(Date.now() - started).toBeLessThan(latencyMs);
    expect(worker.runs.filter(run => run.org === 'grace-over').map(run => run.outcome)).toEqual(['error']);
  }, 45_000);
});

describe.skipIf(redisServer.skipReason)('failures', () => {
  it('re-runs the job of a killed worker once its lock expires', async () => {
    const org = 'killed';
    fixture.stub.latencyByOrg.set(org, 10_000);
    const child = spawn(process.execPath, [await bundleFixture('test/jobs/fixtures/worker-process.ts')], {
      env: {...process.env, REDIS_URL: fixture.redis.url, BASE_URL: fixture.stub.baseUrl, PREFIX: 'kill', ORG: org, EVERY_MS: '8000', LOCK_MS: '1000'},
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const queue = new Queue('healthchecks', {connection: fixture.redis.client(), prefix: 'kill'});
    try {
      await expect.poll(() => requestsFor(org).length === 1, {message: 'the child to take the run', timeout: 20_000}).toBeTruthy();
      const [active] = await queue.getActive();
      expect(active).toBeDefined();
      child.kill('SIGKILL');
      fixture.stub.latencyByOrg.delete(org);
      // Another worker (same file) finds the stalled job and runs it.
      const survivor = await start({prefix: 'kill', specs: [spec(org, {everyMs: 8000})], lockDurationMs: 1000});
      const rerun = await vi.waitFor(
        async () => {
          const found = survivor.runs.find(run => run.jobId === active!.id);
          if (!found) throw new Error('the stalled job to run again');
          return found;
        },
        {timeout: 20_000, interval: 50},
      );
      expect(rerun.outcome).toBe('ok');
      // Nothing was lost: the killed run was sent again (plus, maybe, the next slot's run).
      expect(requestsFor(org).length).toBeGreaterThanOrEqual(2);
      await survivor.shutdown(1000);
    } finally {
      child.kill('SIGKILL');
      await queue.close();
    }
  }, 60_000);

  it('re-applies schedulers when Redis comes back without its data', async () => {
    const worker = await start({prefix: 'loss', specs: [spec('loss-a'), spec('loss-b')]});
    await expect.poll(() => worker.runs.filter(run => run.org === 'loss-a').length >= 1, {message: 'runs before the restart', timeout: 15_000}).toBeTruthy();
    await fixture.redis.restart(1500).then(() => undefined);
    await expect.poll(() => worker.events.find(event => event.startsWith('schedulers reconciled') && event.includes('redis reconnected')), {message: 'a reconcile after reconnecting', timeout: 20_000}).toBeTruthy();
    const before = worker.runs.length;
    await expect.poll(() => worker.runs.length >= before + 2, {message: 'runs after the restart', timeout: 10_000}).toBeTruthy();
    const text = await scrape(worker);
    expect(metricValue(text, 'vigil_store_up')).toBe(1);
    expect(metricValue(text, 'vigil_queue_schedulers', {queue: 'healthchecks'})).toBe(2);
    expect(metricValue(text, 'vigil_check_severity', {org: 'loss-a'})).toBe(0);
    await worker.shutdown(1000);
  }, 60_000);

  it('reports the store down instead of failing the scrape while Redis is away', async () => {
    const worker = await start({prefix: 'down', specs: [spec('down-a')]});
    await fixture.redis.stop().then(() => undefined);
    const started = Date.now();
    const text = await scrape(worker);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(metricValue(text, 'vigil_store_up')).toBe(0);
    // Per-process counters do not depend on Redis: still exported (from 0 up) while it is away.
    expect(metricValue(text, 'vigil_check_runs_total', {check: 'takedowns.cancelled-count', outcome: 'error'})).toBeTypeOf('number');
    const health = await fetch(`${worker.metricsUrl}/healthz`);
    expect(health.status).toBe(503);
    await fixture.redis.restart(0);
  }, 30_000);
});
