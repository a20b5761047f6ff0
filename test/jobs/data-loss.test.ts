import {describe, expect, it, vi} from 'vitest';
import {Queue} from 'bullmq';
import {ResultStore} from '../../src/metrics/store.js';
import {workerFixture} from './fixture.js';
import {metricValue, scrape, spec, type TestWorker} from './harness.js';
import {healthcheckResult} from './stub-upstream.js';
import {requireProgram} from '../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

const fixture = workerFixture();

/*
 * Two replicas, a few thousand pairs, and a Redis that comes back empty. In the 60-minute
 * soak two replicas each upserted all 10,000 schedulers at once (114 s on a loaded machine)
 * and meanwhile every check series was gone from /metrics.
 */
describe.skipIf(redisServer.skipReason)('Redis comes back without its data under two replicas', () => {
  it('one replica rebuilds the schedulers, the other finds nothing to do, and /metrics keeps every grade throughout', async () => {
    const PREFIX = 'dl';
    // Hourly pairs: graded before the loss (written as a past run would), not due again in the test.
    const hourly = Array.from({length: 3000}, (_, i) => spec(`h-${i}`, {everyMs: 3_600_000}));
    // One pair every second: its runs show the schedules work again.
    const fast = spec('fast', {everyMs: 1000});
    const specs = [...hourly, fast];
    const writer = new ResultStore(fixture.redis.client(), PREFIX, 'healthchecks');
    const workers: TestWorker[] = [];
    workers.push(await fixture.start({prefix: PREFIX, specs}));
    // A fail grade (count 12 over a fail threshold of 10) for every hourly pair.
    for (let i = 0; i < hourly.length; i += 500) {
      await Promise.all(hourly.slice(i, i + 500).map(each => writer.recordSuccess(each.id, healthcheckResult(each.org, 12, 3, 10) as never, Date.now() - 60_000, 50)));
    }
    workers.push(await fixture.start({prefix: PREFIX, specs}));
    // Series of the hourly pairs, whatever the grade: one due during the test runs again (ok).
    const graded = (text: string) => text.split('\n').filter(line => line.startsWith('vigil_check_severity{') && line.includes('org="h-')).length;
    for (const worker of workers) expect(graded(await scrape(worker))).toBe(hourly.length);
    const lastSuccess = metricValue(await scrape(workers[0]!), 'vigil_check_last_success_timestamp_seconds', {org: 'h-7'});
    expect(lastSuccess).toBeGreaterThan(0);

    await fixture.redis.restart(500);
    const reconciledAfterLoss = (worker: TestWorker) => worker.events.filter(event => event.startsWith('schedulers reconciled') && !event.includes('"reason":"start"'));
    // Scrape both replicas until both have reconciled: whenever Redis answers, every grade is there.
    const scrapes: {storeUp: number | undefined; graded: number}[] = [];
    await expect.poll(async () => {
        for (const worker of workers) {
          const text = await scrape(worker);
          scrapes.push({storeUp: metricValue(text, 'vigil_store_up'), graded: graded(text)});
        }
        return workers.every(worker => reconciledAfterLoss(worker).length > 0);
      }, {message: 'both replicas to reconcile after the loss', timeout: 60_000, interval: 100}).toBeTruthy();
    expect(scrapes.filter(each => each.storeUp === 1).length).toBeGreaterThan(0);
    expect(scrapes.filter(each => each.storeUp === 1 && each.graded !== hourly.length)).toEqual([]);

    // The schedulers were upserted once, not once per replica.
    const added = workers.map(worker => Number(/"added":(\d+)/.exec(reconciledAfterLoss(worker)[0]!)?.[1]));
    expect(added.sort((a, b) => a - b)).toEqual([0, specs.length]);
    const queue = new Queue('healthchecks', {connection: fixture.redis.client(), prefix: PREFIX});
    try {
      expect(await queue.getJobSchedulersCount()).toBe(specs.length);
    } finally {
      await queue.close();
    }
    // After the rebuild: the grades and the last success are the ones from before the loss,
    // on both replicas, and the fast pair runs again.
    for (const worker of workers) {
      const text = await scrape(worker);
      expect(graded(text)).toBe(hourly.length);
      expect(metricValue(text, 'vigil_check_last_success_timestamp_seconds', {org: 'h-7'})).toBe(lastSuccess);
    }
    const runsBefore = workers.reduce((sum, worker) => sum + worker.runs.filter(run => run.org === 'fast').length, 0);
    await expect.poll(() => workers.reduce((sum, worker) => sum + worker.runs.filter(run => run.org === 'fast').length, 0) >= runsBefore + 2, {message: 'the fast pair to run again', timeout: 20_000}).toBeTruthy();
  }, 120_000);
});
