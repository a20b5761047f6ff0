import {spawn, type ChildProcess} from 'node:child_process';
import {CLI, ROOT} from './cli.js';

/*
 * Runs `vigil sandbox` from dist/ as its own process (build first), for end-to-end tests
 * of the built CLI against a real server. It listens on a free loopback port; the URL is
 * read from the `export VIGIL_BASE_URL=...` line the sandbox prints at start.
 */

export interface SandboxProcess {
  /** Base URL ending in /api/v2 (VIGIL_BASE_URL). */
  url: string;
  /** `http://127.0.0.1:<port>` (admin routes live under /_sandbox). */
  origin: string;
  /** All-orgs key (also the admin key). */
  apiKey: string;
  /** Key limited to `org`. */
  scopedKey: string;
  /** The scoped key's org, also the VIGIL_ORG of the printed env line (acme by default). */
  org: string;
  /** Env for running the CLI against this sandbox: VIGIL_BASE_URL, VIGIL_API_KEY, VIGIL_ORG. */
  env: NodeJS.ProcessEnv;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Sends the signal (SIGTERM by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface SandboxProcessOptions {
  /** Extra arguments, e.g. ['--seed', 'other'] or ['--seed-file', path]. */
  args?: string[];
  apiKey?: string;
  scopedKey?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** The vigil to run, as a command line (default: this Node with dist/cli.js); e.g. an installed `vigil`. */
  program?: string[];
}

export const E2E_API_KEY = 'e2e-all-orgs-key';
export const E2E_SCOPED_KEY = 'e2e-scoped-acme-key';

const ENV_LINE = /^export VIGIL_BASE_URL=(\S+) VIGIL_API_KEY=(\S+) VIGIL_ORG=(\S+)$/m;

export function startSandboxProcess(options: SandboxProcessOptions = {}): Promise<SandboxProcess> {
  const apiKey = options.apiKey ?? E2E_API_KEY;
  const scopedKey = options.scopedKey ?? E2E_SCOPED_KEY;
  const [command, ...programArgs] = options.program ?? [process.execPath, CLI];
  const child = spawn(command!, [...programArgs, 'sandbox', '--port', '0', '--quiet', '--api-key', apiKey, '--scoped-key', scopedKey, ...(options.args ?? [])], {
    cwd: ROOT,
    env: {PATH: process.env.PATH, HOME: process.env.HOME, ...options.env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', chunk => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', chunk => (err += chunk));
  const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)));

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sandbox did not start within ${options.timeoutMs ?? 15_000}ms\nstdout:\n${out}\nstderr:\n${err}`));
    }, options.timeoutMs ?? 15_000);
    const onData = () => {
      const match = ENV_LINE.exec(out);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      const [, url, key, org] = match as unknown as [string, string, string, string];
      resolve({
        url,
        origin: url.replace(/\/api\/v2$/, ''),
        apiKey: key,
        scopedKey,
        org,
        env: {VIGIL_BASE_URL: url, VIGIL_API_KEY: key, VIGIL_ORG: org},
        child,
        stdout: () => out,
        stderr: () => err,
        stop: async (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    void exited.then(code => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code} before it was ready\nstdout:\n${out}\nstderr:\n${err}`));
    });
  });
}
