import {beforeAll, describe, expect, it} from 'vitest';
import {ensureBuilt} from '../helpers/build.js';
import {CLI} from '../helpers/cli.js';
import {KEY, blackHole, closers, envFor, server} from '../helpers/slow-upstream.js';
import {TmuxSession, tmux} from '../helpers/tmux.js';

/*
 * On a terminal, a slow upstream is never silent: after about two seconds a waiting line
 * names the host and the attempt, and it is gone when the error is shown; with --json it
 * never appears. The built CLI against a real server, in tmux.
 */

beforeAll(() => ensureBuilt(), 120_000);

function inTerminal(args: string[], env: NodeJS.ProcessEnv): TmuxSession {
  const session = TmuxSession.start([process.execPath, CLI, ...args], {env, columns: 120, rows: 20});
  closers.push(() => session.close());
  return session;
}

describe.skipIf(tmux.skipReason)('the waiting line on a terminal (tmux)', () => {
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
