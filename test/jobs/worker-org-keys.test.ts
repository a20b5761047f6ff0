import {spawn} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CLI, ROOT, runCli} from '../helpers/cli.js';
import {ensureBuilt} from '../helpers/build.js';
import {requireProgram} from '../helpers/programs.js';
import {startSandboxProcess, type SandboxProcess} from '../helpers/sandbox-process.js';
import {metricValue} from './harness.js';
import {openBoardSource} from '../../src/board/source.js';
import {detailLines} from '../../src/board/detail.js';
import {Problems} from '../../src/cli/problems.js';
import {resolveRedisSetting} from '../../src/redis/settings.js';
import {boardReducer, initialBoardState} from '../../src/board/board-state.js';
import {freePort, startRedis, type TestRedis} from './redis-server.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
requireProgram('redis-server');

/*
 * `keys:` of the checks file: a key per org, by reference. Two orgs, each on its own key:
 * acme's from an environment variable (the sandbox's key scoped to acme), globex's from a
 * file holding a key the sandbox rejects. The worker's own key is one the sandbox rejects
 * too, so a graded acme proves its run used acme's key. globex's rejection fails globex's
 * runs only, as auth, naming the reference; no key shows in the log, /metrics or Redis.
 */

const DEFAULT_KEY = 'worker-default-key-never-used-24680';
const GLOBEX_KEY = 'globex-key-the-sandbox-rejects-13579';
let sandbox: SandboxProcess;
let redis: TestRedis;
let dir: string;

beforeAll(async () => {
  ensureBuilt();
  [sandbox, redis] = await Promise.all([startSandboxProcess(), startRedis()]);
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-org-keys-'));
}, 120_000);
afterAll(async () => {
  await sandbox?.stop();
  await redis?.stop();
});

const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_CONFIG_DIR: dir, VIGIL_BASE_URL: sandbox.url, VIGIL_API_KEY: DEFAULT_KEY, ...extra});

/** Every value stored under any key of Redis, as text. */
async function redisText(): Promise<string> {
  const client = redis.client();
  try {
    const parts: string[] = [];
    for (const key of await client.keys('*')) {
      const type = await client.type(key);
      parts.push(key);
      if (type === 'string') parts.push((await client.get(key)) ?? '');
      else if (type === 'hash') parts.push(JSON.stringify(await client.hgetall(key)));
      else if (type === 'list') parts.push(JSON.stringify(await client.lrange(key, 0, -1)));
      else if (type === 'set') parts.push(JSON.stringify(await client.smembers(key)));
      else if (type === 'zset') parts.push(JSON.stringify(await client.zrange(key, 0, -1)));
      else if (type === 'stream') parts.push(JSON.stringify(await client.xrange(key, '-', '+')));
    }
    return parts.join('\n');
  } finally {
    client.disconnect();
  }
}

