import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Queue} from 'bullmq';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runWork} from '../../src/cli/run-work.js';
import {runDoctor} from '../../src/cmd/doctor/doctor.js';
import {runSchedulesList, type SchedulesListFlags} from '../../src/cmd/schedules/list/list.js';
import {QUEUE_NAME} from '../../src/redis/queue.js';
import {fakeIO} from '../helpers/fake-io.js';
import {startRedis, type TestRedis} from './redis-server.js';

/*
 * Workers under another prefix (`npm run demo` uses vigil-demo) are never a silent trap:
 * with nothing under the prefix in use, `schedules list` and `doctor` name the prefixes
 * that have schedulers and how to select one, on stderr when piped. And doctor only reads.
 */

let redis: TestRedis;
const dir = mkdtempSync(path.join(tmpdir(), 'vigil-other-prefixes-'));

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
  rmSync(dir, {recursive: true, force: true});
});

const ioFor = (tty: boolean) => fakeIO({tty, columns: 120, env: {VIGIL_CONFIG_DIR: dir, VIGIL_REDIS_URL: redis.url, NO_COLOR: '1'}});

async function list(tty: boolean, flags: SchedulesListFlags = {}) {
  const io = ioFor(tty);
  const code = await runWork(flags, ctx => runSchedulesList(flags, ctx), io, new AbortController().signal);
  return {code, out: io.out(), err: io.err()};
}

async function doctor() {
  const io = ioFor(false);
  const code = await runWork({}, ctx => runDoctor({}, ctx), io, new AbortController().signal);
  return {code, out: io.out(), err: io.err()};
}

async function schedulers(prefix: string, count: number) {
  const queue = new Queue(QUEUE_NAME, {connection: {port: redis.port, host: '127.0.0.1'}, prefix});
  for (let index = 0; index < count; index++) await queue.upsertJobScheduler(`check-${index}`, {every: 3_600_000}, {name: 'check', data: {}});
  await queue.close();
}

describe('another prefix', () => {
  it('doctor and schedules list only read: an empty Redis stays empty (no <prefix>:healthchecks:meta)', async () => {
    const {out} = await doctor();
    expect(out).toMatch(/warn\s+prefix\s+vigil: no schedulers/);
    expect(await list(false)).toEqual({code: 0, out: '', err: 'no schedulers under prefix vigil: start `vigil worker --checks <file>` to create them\n'});
    expect(await redis.client().keys('*')).toEqual([]);
  });

  it('schedules list and doctor name the prefixes that have schedulers, and how to select one', async () => {
    await schedulers('vigil-demo', 3);
    await schedulers('staging', 1);
    const note = 'no schedulers under prefix vigil, but this Redis has some under vigil-demo (3 schedulers), staging (1 scheduler); select one with --prefix vigil-demo or VIGIL_PREFIX=vigil-demo\n';
    const terminal = await list(true);
    expect(terminal).toEqual({code: 0, out: '', err: note});
    // Piped: nothing on stdout a script would read as rows, the note on stderr.
    const piped = await list(false);
    expect(piped).toEqual({code: 0, out: '', err: note});
    const json = await list(false, {json: true});
    expect(JSON.parse(json.out)).toEqual([]);
    expect(json.err).toBe(note);
    // The prefix named works.
    const selected = await list(false, {prefix: 'vigil-demo'});
    expect(selected.out.trimEnd().split('\n')).toHaveLength(3);
    expect((await doctor()).out).toMatch(new RegExp(`^warn +prefix +${note.trimEnd().replace(/[()]/g, '\\$&')}$`, 'm'));
  });

  it('a prefix with schedulers of its own says nothing of the others', async () => {
    const {err} = await list(false, {prefix: 'staging'});
    expect(err).not.toContain('vigil-demo');
  });
});
