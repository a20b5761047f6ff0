import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runWork} from '../../../../src/ui/use-command.js';
import {askOnTerminal, runSchedulesClear, type Confirm, type SchedulesClearFlags} from '../../../../src/cmd/schedules/clear/clear.js';
import {prefixPattern} from '../../../../src/redis/prefixes.js';
import {runSchedulesList, type SchedulesListFlags} from '../../../../src/cmd/schedules/list/list.js';
import {startHeartbeat, workersKey} from '../../../../src/redis/heartbeat.js';
import {QUEUE_NAME} from '../../../../src/redis/queue.js';
import {fakeIO} from '../../../helpers/fake-io.js';
import {runCli} from '../../../helpers/cli.js';
import {ensureBuilt} from '../../../helpers/build.js';
import {workerFixture} from '../../../jobs/fixture.js';
import {spec} from '../../../jobs/harness.js';
import {requireProgram} from '../../../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

/* `vigil schedules clear` on a real redis-server the fixture starts (never 6379's data). */

const fixture = workerFixture();
const dir = mkdtempSync(path.join(tmpdir(), 'vigil-schedules-clear-'));
const env = () => ({VIGIL_CONFIG_DIR: dir, VIGIL_REDIS_URL: fixture.redis.url, NO_COLOR: '1'});

async function clear(flags: SchedulesClearFlags, options: {tty?: boolean; confirm?: Confirm} = {}) {
  const io = fakeIO({tty: options.tty ?? false, env: env()});
  const code = await runWork(flags, ctx => runSchedulesClear(flags, ctx, options.confirm), io, new AbortController().signal);
  return {code, out: io.out(), err: io.err()};
}

async function listed(prefix: string) {
  const flags: SchedulesListFlags = {prefix, json: true};
  const io = fakeIO({tty: false, env: env()});
  await runWork(flags, ctx => runSchedulesList(flags, ctx), io, new AbortController().signal);
  return {rows: io.out() === '' ? [] : (JSON.parse(io.out()) as {org: string}[]), err: io.err()};
}

async function keys(prefix: string): Promise<string[]> {
  const client = fixture.redis.client();
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await client.scan(cursor, 'MATCH', prefixPattern(prefix), 'COUNT', 1000);
    cursor = next;
    found.push(...batch);
  } while (cursor !== '0');
  return found;
}

/** Schedulers (and, after their first runs, results) for `orgs` under `prefix`; the worker is stopped after. */
async function scheduled(prefix: string, orgs: string[]) {
  const worker = await fixture.start({prefix, specs: orgs.map(org => spec(org))});
  await expect.poll(() => orgs.every(org => worker.runs.some(run => run.org === org)), {message: 'a run of each', timeout: 15_000}).toBe(true);
  await worker.shutdown(1000);
  expect((await listed(prefix)).rows.map(row => row.org).sort()).toEqual([...orgs].sort());
}

