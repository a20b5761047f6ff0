import {spawn, type ChildProcess} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, vi} from 'vitest';
import {CLI, ROOT} from '../helpers/cli.js';
import {freePort} from '../jobs/redis-server.js';

/** `vigil worker` from the built CLI, piped (JSON log lines), on its own metrics port. */
export interface WorkerProcess {
  child: ChildProcess;
  metricsUrl: string;
  stderr(): string;
  exit: Promise<number | null>;
  /** GET /healthz: its status, or 0 when nothing answers. */
  health(): Promise<number>;
  metrics(): Promise<string>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export const WORKER_KEY = 'topology-key-97531';

export async function startWorkerProcess(args: {checks: string; redisUrl: string; baseUrl: string; prefix?: string; concurrency?: number; env?: NodeJS.ProcessEnv}): Promise<WorkerProcess> {
  const port = await freePort();
  const argv = [CLI, 'worker', '--checks', args.checks, '--redis-url', args.redisUrl, '--metrics-port', String(port), '--grace', '5s'];
  if (args.prefix) argv.push('--prefix', args.prefix);
  if (args.concurrency) argv.push('--concurrency', String(args.concurrency));
  const child = spawn(process.execPath, argv, {
    cwd: ROOT,
    env: {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_CONFIG_DIR: path.dirname(args.checks), VIGIL_API_KEY: WORKER_KEY, VIGIL_BASE_URL: args.baseUrl, ...args.env},
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', chunk => (stderr += chunk));
  const exit = new Promise<number | null>(resolve => child.on('close', code => resolve(code)));
  const metricsUrl = `http://127.0.0.1:${port}`;
  const worker: WorkerProcess = {
    child,
    metricsUrl,
    stderr: () => stderr,
    exit,
    health: async () => {
      try {
        return (await fetch(`${metricsUrl}/healthz`, {signal: AbortSignal.timeout(2000)})).status;
      } catch {
        return 0;
      }
    },
    metrics: async () => (await fetch(`${metricsUrl}/metrics`, {signal: AbortSignal.timeout(20_000)})).text(),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exit;
    },
  };
  await Promise.race([
    vi.waitFor(() => expect(stderr, 'the worker to start').toContain('worker started'), {timeout: 60_000, interval: 50}),
    exit.then(code => {
      throw new Error(`worker exited ${code} before starting:\n${stderr}`);
    }),
  ]);
  return worker;
}

/** A checks file of one check per org, every `every`. */
export function writeChecks(dir: string, name: string, orgs: string[], every: string, extra = ''): string {
  const file = path.join(dir, name);
  writeFileSync(file, `defaults:\n  every: ${every}\nretry: {attempts: 3, backoff: 200ms}\nchecks:\n${orgs.map(org => `  - {check: takedowns.cancelled-count, org: ${org}}\n`).join('')}${extra}`);
  return file;
}

/** The per-check series every replica must agree on (values that do not change between scrapes). */
export function stableSeries(text: string): string[] {
  return text
    .split('\n')
    .filter(line => /^vigil_check_(severity|ok|observed|warn_threshold|fail_threshold|interval_seconds)\{/.test(line))
    .sort();
}
