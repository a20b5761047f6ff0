import {Queue} from 'bullmq';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {DOCUMENTED_HEALTHCHECK_IDS} from '../../src/api/wire/index.js';
import type {DiscoverConfig} from '../../src/checks/schema.js';
import {workerFixture} from './fixture.js';
import {metricValue, scrape, spec, type TestWorker} from './harness.js';
import {requireProgram} from '../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

/*
 * `discover:` on a real Redis against the stub upstream's registry: the registry decides
 * which checks run for an org, a check that joins is scheduled, one that leaves is
 * unscheduled with its series, a failed read changes nothing, a planned check is never called.
 */

const fixture = workerFixture();
const {start} = fixture;
// The stub's registry is shared: a worker left running would read (and use up) another test's failures.
afterEach(async () => {
  await Promise.allSettled(fixture.workers.splice(0).map(worker => worker.shutdown(500)));
  fixture.stub.registryFailures.length = 0;
});

const discover = (orgs: string[], overrides: Partial<DiscoverConfig> = {}): DiscoverConfig => ({orgs, everyMs: 1000, registryEveryMs: 1000, exclude: [], maxChecks: 100, ...overrides});
const severityOf = (text: string, check: string, org: string) => metricValue(text, 'vigil_check_severity', {check, org});
const callsTo = (check: string, org: string) => fixture.stub.requests.filter(request => request.path.endsWith(`/healthchecks/${check.replace('.', '/')}`) && request.body.slug === org);
const registryRead = (text: string, org: string, outcome: string) => metricValue(text, 'vigil_registry_reads_total', {org, outcome}) ?? 0;
const schedulerIds = async (prefix: string) => {
  const queue = new Queue('healthchecks', {connection: fixture.redis.client(), prefix});
  return (await queue.getJobSchedulers(0, -1)).map(scheduler => scheduler.key).sort();
};

/** The registry for the next reads; the stub answers every org with it. */
function setRegistry(entries: [string, boolean][]) {
  fixture.stub.registry = entries.map(([id, implemented]) => (implemented ? {id, implemented} : {id, implemented, notImplementedReason: 'planned for next quarter'}));
}