describe('vigil worker with a key per org by reference', () => {
  it('grades the org whose key is accepted, fails the rejected one as auth naming its reference, and shows no key', async () => {
    const globexKey = path.join(dir, 'globex.key');
    writeFileSync(globexKey, `${GLOBEX_KEY}\n`, {mode: 0o600});
    const checks = path.join(dir, 'checks.yaml');
    writeFileSync(checks, `defaults:\n  every: 1s\nretry: {attempts: 1}\nchecks:\n  - {check: takedowns.cancelled-count, org: acme}\n  - {check: takedowns.cancelled-count, org: globex}\nkeys:\n  - {orgs: [acme], key: {env: VIGIL_KEY_ACME}}\n  - {orgs: [globex], key: {file: ${globexKey}}}\n`);
    const port = await freePort();
    const child = spawn(process.execPath, [CLI, 'worker', '--checks', checks, '--redis-url', redis.url, '--metrics-port', String(port)], {cwd: ROOT, env: env({VIGIL_KEY_ACME: sandbox.scopedKey}), stdio: ['ignore', 'pipe', 'pipe']});
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', chunk => (stderr += chunk));
    const exit = new Promise<number | null>(resolve => child.on('close', code => resolve(code)));
    const lines = () => stderr.split('\n').filter(line => line.startsWith('{')).map(line => JSON.parse(line) as Record<string, unknown>);
    let metrics = '';
    try {
      await expect
        .poll(
          async () => {
            metrics = await fetch(`http://127.0.0.1:${port}/metrics`).then(response => response.text(), () => '');
            const globexFailed = lines().some(line => line.msg === 'run' && line.org === 'globex');
            return metricValue(metrics, 'vigil_check_severity', {check: 'takedowns.cancelled-count', org: 'acme'}) !== undefined && globexFailed;
          },
          {timeout: 60_000, interval: 250},
        )
        .toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exit).toBe(0);
    const runs = lines().filter(line => line.msg === 'run');
    const acme = runs.filter(line => line.org === 'acme');
    const globex = runs.filter(line => line.org === 'globex');
    expect(acme.length).toBeGreaterThan(0);
    expect(acme.every(line => line.outcome !== 'error')).toBe(true);
    expect(globex.length).toBeGreaterThan(0);
    for (const line of globex) {
      expect(line.errorKind).toBe('auth');
      expect(line.error).toContain(`(key file:${globexKey})`);
    }
    // At start: the rejected org's key is a warning naming its reference, and the worker runs on.
    expect(lines()).toContainEqual(expect.objectContaining({level: 'warn', org: 'globex', key: `file:${globexKey}`, msg: "the upstream rejected this org's key (401): its runs fail as auth until the key is replaced"}));
    // schedules list and the board name each org's key by its reference, read from Redis.
    const listed = await runCli(['schedules', 'list', '--redis-url', redis.url, '--json'], {env: env()});
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as {org: string; key: string | null}[]).map(row => `${row.org} ${row.key}`).sort()).toEqual(['acme env:VIGIL_KEY_ACME', `globex file:${globexKey}`]);
    const table = await runCli(['schedules', 'list', '--redis-url', redis.url], {env: env()});
    // Piped: TSV, the KEY column last.
    expect(table.stdout.trim().split('\n').map(line => line.split('\t').at(-1)).sort()).toEqual(['env:VIGIL_KEY_ACME', `file:${globexKey}`]);
    const source = await openBoardSource(resolveRedisSetting({redisUrl: redis.url}, {}, new Problems())!);
    try {
      const state = boardReducer(initialBoardState(), {type: 'read', reading: await source.read(Date.now()), now: Date.now()});
      const cell = state.board!.cells.get('takedowns.cancelled-count@globex')!;
      expect(detailLines(cell, Date.now(), undefined, undefined, state.keyRefs.get('globex')).map(line => line.text)).toContain(`key         file:${globexKey} (by reference, from the checks file)`);
    } finally {
      await source.close();
    }
    const stored = await redisText();
    expect(stored).toContain('acme');
    for (const key of [sandbox.scopedKey, GLOBEX_KEY, DEFAULT_KEY]) {
      expect(stderr).not.toContain(key);
      expect(metrics).not.toContain(key);
      expect(stored).not.toContain(key);
    }
  }, 120_000);

  it("reads a discover: org's registry on that org's own key, and grades what it lists", async () => {
    const checks = path.join(dir, 'discover.yaml');
    writeFileSync(checks, `defaults:\n  every: 1s\nretry: {attempts: 1}\ndiscover:\n  orgs: [acme]\nkeys:\n  - {orgs: [acme], key: {env: VIGIL_KEY_ACME}}\n`);
    const port = await freePort();
    const child = spawn(process.execPath, [CLI, 'worker', '--checks', checks, '--redis-url', redis.url, '--metrics-port', String(port), '--prefix', 'discovered'], {cwd: ROOT, env: env({VIGIL_KEY_ACME: sandbox.scopedKey}), stdio: ['ignore', 'pipe', 'pipe']});
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', chunk => (stderr += chunk));
    const exit = new Promise<number | null>(resolve => child.on('close', code => resolve(code)));
    try {
      // The worker's own key is one the sandbox rejects: a graded acme check came from a registry read on acme's key.
      await expect
        .poll(async () => /^vigil_check_severity\{[^}]*org="acme"/m.test(await fetch(`http://127.0.0.1:${port}/metrics`).then(response => response.text(), () => '')), {timeout: 60_000, interval: 250})
        .toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exit).toBe(0);
    expect(stderr).not.toMatch(/healthcheck registry read failed/);
  }, 120_000);

  it('refuses a key written into the file: exit 3 naming the field, the key not echoed', async () => {
    const checks = path.join(dir, 'literal.yaml');
    writeFileSync(checks, 'checks:\n  - {check: takedowns.cancelled-count, org: acme}\nkeys:\n  - {orgs: [acme], key: sk-literal-key-in-the-file-97531}\n');
    const result = await runCli(['worker', '--checks', checks, '--redis-url', 'redis://127.0.0.1:1', '--metrics-port', '0'], {env: env()});
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/keys\[0\]\.key.*is the key itself: name it by reference, \{env: NAME\} or \{file: \/path\}/);
    expect(result.stderr).not.toContain('sk-literal-key-in-the-file-97531');
  });

  it('a reference to a variable that is not set: exit 3 naming it, before anything runs', async () => {
    const checks = path.join(dir, 'unset.yaml');
    writeFileSync(checks, 'checks:\n  - {check: takedowns.cancelled-count, org: acme}\nkeys:\n  - {orgs: [acme], key: {env: VIGIL_KEY_NOT_SET}}\n');
    const result = await runCli(['worker', '--checks', checks, '--redis-url', 'redis://127.0.0.1:1', '--metrics-port', '0'], {env: env()});
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/keys: env:VIGIL_KEY_NOT_SET.*is not set, or empty/);
  });
});
