import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../../helpers/cli.js';
import {ensureBuilt} from '../../helpers/build.js';
import {startSandboxProcess, type SandboxProcess} from '../../helpers/sandbox-process.js';
import {freePort, startRedis, type TestRedis} from '../../jobs/redis-server.js';
import {startNode, type Node} from '../../redis/servers.js';
import {startWorkerProcess, type WorkerProcess} from '../../redis/worker-process.js';
import {formatLines} from '../../../src/cmd/doctor/doctor.js';
import {requireProgram} from '../../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

/* `vigil doctor` against the sandbox process, a redis-server and a running worker, as an operator runs it. */

let sandbox: SandboxProcess;
let redis: TestRedis;
let lru: Node;
let worker: WorkerProcess;
let dir: string;

beforeAll(async () => {
  ensureBuilt();
  [sandbox, redis, lru] = await Promise.all([startSandboxProcess(), startRedis(), startNode(['--maxmemory-policy', 'allkeys-lru'])]);
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-doctor-'));
  const checks = path.join(dir, 'checks.yaml');
  writeFileSync(checks, `checks:\n  - {check: takedowns.cancelled-count, org: ${sandbox.org}, every: 1m}\n`);
  worker = await startWorkerProcess({checks, redisUrl: redis.url, baseUrl: sandbox.url, prefix: 'doc', env: {VIGIL_API_KEY: sandbox.apiKey}});
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await Promise.all([sandbox?.stop(), redis?.stop(), lru?.kill()]);
});

const doctor = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  runCli(['doctor', '--redis-url', redis.url, '--prefix', 'doc', ...args], {env: {...sandbox.env, VIGIL_CONFIG_DIR: dir, ...env}, timeoutMs: 30_000});

const statusOf = (stdout: string) => Object.fromEntries(stdout.split('\n').filter(line => /^(ok|warn|fail)\s/.test(line)).map(line => [line.split(/\s{2,}/)[1], line.split(/\s+/)[0]]));

describe.skipIf(redisServer.skipReason)('vigil doctor', () => {
  it('all ok: config, key, API, Redis with version and policy, prefix, the live worker and its /healthz; exit 0', async () => {
    const result = await doctor([]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(statusOf(result.stdout)).toMatchObject({config: 'ok', key: 'ok', api: 'ok', redis: 'ok', prefix: 'ok', workers: 'ok'});
    expect(result.stdout).toMatch(/redis\s+Redis 7\.\d+\.\d+ at redis:\/\/127\.0\.0\.1:\d+ \(standalone\), maxmemory-policy noeviction/);
    expect(result.stdout).toContain('doc: 1 scheduler');
    expect(result.stdout).toContain(`metrics ${worker.metricsUrl}/metrics, /healthz 200`);
    expect(result.stdout).toContain('key e2e…-key from environment');
    expect(result.stdout).not.toContain(sandbox.apiKey);
  });

  it('--json: one object per check', async () => {
    const result = await doctor(['--json']);
    expect(result.code).toBe(0);
    const lines = JSON.parse(result.stdout) as {check: string; status: string}[];
    expect(lines.map(line => line.check).slice(0, 6)).toEqual(['config', 'key', 'api', 'redis', 'prefix', 'workers']);
    expect(lines.every(line => line.status === 'ok')).toBe(true);
  });

  it('a rejected key fails the key check with exit 2', async () => {
    const result = await doctor([], {VIGIL_API_KEY: 'not-the-sandbox-key'});
    expect(result.code).toBe(2);
    expect(statusOf(result.stdout)).toMatchObject({config: 'ok', key: 'fail', redis: 'ok'});
  });

  it('an unreachable base URL fails the api check with exit 8', async () => {
    const result = await doctor([], {VIGIL_BASE_URL: `http://127.0.0.1:${await freePort()}/api/v2`});
    expect(result.code).toBe(8);
    expect(statusOf(result.stdout)).toMatchObject({key: 'warn', api: 'fail', redis: 'ok'});
  });

  it('an unreachable Redis fails with exit 8; an evicting one with exit 3 and the fix', async () => {
    const down = await runCli(['doctor', '--redis-url', `redis://:pw-doctor@127.0.0.1:${await freePort()}`], {env: {...sandbox.env, VIGIL_CONFIG_DIR: dir}, timeoutMs: 30_000});
    expect(down.code).toBe(8);
    expect(statusOf(down.stdout)).toMatchObject({key: 'ok', redis: 'fail'});
    expect(down.stdout).not.toContain('pw-doctor');
    const evicting = await runCli(['doctor', '--redis-url', `redis://127.0.0.1:${lru.port}`], {env: {...sandbox.env, VIGIL_CONFIG_DIR: dir}, timeoutMs: 30_000});
    expect(evicting.code).toBe(3);
    expect(evicting.stdout).toContain('maxmemory-policy allkeys-lru');
    expect(evicting.stdout).toContain('CONFIG SET maxmemory-policy noeviction');
  });

  it('a prefix without schedulers or workers warns and still exits 0', async () => {
    const result = await doctor(['--prefix', 'nobody']);
    expect(result.code).toBe(0);
    expect(statusOf(result.stdout)).toMatchObject({prefix: 'warn', workers: 'warn'});
    expect(result.stdout).toContain('no live worker on this prefix');
  });

  it('formats a line per check: coloured on a terminal, plain when piped', () => {
    const lines = [
      {check: 'redis', status: 'fail' as const, detail: 'down', hint: 'start it'},
      {check: 'key', status: 'ok' as const, detail: 'accepted'},
    ];
    expect(formatLines(lines, false)).toBe('fail  redis  down\n             -> start it\nok    key    accepted');
    expect(formatLines(lines, true)).toContain('\u001b[');
  });
});
