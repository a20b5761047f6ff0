import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runHealthchecksBoard, type BoardFlags} from '../../src/cmd/healthchecks/board/board.js';
import {runSchedulesList, type SchedulesListFlags} from '../../src/cmd/schedules/list/list.js';
import {runWork} from '../../src/ui/use-command.js';
import {ensureBuilt} from '../helpers/build.js';
import {fakeIO} from '../helpers/fake-io.js';
import {startMcp} from '../helpers/mcp-client.js';
import {requireProgram} from '../helpers/programs.js';
import {workerFixture} from '../jobs/fixture.js';
import {metricValue, scrape, spec} from '../jobs/harness.js';

/*
 * Times are input too: `"at": 1e300` is finite, so it passed the number check, and then
 * `toISOString` threw "Invalid time value" in the board (every view, and MCP's tool), and
 * /metrics exported `last_success_timestamp 1e+297`, a success VigilCheckStale never sees
 * go stale. A heartbeat's `"seenAt": "soon"` threw in `schedules list`'s warning after its
 * JSON. Each bad entry is skipped and named; everything else keeps working.
 */

const fixture = workerFixture();
const redisServer = requireProgram('redis-server');
const dir = mkdtempSync(path.join(tmpdir(), 'vigil-hostile-times-'));
const DAY = 24 * 3600 * 1000;

/** Writes, over what the worker of prefix `p` stored, a good pair, one from the far future, one a Date cannot hold, and a heartbeat that is none. */
async function tamper(p: string) {
  const redis = fixture.redis.client();
  const state = `${p}:healthchecks:vigil:state`;
  const now = Date.now();
  const entry = (at: number) => {
    const success = {severity: 'fail', ok: false, observed: {cancelledCount: 12}, at, appUrl: null};
    return `${JSON.stringify(success)}\n${JSON.stringify({at, outcome: 'fail', durationMs: 5})}`;
  };
  const [good, huge, ahead] = [spec(`${p}-good`), spec(`${p}-huge`), spec(`${p}-ahead`)];
  await redis.hset(state, good.id, entry(now - 1000), huge.id, entry(1e300), ahead.id, entry(now + 2 * DAY));
  const beat = {id: 'planted', host: 'box', pid: 1, version: '9.9.9', metricsUrl: 'http://127.0.0.1:1', startedAt: now, seenAt: 'soon'};
  await redis.hset(`${p}:healthchecks:workers`, beat.id, JSON.stringify(beat));
  return {good, huge, ahead};
}

const specs = (p: string) => [spec(`${p}-good`, {everyMs: 3_600_000}), spec(`${p}-huge`, {everyMs: 3_600_000}), spec(`${p}-ahead`, {everyMs: 3_600_000})];
const env = () => ({VIGIL_CONFIG_DIR: dir, VIGIL_REDIS_URL: fixture.redis.url, NO_COLOR: '1'});

async function board(flags: BoardFlags) {
  const io = fakeIO({tty: false, env: env()});
  const code = await runWork(flags, ctx => runHealthchecksBoard(flags, ctx), io, new AbortController().signal);
  return {code, out: io.out(), err: io.err()};
}

const NAMED = [
  'warning: skipped a bad stored entry "takedowns.cancelled-count@ht-huge": success.at: must be a time a date can hold; run.at: must be a time a date can hold\n',
  'warning: skipped a bad stored entry "takedowns.cancelled-count@ht-ahead": success.at: must not be more than a day ahead; run.at: must not be more than a day ahead\n',
  'warning: skipped a bad stored entry "planted": heartbeat seenAt: Invalid input: expected number, received string\n',
];

