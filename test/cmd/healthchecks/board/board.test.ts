import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runHealthchecksBoard, type BoardDeps, type BoardFlags} from '../../../../src/cmd/healthchecks/board/board.js';
import type {BoardReading} from '../../../../src/board/source.js';
import {runWork} from '../../../../src/ui/use-command.js';
import {fakeIO} from '../../../helpers/fake-io.js';
import {freePort} from '../../../jobs/redis-server.js';
import {NOW, reading, sample, stored} from '../../../board/fixture.js';

const dir = mkdtempSync(path.join(tmpdir(), 'vigil-board-'));

/** The work with a fake store: what it printed, its exit code, and whether the store was closed. */
async function board(flags: BoardFlags, result: BoardReading, options: {tty?: boolean; env?: NodeJS.ProcessEnv} = {}) {
  const io = fakeIO({tty: options.tty ?? false, columns: 200, env: {VIGIL_CONFIG_DIR: dir, VIGIL_REDIS_URL: 'redis://127.0.0.1:1', NO_COLOR: '1', ...options.env}});
  let closed = false;
  const deps: BoardDeps = {
    openSource: async () => ({read: async () => result, store: undefined, close: async () => void (closed = true)}),
  };
  const code = await runWork(flags, ctx => runHealthchecksBoard(flags, {...ctx, now: () => new Date(NOW)}, deps), io, new AbortController().signal);
  return {code, out: io.out(), err: io.err(), closed};
}

describe('vigil healthchecks board, without a terminal', () => {
  it('prints one TSV row per (check, org), worst org first, and exits 0 without --fail-on', async () => {
    const {code, out, err, closed} = await board({}, reading(sample()));
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(closed).toBe(true);
    const rows = out.trimEnd().split('\n').map(line => line.split('\t'));
    expect(rows).toHaveLength(15);
    expect(rows[1]!.slice(0, 4)).toEqual(['reviewing.backlog', 'acme', 'fail', 'fail']);
    expect(rows.find(row => row[1] === 'hooli' && row[0] === 'reviewing.backlog')!.slice(2, 5)).toEqual(['stale', 'ok', new Date(NOW - 60_000).toISOString()]);
    expect(rows.find(row => row[1] === 'initech' && row[0] === 'assets.dead-asset-spike')!.at(-1)).toBe('unavailable: upstream 503');
  });

  it('--json: every cell with severity and gradedAt, the counts and the live workers', async () => {
    const {code, out} = await board({json: true}, reading(sample(), 2));
    expect(code).toBe(0);
    const json = JSON.parse(out) as {cells: Array<{check: string; org: string; severity: string; gradedAt: string | null}>; counts: Record<string, number>; liveWorkers: number};
    expect(json.cells).toHaveLength(15);
    expect(json.cells[0]).toMatchObject({check: 'assets.dead-asset-spike', org: 'acme', severity: 'ok', gradedAt: new Date(NOW - 1000).toISOString()});
    expect(json.cells.find(cell => cell.org === 'umbrella' && cell.check === 'assets.dead-asset-spike')).toMatchObject({severity: 'none', gradedAt: null});
    expect(json.counts).toMatchObject({fail: 1, warn: 1, error: 1, stale: 1});
    expect(json.liveWorkers).toBe(2);
  });

  it('--fail-on: exit 6 and one breached line per cell whose last grade reaches it; below it, exit 0', async () => {
    const fail = await board({failOn: 'fail'}, reading(sample()));
    expect(fail.code).toBe(6);
    expect(fail.err).toBe('breached: reviewing.backlog is FAIL for org acme: observed count=12; thresholds warn=5, fail=10\n');
    const warn = await board({failOn: 'warn', json: true}, reading(sample()));
    expect(warn.code).toBe(6);
    expect(warn.err.trimEnd().split('\n')).toHaveLength(2);
    const ok = await board({failOn: 'fail'}, reading([stored('a.b', 'acme', 'warn')]));
    expect(ok.code).toBe(0);
    expect(ok.err).toBe('');
  });

  it('a bad --fail-on is exit 3 naming the flag, before Redis is read', async () => {
    const {code, err, closed} = await board({failOn: 'error'}, reading(sample()));
    expect(code).toBe(3);
    expect(err).toContain('--fail-on: must be one of warn, fail (got "error")');
    expect(closed).toBe(false);
  });

  it('a VIGIL_RUNBOOK_URL that is no http(s) URL is exit 3 naming it, before Redis is read', async () => {
    const {code, err, closed} = await board({}, reading(sample()), {env: {VIGIL_RUNBOOK_URL: 'runbooks.md'}});
    expect(code).toBe(3);
    expect(err).toContain('VIGIL_RUNBOOK_URL: must be an http(s) URL of docs/runbooks.md');
    expect(closed).toBe(false);
  });

  it('an empty store: exit 0, and stderr says how to start a worker or grade one org', async () => {
    const {code, out, err} = await board({}, reading([], 0));
    expect(code).toBe(0);
    expect(out).toBe('');
    expect(err).toContain('no healthcheck results in this Redis under prefix vigil');
    expect(err).toContain('vigil worker --checks');
    expect(err).toContain('vigil healthchecks run --all --org <slug>');
  });

  it('results but no live worker: a warning that they will go stale', async () => {
    const {code, err} = await board({}, reading(sample(), 0));
    expect(code).toBe(0);
    expect(err).toMatch(/^warning: no worker of prefix vigil has been alive in the last 15s \(the last one was seen 1s ago\): these results are getting old and will turn stale; start `vigil worker`\n$/);
  });

  it('never prints the key or a terminal control the store holds', async () => {
    const key = 'board-key-0123456789abcdef';
    const item = stored('reviewing.backlog', 'acme', 'error', {error: `rejected ${key} \u001b[2J\u001b]8;;https://evil.example\u0007x`});
    const {out, err} = await board({}, reading([item]), {env: {VIGIL_API_KEY: key}});
    expect(out + err).not.toContain(key);
    expect(out).not.toMatch(/[\u001b\u0007]/);
    expect(out).toContain('unavailable: rejected boa…cdef x');
  });

  it('without Redis: exit 8, naming it, with how to start Redis and a worker', async () => {
    const port = await freePort();
    const io = fakeIO({tty: false, env: {VIGIL_CONFIG_DIR: dir, VIGIL_REDIS_URL: `redis://127.0.0.1:${port}`}});
    const code = await runWork({}, ctx => runHealthchecksBoard({}, ctx), io, new AbortController().signal);
    expect(code).toBe(8);
    expect(io.out()).toBe('');
    expect(io.err()).toContain(`cannot reach Redis at redis://127.0.0.1:${port} (VIGIL_REDIS_URL)`);
    expect(io.err()).toContain('vigil worker --checks checks.yaml');
    expect(io.err()).toContain('vigil healthchecks run --all --org <slug>');
  });
});
