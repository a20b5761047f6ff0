import {mkdtempSync, readFileSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {ensureBuilt} from '../helpers/build.js';
import {TmuxSession, tmux} from '../helpers/tmux.js';

/*
 * `vigil auth login` in a real terminal (TmuxSession: Debian package `tmux`) running the
 * built CLI: what a person types and sees. Skipped without tmux.
 */

const KEY = 'vk_tty_7e6d5c4b3a2910ffee';
let session: TmuxSession | undefined;

beforeAll(() => ensureBuilt(), 120_000);
afterEach(() => {
  session?.close();
  session = undefined;
});

/** Starts `vigil auth login` in a fresh terminal (--no-verify: the prompt is under test, not the check). */
function start(dir: string): TmuxSession {
  session = TmuxSession.start([process.execPath, CLI, 'auth', 'login', '--no-verify'], {env: {VIGIL_CONFIG_DIR: dir}, columns: 100, rows: 20});
  return session;
}

describe.skipIf(tmux.skipReason)('vigil auth login at a terminal (tmux)', () => {
  it('asks with a masked prompt, never shows the key, saves it 0600 and exits 0', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-tty-')), 'vigil');
    const terminal = start(dir);
    await terminal.waitForScreen('API key:', 15_000);
    terminal.type(KEY);
    const typed = await terminal.waitForScreen('*'.repeat(KEY.length), 15_000);
    expect(typed).not.toContain(KEY);
    terminal.keys('Enter');
    expect(await terminal.waitForExit(15_000)).toBe(0);
    const done = terminal.screen();
    expect(done).toContain('Logged in: key vk_…ffee');
    expect(done).not.toContain(KEY);
    const file = path.join(dir, 'credentials.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({apiKey: KEY});
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('Ctrl+C at the prompt exits 130 and saves nothing', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-tty-')), 'vigil');
    const terminal = start(dir);
    await terminal.waitForScreen('API key:', 15_000);
    terminal.type('partial');
    await terminal.waitForScreen('*******', 15_000);
    terminal.keys('C-c');
    expect(await terminal.waitForExit(15_000)).toBe(130);
    expect(statSync(dir, {throwIfNoEntry: false})).toBeUndefined();
  });
});