describe.skipIf(redisServer.skipReason)('a discover: worker', () => {
  it('schedules a check that joins the registry and unschedules one that leaves, with its series', async () => {
    setRegistry([['takedowns.cancelled-count', true], ['reviewing.backlog', true], ['future.planned-check', false]]);
    fixture.stub.checkCounts.set('reviewing.backlog@dj', 30);
    const worker = await start({prefix: 'dj', specs: [], discover: discover(['dj'])});
    expect(worker.specs().map(s => s.id).sort()).toEqual(['reviewing.backlog@dj', 'takedowns.cancelled-count@dj']);
    let text = await vi.waitFor(
      async () => {
        const t = await scrape(worker);
        expect(severityOf(t, 'reviewing.backlog', 'dj') === 2 && severityOf(t, 'takedowns.cancelled-count', 'dj') === 0, 'both implemented checks graded').toBe(true);
        return t;
      },
      {timeout: 15_000, interval: 50},
    );
    // A discovered check has no threshold settings: the gauges are what its result stated.
    expect(metricValue(text, 'vigil_check_fail_threshold', {check: 'reviewing.backlog', org: 'dj'})).toBe(10);
    expect(metricValue(text, 'vigil_check_observed', {check: 'reviewing.backlog', org: 'dj', key: 'count'})).toBe(30);
    expect(metricValue(text, 'vigil_check_lookback_seconds', {check: 'reviewing.backlog', org: 'dj'})).toBeUndefined();
    expect(callsTo('reviewing.backlog', 'dj')[0]!.body).toEqual({slug: 'dj'});

    // A check the registry adds (an id vigil has never seen) runs after the next read.
    setRegistry([['takedowns.cancelled-count', true], ['reviewing.backlog', true], ['brand-new.next-month', true]]);
    text = await vi.waitFor(
      async () => {
        const t = await scrape(worker);
        expect(severityOf(t, 'brand-new.next-month', 'dj') === 0, 'the new check graded').toBe(true);
        return t;
      },
      {timeout: 15_000, interval: 50},
    );
    expect(await schedulerIds('dj')).toEqual(['brand-new.next-month@dj', 'reviewing.backlog@dj', 'takedowns.cancelled-count@dj']);

    // One that leaves is unscheduled and its series go.
    setRegistry([['takedowns.cancelled-count', true], ['brand-new.next-month', true]]);
    text = await vi.waitFor(
      async () => {
        const t = await scrape(worker);
        expect(severityOf(t, 'reviewing.backlog', 'dj') === undefined, 'the backlog series gone').toBe(true);
        return t;
      },
      {timeout: 15_000, interval: 50},
    );
    // Gauges per (check, org) go; the per-process counters by check alone stay, as counters do.
    expect(text.split('\n').filter(line => line.includes('check="reviewing.backlog"') && line.includes('org='))).toEqual([]);
    expect(severityOf(text, 'brand-new.next-month', 'dj')).toBe(0);
    expect(await schedulerIds('dj')).toEqual(['brand-new.next-month@dj', 'takedowns.cancelled-count@dj']);
    expect(worker.events.some(event => event.startsWith('schedulers reconciled {"reason":"registry changed"') && event.includes('"removed":1'))).toBe(true);
    expect(callsTo('future.planned-check', 'dj')).toEqual([]);
  });

  it('keeps every check and series when a registry read fails: an error metric and a log line, no purge', async () => {
    setRegistry([['takedowns.cancelled-count', true], ['reviewing.backlog', true]]);
    const worker = await start({prefix: 'df', specs: [], discover: discover(['df'])});
    await vi.waitFor(
      async () => {
        const t = await scrape(worker);
        expect(severityOf(t, 'reviewing.backlog', 'df') === 0 && severityOf(t, 'takedowns.cancelled-count', 'df') === 0, 'both checks graded').toBe(true);
        return t;
      },
      {timeout: 15_000, interval: 50},
    );
    const before = await schedulerIds('df');

    // An empty registry behind failing reads: were a failure read as "no checks", all would go.
    setRegistry([]);
    fixture.stub.registryFailures.push(500, 502, 500);
    const text = await vi.waitFor(
      async () => {
        const t = await scrape(worker);
        expect(registryRead(t, 'df', 'error') >= 2, 'two failed registry reads').toBe(true);
        return t;
      },
      {timeout: 15_000, interval: 50},
    );
    expect(severityOf(text, 'reviewing.backlog', 'df')).toBe(0);
    expect(severityOf(text, 'takedowns.cancelled-count', 'df')).toBe(0);
    expect(await schedulerIds('df')).toEqual(before);
    const failed = worker.events.filter(event => event.startsWith('healthcheck registry read failed; its checks stay as they were'));
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(failed[0]).toContain('"org":"df"');
    expect(failed[0]).toMatch(/HTTP 50[02]|50[02]/);

    // The same empty registry, read successfully, does unschedule them: the failure was what kept them.
    fixture.stub.registryFailures.length = 0;
    await vi.waitFor(
      async () => {
        const t = await scrape(worker);
        expect(severityOf(t, 'reviewing.backlog', 'df') === undefined && severityOf(t, 'takedowns.cancelled-count', 'df') === undefined, 'the series gone after a good read').toBe(true);
        return t;
      },
      {timeout: 15_000, interval: 50},
    );
    expect(await schedulerIds('df')).toEqual([]);
  });

  it('started while the registry fails, keeps what the last worker scheduled', async () => {
    setRegistry([['takedowns.cancelled-count', true], ['reviewing.old-proposals', true]]);
    const first = await start({prefix: 'ds', specs: [], discover: discover(['ds'], {registryEveryMs: 60_000})});
    expect(first.firstReconcile.added.sort()).toEqual(['reviewing.old-proposals@ds', 'takedowns.cancelled-count@ds']);
    await first.shutdown(1000);
    fixture.stub.registryFailures.push(500);
    const second = await start({prefix: 'ds', specs: [], discover: discover(['ds'], {registryEveryMs: 60_000})});
    expect(second.firstReconcile).toMatchObject({added: [], removed: [], unchanged: 2});
    expect(second.events.some(event => event.startsWith('healthcheck registry read failed'))).toBe(true);
    await second.shutdown(1000);
  });

  it('lets a checks: entry give a discovered pair its settings, and skips excluded and planned ones', async () => {
    setRegistry([['takedowns.cancelled-count', true], ['reviewing.backlog', true], ['organization.missing-contact-url', true], ['assets.planned', false]]);
    const entry = {...spec('de', {check: 'reviewing.backlog', everyMs: 1000, params: {maxAgeDays: 3}}), lookbackHours: undefined, warnThreshold: 1, failThreshold: 2};
    delete entry.lookbackHours;
    const planned = spec('de', {check: 'assets.planned'});
    const worker = await start({prefix: 'de', specs: [entry, planned], discover: discover(['de'], {exclude: ['organization.missing-contact-url']})});
    expect(worker.specs().map(s => s.id).sort()).toEqual(['reviewing.backlog@de', 'takedowns.cancelled-count@de']);
    await expect.poll(() => callsTo('reviewing.backlog', 'de').length, {message: 'a backlog call', timeout: 15_000}).toBeGreaterThan(0);
    expect(callsTo('reviewing.backlog', 'de')[0]!.body).toEqual({slug: 'de', maxAgeDays: 3, warnThreshold: 1, failThreshold: 2});
    expect(callsTo('assets.planned', 'de')).toEqual([]);
    expect(callsTo('organization.missing-contact-url', 'de')).toEqual([]);
  });
});

