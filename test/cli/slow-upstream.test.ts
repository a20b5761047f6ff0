import {spawnSync} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {createServer, type AddressInfo, type Socket} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {ensureBuilt} from '../helpers/build.js';
import {CLI, runCli} from '../helpers/cli.js';
import {TmuxSession} from '../helpers/tmux.js';
import {localServer, type LocalServer} from '../api/helpers.js';

/*
 * A slow upstream is bounded and never silent: every call has a total budget, retries
 * included (--timeout, VIGIL_TIMEOUT), and on a terminal a waiting line names the host and
 * the attempt after about two seconds; piped or with --json, stderr holds only the error.
 * Against the built CLI, a real server and (for the terminal) tmux.
 */

const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const KEY = 'vk_slow_5a4b3c2d1e0f99887766';
const closers: Array<() => unknown> = [];

beforeAll(() => ensureBuilt(), 120_000);
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Accepts connections and never answers. */
async function blackHole() {
  const sockets: Socket[] = [];
  const server = createServer(socket => {
    sockets.push(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>(resolve => server.close(() => resolve()));
  });
  return {host: `127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => sockets.length};
}

async function server(handler: Parameters<typeof localServer>[0]): Promise<LocalServer> {
  const local = await localServer(handler);
  closers.push(() => local.close());
  return local;
}

const envFor = (host: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  VIGIL_BASE_URL: `http://${host}/api/v2`,
  VIGIL_API_KEY: KEY,
  VIGIL_ORG: 'acme',
  VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-slow-')),
  ...extra,
});

function inTerminal(args: string[], env: NodeJS.ProcessEnv): TmuxSession {
  const session = TmuxSession.start([process.execPath, CLI, ...args], {env, columns: 120, rows: 20});
  closers.push(() => session.close());
  return session;
}

describe('the budget of a call', () => {
  it('against a server that never answers, `reports list --timeout 5s` piped exits 8 in about 5 s, stderr holding only the error', async () => {
    const hole = await blackHole();
    const started = performance.now();
    const result = await runCli(['reports', 'list', '--timeout', '5s'], {env: envFor(hole.host), timeoutMs: 30_000});
    const seconds = (performance.now() - started) / 1000;
    expect(result.code).toBe(8);
    expect(hole.connections()).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeGreaterThanOrEqual(5);
    // Start-up of the built CLI on a loaded machine included.
    expect(seconds).toBeLessThan(7.5);
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

describe.skipIf(!hasTmux)('the waiting line on a terminal (tmux)', () => {
  it('appears after about 2 s naming the host and the attempt, follows the attempts, and is gone when the error is shown', async () => {
    // Each answer is a 503 after 1.2 s: attempt 2 is under way once the line appears.
    const upstream = await server((_req, res) => setTimeout(() => res.writeHead(503, {'content-type': 'application/json'}).end('{"message":"busy","code":"BUSY"}'), 1_200));
    const host = upstream.url.slice('http://'.length);
    const started = performance.now();
    // --no-interactive: the table path (the browser shows its own loading state).
    const terminal = inTerminal(['reports', 'list', '--no-interactive'], envFor(host));
    const first = await terminal.waitForScreen(/waiting for 127\.0\.0\.1:\d+ \(attempt \d of 4\)…/, 15_000);
    // Not at once: the first request was answered (and failed) before the line appeared.
    expect(upstream.requests.length).toBeGreaterThanOrEqual(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(first).toContain(`waiting for ${host} (attempt`);
    await terminal.waitForScreen(`waiting for ${host} (attempt 4 of 4)…`, 20_000);
    expect(await terminal.waitForExit(20_000)).toBe(8);
    const last = terminal.screen();
    expect(last).toContain('(after 4 attempts)');
    expect(last).not.toContain('waiting for');
    expect(last).not.toContain(KEY);
  }, 60_000);

  it('with --json on a terminal, no waiting line: stderr holds only the error', async () => {
    const hole = await blackHole();
    const terminal = inTerminal(['reports', 'list', '--no-interactive', '--json', '--timeout', '4s'], envFor(hole.host));
    // The budget ran out well after the line would have appeared.
    expect(await terminal.waitForExit(20_000)).toBe(8);
    const screen = terminal.screen();
    expect(screen).toContain(`no answer from ${hole.host} within 4 s`);
    expect(screen).not.toContain('waiting for');
  }, 30_000);

  it('the same run without --json shows it, which proves the one above could have', async () => {
    const hole = await blackHole();
    const terminal = inTerminal(['reports', 'list', '--no-interactive', '--timeout', '4s'], envFor(hole.host));
    await terminal.waitForScreen(`waiting for ${hole.host} (attempt 1 of 4)…`, 15_000);
    expect(await terminal.waitForExit(20_000)).toBe(8);
    expect(terminal.screen()).not.toContain('waiting for');
  }, 30_000);
});
