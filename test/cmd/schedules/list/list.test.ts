import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runWork} from '../../../../src/ui/use-command.js';
import {runSchedulesList, type SchedulesListFlags} from '../../../../src/cmd/schedules/list/list.js';
import {fakeIO} from '../../../helpers/fake-io.js';
import {workerFixture} from '../../../jobs/fixture.js';
import {spec} from '../../../jobs/harness.js';
import {startHeartbeat, workersKey} from '../../../../src/redis/heartbeat.js';
import {QUEUE_NAME} from '../../../../src/redis/queue.js';
import {requireProgram} from '../../../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

const fixture = workerFixture();
const dir = mkdtempSync(path.join(tmpdir(), 'vigil-schedules-'));

const list = async (tty: boolean, flags: SchedulesListFlags) => {
  const io = fakeIO({tty, columns: 160, env: {VIGIL_CONFIG_DIR: dir, VIGIL_REDIS_URL: fixture.redis.url, NO_COLOR: '1'}});
  const code = await runWork(flags, ctx => runSchedulesList(flags, ctx), io, new AbortController().signal);
  return {code, out: io.out(), err: io.err()};
};

describe.skipIf(redisServer.skipReason)('vigil schedules list', () => {
  it('shows each scheduler with interval, next run and last result as a table on a terminal', async () => {
    fixture.stub.counts.set('sl-fail', 12);
    fixture.stub.failures.set('sl-err', [403, 403, 403, 403]);
    const worker = await fixture.start({prefix: 'sl', specs: [spec('sl-fail'), spec('sl-err'), spec('sl-new', {everyMs: 3_600_000})]});
    // The heartbeat `vigil worker` writes beside the worker: one is alive, so no warning.
    const beat = startHeartbeat(fixture.redis.client(), workersKey('sl', QUEUE_NAME), {id: 'h:1', host: 'h', pid: 1, version: 't', metricsUrl: 'http://127.0.0.1:1', startedAt: Date.now()});
    await expect.poll(() => ['sl-fail', 'sl-err'].every(org => worker.runs.some(run => run.org === org)), {message: 'both runs', timeout: 15_000}).toBe(true);
    await expect.poll(async () => (await fixture.redis.client().hlen(workersKey('sl', QUEUE_NAME))) === 1, {message: 'the beat', timeout: 15_000}).toBe(true);
    const {code, out, err} = await list(true, {prefix: 'sl'});
    await beat.stop();
    expect(code).toBe(0);
    expect(err).toBe('');
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CHECK\s+ORG\s+EVERY\s+NEXT RUN\s+LAST RESULT\s+LAST RUN\s+LAST SUCCESS$/);
    expect(lines.find(line => line.includes('sl-fail'))).toMatch(/takedowns\.cancelled-count\s+sl-fail\s+1s\s+(?:in \S+|\S+ ago)\s+fail\s+\S+ ago\s+\S+ ago$/);
    expect(lines.find(line => line.includes('sl-err'))).toMatch(/sl-err\s+1s\s+(?:in \S+|\S+ ago)\s+error: auth\s+\S+ ago\s+-$/);
    expect(lines.find(line => line.includes('sl-new'))).toMatch(/sl-new\s+1h\s+in \S+\s+never run\s+-\s+-$/);
    await worker.shutdown(1000);
  });

  it('a table asked for on a pipe is not cut at 80 columns', async () => {
    const org = `sl-wide-${'o'.repeat(70)}`;
    const worker = await fixture.start({prefix: 'sl-wide', specs: [spec(org, {everyMs: 3_600_000})]});
    const io = fakeIO({tty: false, env: {VIGIL_CONFIG_DIR: dir, VIGIL_REDIS_URL: fixture.redis.url, NO_COLOR: '1'}});
    const flags: SchedulesListFlags = {prefix: 'sl-wide', output: 'table'};
    expect(await runWork(flags, ctx => runSchedulesList(flags, ctx), io, new AbortController().signal)).toBe(0);
    const row = io.out().split('\n').find(line => line.includes('sl-wide'));
    expect(row).toMatch(new RegExp(`^takedowns\\.cancelled-count\\s+${org}\\s+1h\\s+in \\S+\\s+never run\\s+-\\s+-$`));
    await worker.shutdown(1000);
  });

  it('never prints the API key, even from an error an older worker stored with it', async () => {
    const key = 'schedules-key-9876543210';
    const worker = await fixture.start({prefix: 'sl-key', specs: [spec('sl-key', {everyMs: 3_600_000})]});
    await worker.store.recordError(spec('sl-key').id, 'contract', 'unexpected response: observed.x: no', 1000, 5);
    // What a worker without redaction left in Redis: the key in clear.
    const state = 'sl-key:healthchecks:vigil:state';
    const client = fixture.redis.client();
    const raw = (await client.hget(state, spec('sl-key').id))!;
    await client.hset(state, spec('sl-key').id, raw.replace('observed.x', `observed.${key}`));
    const io = fakeIO({tty: false, env: {VIGIL_CONFIG_DIR: dir, VIGIL_REDIS_URL: fixture.redis.url, VIGIL_API_KEY: key}});
    const flags: SchedulesListFlags = {prefix: 'sl-key', json: true};
    expect(await runWork(flags, ctx => runSchedulesList(flags, ctx), io, new AbortController().signal)).toBe(0);
    const [row] = JSON.parse(io.out()) as {lastError: string}[];
    expect(row!.lastError).toBe('unexpected response: observed.sch…3210: no');
    expect(io.out()).not.toContain(key);
    await worker.shutdown(1000);
  });

  it('says how to create schedulers when there are none (stderr), exit 0', async () => {
    const {code, out, err} = await list(true, {prefix: 'empty'});
    expect(code).toBe(0);
    expect(out).toBe('');
    // This Redis holds the other tests' prefixes: the note names them (test/jobs/other-prefixes.test.ts).
    expect(err).toMatch(/^no schedulers under prefix empty, but this Redis has some under .*; select one with --prefix \S+ or VIGIL_PREFIX=\S+\n$/);
    const json = await list(false, {prefix: 'empty', json: true});
    expect(JSON.parse(json.out)).toEqual([]);
  });

  it('says when no worker of the prefix is alive, instead of a NEXT RUN in the past as if all were well', async () => {
    const worker = await fixture.start({prefix: 'sl-dead', specs: [spec('sl-dead', {everyMs: 1000})]});
    await expect.poll(() => worker.runs.some(run => run.org === 'sl-dead'), {message: 'a run', timeout: 15_000}).toBe(true);
    await worker.shutdown(1000);
    // A worker that stops removes its heartbeat: none is left under this prefix.
    const never = await list(true, {prefix: 'sl-dead'});
    expect(never.out).toMatch(/sl-dead/);
    expect(never.err).toBe('warning: no worker of prefix sl-dead has been alive in the last 15s (none left a heartbeat): these checks are not running, whatever NEXT RUN says; start `vigil worker`\n');
    // A worker that stopped beating four minutes ago.
    const client = fixture.redis.client();
    const seenAt = Date.now() - 4 * 60_000;
    await client.hset(workersKey('sl-dead', QUEUE_NAME), 'gone:1', JSON.stringify({id: 'gone:1', host: 'gone', pid: 1, version: 't', metricsUrl: '', startedAt: seenAt - 1000, seenAt}));
    const stale = await list(false, {prefix: 'sl-dead', json: true});
    expect(JSON.parse(stale.out)).toHaveLength(1);
    expect(stale.err).toMatch(/^warning: no worker of prefix sl-dead has been alive in the last 15s \(the last one was seen 4m(\d+s)? ago\): these checks are not running/);
    // One beat now, and the warning goes.
    await client.hset(workersKey('sl-dead', QUEUE_NAME), 'live:1', JSON.stringify({id: 'live:1', host: 'live', pid: 1, version: 't', metricsUrl: '', startedAt: Date.now(), seenAt: Date.now()}));
    expect((await list(false, {prefix: 'sl-dead'})).err).toBe('');
  });
});
