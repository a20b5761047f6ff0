import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {vi} from 'vitest';
import {requireProgram} from './programs.js';

/*
 * A real terminal for end-to-end tests of the keyboard UI: a detached tmux session on its
 * own server socket (never the developer's tmux), driven with send-keys and read with
 * capture-pane. The command's exit code is written to a file when it ends; the pane stays
 * open afterwards so its last frame can still be read.
 */

/** tmux itself: a file of terminal tests is skipped (visibly) where it is missing, outside CI. */
export const tmux = requireProgram('tmux');

let counter = 0;

export interface TmuxOptions {
  /** Environment of the command (nothing else leaks in; CI is never set). */
  env?: NodeJS.ProcessEnv;
  columns?: number;
  rows?: number;
  cwd?: string;
}

export class TmuxSession {
  private constructor(
    private readonly socket: string,
    private readonly dir: string,
  ) {}

  /** Runs `argv` (no shell quoting needed by the caller) in a fresh terminal. */
  static start(argv: string[], options: TmuxOptions = {}): TmuxSession {
    const socket = `vigil-e2e-${process.pid}-${++counter}`;
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-tmux-'));
    const session = new TmuxSession(socket, dir);
    const quoted = argv.map(arg => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
    // `exec sleep` keeps the pane (and its last frame) after the command ends.
    // Written aside and renamed: a reader never sees the file created but still empty.
    const script = `${quoted}; echo $? > '${session.exitFile}.part'; mv '${session.exitFile}.part' '${session.exitFile}'; exec sleep 600`;
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LANG: 'C.UTF-8',
      TERM: 'xterm-256color',
      ...options.env,
    };
    delete env.CI;
    execFileSync('tmux', ['-u', '-L', socket, '-f', '/dev/null', 'new-session', '-d', '-s', 'e2e', '-x', String(options.columns ?? 120), '-y', String(options.rows ?? 40), ...(options.cwd ? ['-c', options.cwd] : []), 'sh', '-c', `unset CI; ${script}`], {env, stdio: 'pipe'});
    return session;
  }

  private get exitFile(): string {
    return path.join(this.dir, 'exit-code');
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-u', '-L', this.socket, ...args], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
  }

  /** The visible screen, trailing blank lines dropped. */
  screen(): string {
    return this.tmux('capture-pane', '-p', '-t', 'e2e').replace(/\s+$/, '');
  }

  /** Named keys (Enter, Escape, Down, C-c, ...). */
  keys(...keys: string[]): void {
    this.tmux('send-keys', '-t', 'e2e', ...keys);
  }

  /** Literal text, as if typed. */
  type(text: string): void {
    this.tmux('send-keys', '-t', 'e2e', '-l', text);
  }

  /** `stty -a` of the pane's terminal: whether the program left it in cooked mode. */
  ttyModes(): string {
    const tty = this.tmux('display-message', '-p', '-t', 'e2e', '#{pane_tty}').trim();
    return execFileSync('stty', ['-a', '-F', tty], {encoding: 'utf8'});
  }

  resize(columns: number, rows: number): void {
    this.tmux('resize-window', '-t', 'e2e', '-x', String(columns), '-y', String(rows));
  }

  /** The command's exit code, or null while it runs. */
  exitCode(): number | null {
    try {
      const text = readFileSync(this.exitFile, 'utf8').trim();
      // Number('') is 0: an empty file is not an exit code.
      return /^\d+$/.test(text) ? Number(text) : null;
    } catch {
      return null;
    }
  }

  /** Polls the screen until `expected` matches; fails with the last screen. */
  async waitForScreen(expected: string | RegExp | ((screen: string) => boolean), timeoutMs = 10_000): Promise<string> {
    const matches = typeof expected === 'function' ? expected : (screen: string) => (typeof expected === 'string' ? screen.includes(expected) : expected.test(screen));
    return vi.waitFor(
      () => {
        const screen = this.screen();
        if (!matches(screen)) throw new Error(`the screen to show ${String(expected)}; last screen:\n${screen}`);
        return screen;
      },
      {timeout: timeoutMs, interval: 50},
    );
  }

  async waitForExit(timeoutMs = 10_000): Promise<number> {
    return vi.waitFor(
      () => {
        const code = this.exitCode();
        if (code === null) throw new Error(`the command to exit; last screen:\n${this.screen()}`);
        return code;
      },
      {timeout: timeoutMs, interval: 50},
    );
  }

  /** Ends the session's own tmux server and removes its files. */
  close(): void {
    try {
      this.tmux('kill-server');
    } catch {
      // Already gone.
    }
    rmSync(this.dir, {recursive: true, force: true});
  }
}