describe.skipIf(redisServer.skipReason)('stored times are input: a bad one is skipped and named, the rest works', () => {
  it('the board snapshot (--json, TSV, --fail-on) and /metrics: the good pair shown, the bad ones named, no timestamp past the Date range', async () => {
    const worker = await fixture.start({prefix: 'ht', specs: specs('ht')});
    const {good, huge, ahead} = await tamper('ht');

    const json = await board({prefix: 'ht', json: true});
    expect(json.code).toBe(0);
    expect(json.err).not.toContain('Invalid time value');
    for (const line of NAMED) expect(json.err).toContain(line);
    const snapshot = JSON.parse(json.out) as {cells: {org: string; gradedAt: string | null; grade: string | null}[]; skipped: {id: string; problem: string}[]; skippedCount: number};
    expect(snapshot.cells.find(cell => cell.org === good.org)).toMatchObject({grade: 'fail', gradedAt: expect.stringMatching(/^\d{4}-/) as unknown});
    // Configured, so a cell: never graded as far as anything trustworthy says.
    expect(snapshot.cells.find(cell => cell.org === huge.org)).toMatchObject({grade: null, gradedAt: null});
    expect(snapshot.skippedCount).toBe(3);
    expect(snapshot.skipped.map(entry => entry.id).sort()).toEqual(['planted', ahead.id, huge.id].sort());

    const tsv = await board({prefix: 'ht'});
    expect(tsv.code).toBe(0);
    expect(tsv.out).toMatch(new RegExp(`^takedowns\\.cancelled-count\\t${good.org}\\tfail\\tfail\\t\\d{4}-`, 'm'));
    for (const line of NAMED) expect(tsv.err).toContain(line);

    const failOn = await board({prefix: 'ht', failOn: 'fail'});
    expect(failOn.code).toBe(6);
    expect(failOn.err).toContain(`breached: takedowns.cancelled-count is FAIL for org ${good.org}`);
    expect(failOn.err).not.toContain(`org ${huge.org}`);

    const text = await scrape(worker);
    expect(text).not.toMatch(/e\+\d{2,}/);
    expect(metricValue(text, 'vigil_check_last_success_timestamp_seconds', {check: good.check, org: good.org})).toBeGreaterThan(0);
    expect(metricValue(text, 'vigil_check_last_success_timestamp_seconds', {check: huge.check, org: huge.org})).toBeUndefined();
    expect(metricValue(text, 'vigil_check_last_success_timestamp_seconds', {check: ahead.check, org: ahead.org})).toBeUndefined();
    expect(metricValue(text, 'vigil_store_entries_skipped')).toBe(2);
  }, 60_000);

  it('schedules list prints its JSON and names the heartbeat and the results, exit 0', async () => {
    await fixture.start({prefix: 'hu', specs: specs('hu')});
    const {good} = await tamper('hu');
    const io = fakeIO({tty: false, env: env()});
    const flags: SchedulesListFlags = {prefix: 'hu', json: true};
    expect(await runWork(flags, ctx => runSchedulesList(flags, ctx), io, new AbortController().signal)).toBe(0);
    const rows = JSON.parse(io.out()) as {id: string; lastSuccessAt: string | null}[];
    expect(rows.find(row => row.id === good.id)!.lastSuccessAt).toMatch(/^\d{4}-/);
    expect(io.err()).not.toContain('Invalid time value');
    for (const line of NAMED) expect(io.err()).toContain(line.replaceAll('@ht-', '@hu-'));
  }, 60_000);

  it('MCP healthchecks_board: the snapshot as structured content, the bad entries named in it', async () => {
    ensureBuilt();
    await fixture.start({prefix: 'hm', specs: specs('hm')});
    const {good, huge} = await tamper('hm');
    const mcp = await startMcp([], {...env(), VIGIL_PREFIX: 'hm'});
    try {
      const result = await mcp.call('healthchecks_board', {});
      expect(result.isError, mcp.text(result)).toBeFalsy();
      const snapshot = result.structuredContent as {cells: {org: string; grade: string | null}[]; skipped: {id: string}[]};
      expect(snapshot.cells.find(cell => cell.org === good.org)?.grade).toBe('fail');
      expect(snapshot.skipped.map(entry => entry.id)).toContain(huge.id);
      expect(mcp.text(result)).not.toContain('Invalid time value');
    } finally {
      await mcp.close();
    }
  }, 60_000);
});