describe.skipIf(redisServer.skipReason)('acceptance: a discover: worker for three orgs', () => {
  it('exports vigil_check_severity for all thirty (check, org) pairs within two intervals, and never calls a planned check', async () => {
    setRegistry([...DOCUMENTED_HEALTHCHECK_IDS.map((id): [string, boolean] => [id, true]), ['insights.planned-check', false]]);
    const orgs = ['acc-a', 'acc-b', 'acc-c'];
    const everyMs = 2000;
    const worker = await start({prefix: 'acc', specs: [], concurrency: 10, discover: discover(orgs, {everyMs, registryEveryMs: 60_000})});
    const started = Date.now();
    const text = await vi.waitFor(
      async () => {
        const t = await scrape(worker);
        expect(orgs.every(org => DOCUMENTED_HEALTHCHECK_IDS.every(check => severityOf(t, check, org) !== undefined)), 'severity for 30 pairs').toBe(true);
        return t;
      },
      {timeout: 2 * everyMs, interval: 50},
    );
    expect(Date.now() - started).toBeLessThanOrEqual(2 * everyMs + 200);
    expect(text.match(/^vigil_check_severity\{/gm)).toHaveLength(30);
    for (const org of orgs) expect(metricValue(text, 'vigil_registry_checks', {org})).toBe(10);
    expect(fixture.stub.requests.filter(request => request.path.includes('/insights/'))).toEqual([]);

    // It could have been called: once the registry says implemented, it is.
    setRegistry([...DOCUMENTED_HEALTHCHECK_IDS.map((id): [string, boolean] => [id, true]), ['insights.planned-check', true]]);
    await worker.shutdown(1000);
    const next = await start({prefix: 'acc', specs: [], discover: discover(orgs, {everyMs})});
    await expect.poll(() => fixture.stub.requests.some(request => request.path.includes('/insights/planned-check')), {message: 'a call to the check once implemented', timeout: 15_000}).toBe(true);
    await next.shutdown(1000);
  });
});

describe('acceptance: a hostile registry does not decide how much work the worker takes on', () => {
  it('schedules at most discover.maxChecks per org (100 by default) of 20,000 ids, counts and logs the rest; 200,000-character ids are never scheduled', async () => {
    const huge = Array.from({length: 20_000}, (_, i): [string, boolean] => [`generated.check-${i}`, true]);
    const long = Array.from({length: 5}, (_, i): [string, boolean] => [`long${String.fromCharCode(97 + i)}.${'x'.repeat(200_000)}`, true]);
    setRegistry([...long, ...huge]);
    const worker = await start({prefix: 'dh', specs: [], discover: discover(['dh', 'dh2'], {everyMs: 600_000, registryEveryMs: 60_000})});
    expect(worker.specs()).toHaveLength(200);
    expect(worker.specs().filter(s => s.org === 'dh').map(s => s.check)).toEqual(huge.slice(0, 100).map(([id]) => id));
    expect(await schedulerIds('dh')).toHaveLength(200);
    expect(await fixture.redis.client().hlen('dh:healthchecks:vigil:config')).toBe(200);
    const text = await scrape(worker);
    expect(Buffer.byteLength(text)).toBeLessThan(1_000_000);
    expect(text).not.toContain('x'.repeat(129));
    expect(metricValue(text, 'vigil_registry_checks_left_out', {org: 'dh'})).toBe(19_900);
    expect(metricValue(text, 'vigil_registry_checks', {org: 'dh'})).toBe(20_000);
    const note = worker.events.find(event => event.startsWith('healthcheck registry lists more checks than discover.maxChecks'));
    expect(note).toContain('"scheduled":100,"leftOut":19900,"maxChecks":100');
    // The registry read's log line stays a line: the long ids are planned (uncallable), named cut, never whole.
    const read = worker.events.find(event => event.startsWith('healthcheck registry read {'))!;
    expect(read.length).toBeLessThan(2000);
    expect(fixture.stub.requests.some(request => request.path.includes('xxxxxxxx'))).toBe(false);
  });

  it('takes discover.maxChecks from the config', async () => {
    setRegistry(Array.from({length: 30}, (_, i): [string, boolean] => [`generated.check-${i}`, true]));
    const worker = await start({prefix: 'dm', specs: [], discover: discover(['dm'], {everyMs: 600_000, registryEveryMs: 60_000, maxChecks: 3})});
    expect(worker.specs().map(s => s.check)).toEqual(['generated.check-0', 'generated.check-1', 'generated.check-2']);
    expect(metricValue(await scrape(worker), 'vigil_registry_checks_left_out', {org: 'dm'})).toBe(27);
  });
});
