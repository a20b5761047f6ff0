import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {startRedis} from '../jobs/redis-server.js';
import {CLI, ROOT, runCli} from './cli.js';
import {expect, vi} from 'vitest';

export interface GradingWorker {
  /** `base` plus the worker's own redis-server and prefix (never the machine's 6379). */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/**
 * A real worker grading every registry check of `orgs` every `everyMs` into its own
 * redis-server, started once every (check, org) has a grade: what the board's terminal
 * tests read.
 */
export async function startGradingWorker(base: NodeJS.ProcessEnv, options: {orgs: string[]; everyMs: number; prefix: string}): Promise<GradingWorker> {
  const redis = await startRedis();
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-grading-worker-'));
  const env = {...base, VIGIL_REDIS_URL: redis.url, VIGIL_PREFIX: options.prefix};
  const checks = path.join(dir, 'checks.yaml');
  writeFileSync(checks, `defaults:\n  every: ${options.everyMs}ms\ntimeout: 10s\ndiscover:\n  orgs: [${options.orgs.join(', ')}]\n  every: ${options.everyMs}ms\n  registryEvery: 1m\n`);
  const worker = spawn(process.execPath, [CLI, 'worker', '--checks', checks, '--metrics-port', '0'], {cwd: ROOT, env: {PATH: process.env.PATH, HOME: process.env.HOME, ...env}, stdio: ['ignore', 'ignore', 'pipe']});
  worker.stderr!.resume();
  const stop = async () => {
    if (worker.exitCode === null) {
      worker.kill('SIGTERM');
      await new Promise(resolve => worker.once('exit', resolve));
    }
    await redis.stop();
    rmSync(dir, {recursive: true, force: true});
  };
  try {
    await vi.waitFor(async () => {
      const result = await runCli(['healthchecks', 'board', '--json'], {env}).catch(() => undefined);
      const cells = result?.code === 0 ? (JSON.parse(result.stdout) as {cells: Array<{severity: string}>}).cells : [];
      expect(cells.length >= 10 * options.orgs.length && cells.every(cell => cell.severity !== 'none'), `the worker to grade every check of ${options.orgs.join(', ')}`).toBe(true);
    }, {timeout: 120_000, interval: 50});
  } catch (error) {
    await stop();
    throw error;
  }
  return {env, stop};
}
