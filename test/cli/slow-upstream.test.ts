import {beforeAll, describe, expect, it} from 'vitest';
import {ensureBuilt} from '../helpers/build.js';
import {CLI, runCli} from '../helpers/cli.js';
import {KEY, blackHole, envFor, server} from '../helpers/slow-upstream.js';

/*
 * A slow upstream is bounded and never silent: every call has a total budget, retries
 * included (--timeout, VIGIL_TIMEOUT), and on a terminal a waiting line names the host and
 * the attempt after about two seconds (test/e2e/tmux-waiting-line.test.ts); piped or with
 * --json, stderr holds only the error. Against the built CLI and a real server.
 */

beforeAll(() => ensureBuilt(), 120_000);

describe('the budget of a call', () => {
  it('against a server that never answers, `reports list --timeout 5s` piped exits 8 in about 5 s, stderr holding only the error', async () => {
    const hole = await blackHole();
    const started = performance.now();
    const result = await runCli(['reports', 'list', '--timeout', '5s'], {env: envFor(hole.host), timeoutMs: 30_000});
    const seconds = (performance.now() - started) / 1000;
    expect(result.code).toBe(8);
    expect(hole.connections()).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeGreaterThanOrEqual(5);
    // A second attempt past the budget would end at 10 s.
    expect(seconds).toBeLessThan(10);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: GET organization/reports: no answer from ${hole.host} within 5 s\n` +
        'hint: the budget of every call, retries included, is set with --timeout or VIGIL_TIMEOUT (e.g. 2m); add --debug to see each attempt\n',
    );
  }, 30_000);

  it('VIGIL_TIMEOUT sets it when --timeout is absent, and --timeout wins over it', async () => {
    const hole = await blackHole();
    const fromEnv = await runCli(['reports', 'list'], {env: envFor(hole.host, {VIGIL_TIMEOUT: '1s'}), timeoutMs: 30_000});
    expect(fromEnv.code).toBe(8);
    expect(fromEnv.stderr).toContain('within 1 s\n');
    const fromFlag = await runCli(['reports', 'list', '--timeout', '1500ms'], {env: envFor(hole.host, {VIGIL_TIMEOUT: '1s'}), timeoutMs: 30_000});
    expect(fromFlag.stderr).toContain('within 1.5 s\n');
  }, 30_000);

  it.each([
    [['--timeout', 'soon'], {}, '--timeout'],
    [['--timeout', '0s'], {}, '--timeout'],
    [['--timeout', '30d'], {}, '--timeout'],
    [[], {VIGIL_TIMEOUT: 'forever'}, 'VIGIL_TIMEOUT'],
  ])('a bad budget (%j %j) exits 3 naming %s, and nothing is sent', async (args, env, field) => {
    const upstream = await server((_req, res) => res.writeHead(200, {'content-type': 'application/json'}).end('{"reports":[],"nextCursor":null,"totalCount":0}'));
    const result = await runCli(['reports', 'list', ...args], {env: envFor(upstream.url.slice('http://'.length), env)});
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`${field}: must be`);
    expect(upstream.requests).toHaveLength(0);
  });

  it('every command that calls the upstream offers --timeout in its help; the worker, whose budget is its checks file, does not', async () => {
    for (const command of [['reports', 'list'], ['reports', 'create'], ['reports', 'search'], ['proposals', 'review'], ['healthchecks', 'run'], ['auth', 'login'], ['auth', 'status'], ['doctor']]) {
      const help = await runCli([...command, '--help']);
      expect(help.stdout, command.join(' ')).toMatch(/--timeout <duration>/);
    }
    expect((await runCli(['worker', '--help'])).stdout).not.toContain('--timeout');
  }, 60_000);
});