describe.skipIf(redisServer.skipReason)('vigil schedules clear', () => {
  it('--yes removes every scheduler of the prefix and nothing of another; schedules list then shows none', async () => {
    await scheduled('sc-a', ['sc-a1', 'sc-a2', 'sc-a3']);
    await scheduled('sc-a-other', ['sc-o1']);
    const result = await clear({prefix: 'sc-a', yes: true});
    expect(result).toMatchObject({code: 0, out: 'removed 3 schedulers of prefix sc-a\n', err: ''});
    expect((await listed('sc-a')).rows).toEqual([]);
    expect((await listed('sc-a-other')).rows.map(row => row.org)).toEqual(['sc-o1']);
    // Without --results the stored results stay.
    expect((await keys('sc-a')).some(key => key.startsWith('sc-a:healthchecks:vigil'))).toBe(true);
  });

  it('--results --yes leaves no key of the prefix in Redis, and another prefix untouched', async () => {
    await scheduled('sc-b', ['sc-b1', 'sc-b2']);
    await scheduled('sc-b-keep', ['sc-k1']);
    const before = await keys('sc-b');
    expect(before.length).toBeGreaterThan(3);
    const keep = (await keys('sc-b-keep')).sort();
    const result = await clear({prefix: 'sc-b', results: true, yes: true, json: true});
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({prefix: 'sc-b', schedulers: 2, keys: expect.any(Number), liveWorkers: 0});
    // Some keys went with the schedulers (their next jobs); the rest with --results.
    expect((JSON.parse(result.out) as {keys: number}).keys).toBeGreaterThan(0);
    expect(await keys('sc-b')).toEqual([]);
    expect((await keys('sc-b-keep')).sort()).toEqual(keep);
  });

  it('on a terminal it asks, and removes nothing unless the answer is yes', async () => {
    await scheduled('sc-c', ['sc-c1']);
    const questions: string[] = [];
    const no = await clear({prefix: 'sc-c'}, {tty: true, confirm: async question => (questions.push(question), false)});
    expect(no).toMatchObject({code: 0, out: '', err: 'nothing removed\n'});
    expect(questions).toEqual([`Remove 1 scheduler of prefix sc-c in ${fixture.redis.url}?`]);
    expect((await listed('sc-c')).rows).toHaveLength(1);
    const yes = await clear({prefix: 'sc-c', results: true}, {tty: true, confirm: async question => (questions.push(question), true)});
    const told = /^Remove 1 scheduler of prefix sc-c and all (\d+) keys under sc-c: \(results, queue, heartbeats\) in redis:\/\/\S+\?$/.exec(questions[1]!);
    expect(told, questions[1]).not.toBeNull();
    expect(yes.out).toBe(`removed 1 scheduler and ${told![1]} keys of prefix sc-c\n`);
    expect(await keys('sc-c')).toEqual([]);
  });

  it('the terminal question takes y or yes, and anything else (or the end of input) as no', async () => {
    for (const [typed, answer] of [['y\n', true], ['YES\n', true], ['\n', false], ['n\n', false], ['', false]] as const) {
      const io = fakeIO({tty: true, stdin: typed});
      const seen = await askOnTerminal('Remove?', io);
      expect(seen, JSON.stringify(typed)).toBe(answer);
      expect(io.err()).toContain('Remove? [y/N] ');
    }
  });

  it('says so when there is nothing to clear, and warns that a live worker schedules its checks again', async () => {
    expect(await clear({prefix: 'sc-none', yes: true})).toMatchObject({code: 0, out: `nothing to clear: no schedulers under prefix sc-none in ${fixture.redis.url}\n`});
    await scheduled('sc-d', ['sc-d1']);
    const beat = startHeartbeat(fixture.redis.client(), workersKey('sc-d', QUEUE_NAME), {id: 'h:1', host: 'h', pid: 1, version: 't', metricsUrl: 'http://127.0.0.1:1', startedAt: Date.now()});
    try {
      await expect.poll(async () => (await fixture.redis.client().hlen(workersKey('sc-d', QUEUE_NAME))) === 1, {message: 'the beat', timeout: 15_000}).toBe(true);
      const result = await clear({prefix: 'sc-d', yes: true});
      expect(result.out).toBe('removed 1 scheduler of prefix sc-d\n');
      expect(result.err).toBe('warning: 1 worker of prefix sc-d is running (h:1) and will schedule its checks again; stop it first to keep them cleared\n');
    } finally {
      await beat.stop();
    }
  });
});

describe.skipIf(redisServer.skipReason)('vigil schedules clear (built CLI, piped)', () => {
  it('without --yes: exit 3 naming --yes, and nothing removed; with it: none left', async () => {
    ensureBuilt();
    await scheduled('sc-e', ['sc-e1', 'sc-e2']);
    const refused = await runCli(['schedules', 'clear', '--prefix', 'sc-e'], {env: env()});
    expect(refused.code).toBe(3);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('--yes: required when not on a terminal');
    expect(refused.stderr).toContain('hint: add --yes to clear without asking');
    expect((await listed('sc-e')).rows).toHaveLength(2);
    const done = await runCli(['schedules', 'clear', '--prefix', 'sc-e', '--results', '--yes'], {env: env()});
    expect(done).toMatchObject({code: 0, stderr: ''});
    expect(done.stdout).toMatch(/^removed 2 schedulers and \d+ keys of prefix sc-e\n$/);
    const list = await runCli(['schedules', 'list', '--prefix', 'sc-e', '--json'], {env: env()});
    expect(list).toMatchObject({code: 0, stdout: '[]\n'});
    expect(await keys('sc-e')).toEqual([]);
  }, 60_000);
});
