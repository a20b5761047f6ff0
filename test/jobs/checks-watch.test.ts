import {mkdtempSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Queue} from 'bullmq';
import {afterAll, afterEach, describe, expect, it, vi} from 'vitest';
import {loadChecksFile} from '../../src/checks/loader.js';
import {requireProgram} from '../helpers/programs.js';
import {workerFixture} from './fixture.js';
import {metricValue, scrape, type TestWorker} from './harness.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

/*
 * The checks file changed under running workers: a pair added runs, one removed stops, an
 * invalid write keeps the last valid file (warn, vigil_checks_file_valid 0) until a valid
 * one, and two replicas watching one file rebuild the schedulers once.
 */

const fixture = workerFixture();
const dir = mkdtempSync(path.join(tmpdir(), 'vigil-checks-watch-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
afterEach(async () => {
  await Promise.allSettled(fixture.workers.splice(0).map(worker => worker.shutdown(500)));
});

const entries = (orgs: string[]) => `checks:\n${orgs.map(org => `  - check: takedowns.cancelled-count\n    org: ${org}\n    every: 1s\n`).join('')}`;

/** Saves as editors do: a new file renamed over the old one (a watch on the old inode would miss it). */
function save(file: string, text: string) {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

async function startWatching(file: string, prefix: string) {
  const config = await loadChecksFile(file);
  // What the command passes: the file's retry and timeout, so an unchanged pair stays unchanged.
  return fixture.start({prefix, specs: config.specs, retry: config.retry, timeoutMs: config.timeoutMs, checksFile: {path: file, current: config, debounceMs: 50, pollMs: 60_000}});
}

const schedulerIds = async (prefix: string) => {
  const queue = new Queue('healthchecks', {connection: fixture.redis.client(), prefix});
  return (await queue.getJobSchedulers(0, -1)).map(scheduler => scheduler.key).sort();
};
const id = (org: string) => `takedowns.cancelled-count@${org}`;
const reconciledOnChange = (worker: TestWorker) => worker.events.filter(event => event.startsWith('schedulers reconciled {"reason":"checks file changed"'));

describe.skipIf(redisServer.skipReason)('a worker watching its checks file', () => {
  it('schedules and runs a pair added to the file, and stops running one removed, without a restart', async () => {
    const file = path.join(dir, 'add-remove.yaml');
    save(file, entries(['wa-keep', 'wa-gone']));
    const worker = await startWatching(file, 'wa');
    await expect.poll(() => fixture.requestsFor('wa-keep').length > 0 && fixture.requestsFor('wa-gone').length > 0, {message: 'both pairs run', timeout: 15_000}).toBeTruthy();

    save(file, entries(['wa-keep', 'wa-new']));
    await expect.poll(async () => (await schedulerIds('wa')).join() === [id('wa-keep'), id('wa-new')].sort().join(), {message: 'the schedulers changed', timeout: 15_000}).toBeTruthy();
    await expect.poll(() => fixture.requestsFor('wa-new').length > 0, {message: 'the added pair runs', timeout: 15_000}).toBeTruthy();
    expect(worker.specs().map(spec => spec.id).sort()).toEqual([id('wa-keep'), id('wa-new')].sort());
    expect(reconciledOnChange(worker)).toEqual([expect.stringContaining('"added":1,"changed":0,"removed":1')]);

    // The removed pair: no run after the change, while the kept one goes on running.
    const goneRuns = fixture.requestsFor('wa-gone').length;
    const keepRuns = fixture.requestsFor('wa-keep').length;
    await expect.poll(() => fixture.requestsFor('wa-keep').length >= keepRuns + 2, {message: 'the kept pair runs twice more', timeout: 15_000}).toBeTruthy();
    expect(fixture.requestsFor('wa-gone').length).toBe(goneRuns);
    const text = await scrape(worker);
    expect(metricValue(text, 'vigil_check_severity', {org: 'wa-gone'})).toBeUndefined();
    expect(metricValue(text, 'vigil_checks_file_reloads_total', {outcome: 'applied'})).toBe(1);
    expect(metricValue(text, 'vigil_checks_file_valid')).toBe(1);
  });

  it('keeps the last valid file through invalid writes (warn naming the file and the problem, the metric at 0); a valid write recovers', async () => {
    const file = path.join(dir, 'invalid.yaml');
    save(file, entries(['wi-a']));
    const worker = await startWatching(file, 'wi');
    await expect.poll(() => fixture.requestsFor('wi-a').length > 0, {message: 'the pair runs', timeout: 15_000}).toBeTruthy();

    save(file, 'checks:\n\t- check: takedowns.cancelled-count\n');
    await expect.poll(() => worker.warnings.find(line => line.includes('not valid YAML or JSON at line 2, column 1')), {message: 'a warning for the bad YAML', timeout: 15_000}).toBeTruthy();
    expect(worker.warnings[0]).toContain(`checks file changed but is not valid`);
    expect(worker.warnings[0]).toContain(JSON.stringify(file));
    let text = await scrape(worker);
    expect(metricValue(text, 'vigil_checks_file_valid')).toBe(0);
    expect(metricValue(text, 'vigil_checks_file_reloads_total', {outcome: 'invalid'})).toBe(1);

    // A schema error: the start-up message, with the key it was probably meant to be.
    save(file, `${entries(['wi-a', 'wi-b'])}    failTreshold: 5\n`);
    await expect.poll(() => worker.warnings.find(line => line.includes('unknown key \\"failTreshold\\" (line 8); did you mean \\"failThreshold\\"?')), {message: 'a warning for the unknown key', timeout: 15_000}).toBeTruthy();
    expect(await schedulerIds('wi')).toEqual([id('wi-a')]);
    const runs = fixture.requestsFor('wi-a').length;
    await expect.poll(() => fixture.requestsFor('wi-a').length > runs, {message: 'the old schedule still runs', timeout: 15_000}).toBeTruthy();
    expect(fixture.requestsFor('wi-b')).toEqual([]);
    text = await scrape(worker);
    expect(metricValue(text, 'vigil_checks_file_valid')).toBe(0);
    expect(metricValue(text, 'vigil_checks_file_reloads_total', {outcome: 'invalid'})).toBe(2);

    save(file, entries(['wi-a', 'wi-b']));
    await expect.poll(async () => (await schedulerIds('wi')).length === 2, {message: 'the valid write applied', timeout: 15_000}).toBeTruthy();
    await expect.poll(() => fixture.requestsFor('wi-b').length > 0, {message: 'the added pair runs', timeout: 15_000}).toBeTruthy();
    text = await scrape(worker);
    expect(metricValue(text, 'vigil_checks_file_valid')).toBe(1);
    expect(metricValue(text, 'vigil_checks_file_reloads_total', {outcome: 'applied'})).toBe(1);
  });

  it('takes a discover: section added to the file (the registry read for its orgs), and drops it when removed', async () => {
    const file = path.join(dir, 'discover.yaml');
    save(file, entries(['wd-a']));
    const worker = await startWatching(file, 'wd');
    await expect.poll(() => fixture.requestsFor('wd-a').length > 0, {message: 'the listed pair runs', timeout: 15_000}).toBeTruthy();

    save(file, `${entries(['wd-a'])}discover:\n  orgs: [wd-b]\n  every: 1s\n  registryEvery: 1s\ntimeout: 20s\n`);
    await expect.poll(async () => (await schedulerIds('wd')).join() === [id('wd-a'), id('wd-b')].join(), {message: 'the discovered pair scheduled', timeout: 15_000}).toBeTruthy();
    await expect.poll(() => fixture.requestsFor('wd-b').length > 0, {message: 'the discovered pair runs', timeout: 15_000}).toBeTruthy();
    expect(fixture.stub.requests.some(request => request.path.endsWith('/healthchecks/list') && request.body.slug === 'wd-b')).toBe(true);
    // The one setting not applied live says so.
    expect(worker.warnings).toEqual([expect.stringMatching(/^the checks file changes timeout:, which applies at the next start \{"running":"30s","file":"20s"\}/)]);

    save(file, entries(['wd-a']));
    await expect.poll(async () => (await schedulerIds('wd')).join() === id('wd-a'), {message: 'the discovered pair unscheduled', timeout: 15_000}).toBeTruthy();
    expect(worker.specs().map(spec => spec.id)).toEqual([id('wd-a')]);
  });

  it('rebuilds once when two replicas watch the same file; both run the new file', async () => {
    const file = path.join(dir, 'replicas.yaml');
    save(file, entries(['wr-a']));
    const first = await startWatching(file, 'wr');
    const second = await startWatching(file, 'wr');
    await expect.poll(() => fixture.requestsFor('wr-a').length > 0, {message: 'the pair runs', timeout: 15_000}).toBeTruthy();

    save(file, entries(['wr-a', 'wr-b', 'wr-c']));
    await expect.poll(() => reconciledOnChange(first).length > 0 && reconciledOnChange(second).length > 0, {message: 'both replicas applied the file', timeout: 15_000}).toBeTruthy();
    const changes = [...reconciledOnChange(first), ...reconciledOnChange(second)];
    expect(changes.filter(line => line.includes('"added":2'))).toHaveLength(1);
    expect(changes.filter(line => line.includes('"added":0,"changed":0,"removed":0'))).toHaveLength(1);
    expect(await schedulerIds('wr')).toEqual([id('wr-a'), id('wr-b'), id('wr-c')]);
    for (const worker of [first, second]) expect(worker.specs().map(spec => spec.id).sort()).toEqual([id('wr-a'), id('wr-b'), id('wr-c')]);
    await expect.poll(() => fixture.requestsFor('wr-b').length > 0 && fixture.requestsFor('wr-c').length > 0, {message: 'the added pairs run', timeout: 15_000}).toBeTruthy();
  });
});
