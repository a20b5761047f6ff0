import {execFileSync, spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {ensureBuilt} from '../helpers/build.js';

/*
 * `vigil auth login` in a real terminal: tmux (Debian package `tmux`) runs the built CLI;
 * send-keys types, capture-pane shows what a person would see. Skipped without tmux.
 */

const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const KEY = 'vk_tty_7e6d5c4b3a2910ffee';
let socket: string | undefined;

beforeAll(() => ensureBuilt(), 120_000);
afterEach(() => {
  if (socket) spawnSync('tmux', ['-L', socket, 'kill-server']);
  socket = undefined;
});

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket!, ...args], {encoding: 'utf8'});
const screen = () => tmux('capture-pane', '-p');

async function waitFor(text: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shown = screen();
    if (shown.includes(text)) return shown;
    if (Date.now() > deadline) throw new Error(`timed out waiting for "${text}"; screen:\n${shown}`);
    await sleep(100);
  }
}

/** Starts `vigil auth login` in a fresh tmux server (--no-verify: the prompt is under test, not the check); the pane prints `rc=<code>` at the end. */
function start(dir: string) {
  socket = `vigil-login-${process.pid}-${Date.now()}`;
  // CI unset: vigil prompts only when it is (a CI runner must still get the terminal UI here).
  const command = `env -u CI -u CONTINUOUS_INTEGRATION VIGIL_CONFIG_DIR='${dir}' '${process.execPath}' '${CLI}' auth login --no-verify; echo rc=$?; sleep 60`;
  tmux('new-session', '-d', '-x', '100', '-y', '20', command);
}

describe.skipIf(!hasTmux)('vigil auth login at a terminal (tmux)', () => {
  it('asks with a masked prompt, never shows the key, saves it 0600 and exits 0', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-tty-')), 'vigil');
    start(dir);
    await waitFor('API key:');
    tmux('send-keys', '-l', KEY);
    const typed = await waitFor('*'.repeat(KEY.length));
    expect(typed).not.toContain(KEY);
    tmux('send-keys', 'Enter');
    const done = await waitFor('rc=');
    expect(done).toContain('rc=0');
    expect(done).toContain('Logged in: key vk_…ffee');
    expect(done).not.toContain(KEY);
    const file = path.join(dir, 'credentials.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({apiKey: KEY});
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('Ctrl+C at the prompt exits 130 and saves nothing', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-tty-')), 'vigil');
    start(dir);
    await waitFor('API key:');
    tmux('send-keys', '-l', 'partial');
    await waitFor('*******');
    tmux('send-keys', 'C-c');
    expect(await waitFor('rc=')).toContain('rc=130');
    expect(statSync(dir, {throwIfNoEntry: false})).toBeUndefined();
  });
});
