import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {CLI, ROOT, runCli} from '../helpers/cli.js';
import {ensureBuilt} from '../helpers/build.js';
import {freePort, startRedis, type TestRedis} from './redis-server.js';
import {startStubUpstream, type StubUpstream} from './stub-upstream.js';
import {requireProgram} from '../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

/* `vigil worker` and `vigil schedules list` as a user runs them: the built CLI, piped. */

const KEY = 'cli-worker-key-24680';
let redis: TestRedis;
let stub: StubUpstream;
let dir: string;

beforeAll(async () => {
  ensureBuilt();
  redis = await startRedis();
  stub = await startStubUpstream();
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-worker-cli-'));
}, 120_000);
afterAll(async () => {
  await stub?.close();
  await redis?.stop();
});

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_CONFIG_DIR: dir, VIGIL_API_KEY: KEY, VIGIL_BASE_URL: stub.baseUrl, ...extra};
}

function checksFile(name: string, orgs: string[], every = '1s'): string {
  const file = path.join(dir, name);
  writeFileSync(file, `defaults:\n  every: ${every}\nretry: {attempts: 2, backoff: 100ms}\nchecks:\n${orgs.map(org => `  - {check: takedowns.cancelled-count, org: ${org}}\n`).join('')}`);
  return file;
}

interface Running {
  child: ChildProcess;
  stderr: () => string;
  exit: Promise<number | null>;
}

function startWorker(args: string[]): Running {
  const child = spawn(process.execPath, [CLI, 'worker', ...args], {cwd: ROOT, env: env(), stdio: ['ignore', 'pipe', 'pipe']});
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', chunk => (stderr += chunk));
  const exit = new Promise<number | null>(resolve => child.on('close', code => resolve(code)));
  return {child, stderr: () => stderr, exit};
}

const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line) as Record<string, unknown>);

describe.skipIf(redisServer.skipReason)('vigil worker (built CLI)', () => {
  it('runs the checks file, serves /metrics and /healthz, logs JSON lines and exits 0 on SIGTERM', async () => {
    stub.counts.set('cli-a', 4);
    const port = await freePort();
    const worker = startWorker(['--checks', checksFile('a.yaml', ['cli-a', 'cli-b']), '--redis-url', redis.url, '--metrics-port', String(port), '--prefix', 'cli']);
    try {
      await expect.poll(() => jsonLines(worker.stderr()).filter(line => line.msg === 'run').length >= 2, {message: 'two runs', timeout: 20_000}).toBeTruthy();
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(metrics).toContain('vigil_check_severity{check="takedowns.cancelled-count",org="cli-a"} 1');
      expect(metrics).toContain('vigil_check_runs_total{check="takedowns.cancelled-count",outcome="warn"}');
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);

      const listed = await runCli(['schedules', 'list', '--redis-url', redis.url, '--prefix', 'cli', '--json'], {env: env()});
      expect(listed.code).toBe(0);
      const rows = JSON.parse(listed.stdout) as Record<string, unknown>[];
      expect(rows.map(row => row.org)).toEqual(['cli-a', 'cli-b']);
      expect(rows[0]).toMatchObject({check: 'takedowns.cancelled-count', every: '1s', everyMs: 1000, lastResult: 'warn', nextRunAt: expect.stringMatching(/^20\d\d-/)});
      const tsv = await runCli(['schedules', 'list', '--redis-url', redis.url, '--prefix', 'cli'], {env: env()});
      expect(tsv.stdout.split('\n')[0]).toMatch(/^takedowns\.cancelled-count\tcli-a\t1s\t20\d\d-.*\twarn\t/);
    } finally {
      worker.child.kill('SIGTERM');
    }
    expect(await worker.exit).toBe(0);
    const lines = jsonLines(worker.stderr());
    expect(lines[0]).toMatchObject({level: 'info', msg: 'schedulers reconciled', added: 2});
    expect(lines.find(line => line.msg === 'run')).toMatchObject({check: 'takedowns.cancelled-count', outcome: expect.stringMatching(/ok|warn/), time: expect.stringMatching(/Z$/)});
    expect(lines.at(-1)).toMatchObject({msg: 'worker stopped', aborted: 0, redis: 'closed'});
    expect(worker.stderr()).not.toContain(KEY);
  }, 60_000);

  it('a second signal forces shutdown: in-flight runs are aborted, exit 130', async () => {
    stub.latencyByOrg.set('cli-slow', 20_000);
    const worker = startWorker(['--checks', checksFile('slow.yaml', ['cli-slow']), '--redis-url', redis.url, '--metrics-port', '0', '--prefix', 'cli-slow', '--grace', '60s']);
    await expect.poll(() => stub.requests.some(request => request.body.slug === 'cli-slow'), {message: 'the slow run to start', timeout: 20_000}).toBeTruthy();
    worker.child.kill('SIGINT');
    await expect.poll(() => worker.stderr().includes('shutting down'), {message: 'the drain to start', timeout: 15_000}).toBeTruthy();
    const started = Date.now();
    worker.child.kill('SIGINT');
    expect(await worker.exit).toBe(130);
    // Forced: neither the 60 s grace nor the in-flight run's 20 s was waited out.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(worker.stderr()).toContain('forcing shutdown');
    expect(jsonLines(worker.stderr()).at(-1)).toMatchObject({msg: 'worker stopped (1 in-flight run aborted; another worker retries them once their lock expires)', aborted: 1});
  }, 60_000);

  it('stops at once on SIGTERM when Redis went away and nothing is in flight, and says so', async () => {
    const own = await startRedis();
    const worker = startWorker(['--checks', checksFile('gone.yaml', ['cli-gone'], '1h'), '--redis-url', own.url, '--metrics-port', '0', '--prefix', 'gone', '--grace', '60s']);
    try {
      await expect.poll(() => jsonLines(worker.stderr()).some(line => line.msg === 'worker started'), {message: 'the worker to start', timeout: 20_000}).toBeTruthy();
      await own.stop();
      await expect.poll(() => worker.stderr().includes('redis connection lost'), {message: 'the worker to notice', timeout: 10_000}).toBeTruthy();
      const started = Date.now();
      worker.child.kill('SIGTERM');
      expect(await worker.exit).toBe(0);
      // Not the 60 s grace period: nothing was running, and nothing waits for an absent Redis.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      worker.child.kill('SIGKILL');
      await own.stop();
    }
    // Losing Redis stops every check: a warning, not news.
    expect(jsonLines(worker.stderr()).find(line => line.msg === 'redis connection lost; reconnecting')).toMatchObject({level: 'warn'});
    const last = jsonLines(worker.stderr()).at(-1);
    expect(last).toMatchObject({msg: 'worker stopped without Redis, which did not answer (no run was in flight)', aborted: 0, redis: 'unreachable'});
    expect(worker.stderr()).not.toContain('aborted;');
  }, 60_000);

  it('applies a changed checks file without a restart, naming each org of it the key cannot reach at warn', async () => {
    stub.forbidden.add('cli-w-nokey');
    const port = await freePort();
    const file = checksFile('watched.yaml', ['cli-w-a']);
    const worker = startWorker(['--checks', file, '--redis-url', redis.url, '--metrics-port', String(port), '--prefix', 'cliw']);
    try {
      await expect.poll(() => jsonLines(worker.stderr()).some(line => line.msg === 'run' && line.org === 'cli-w-a'), {message: 'a run', timeout: 20_000}).toBeTruthy();
      writeFileSync(`${file}.tmp`, readFileSync(checksFile('watched-next.yaml', ['cli-w-a', 'cli-w-b', 'cli-w-nokey'])));
      renameSync(`${file}.tmp`, file);
      await expect.poll(() => jsonLines(worker.stderr()).some(line => line.msg === 'run' && line.org === 'cli-w-b'), {message: 'a run of the added pair', timeout: 20_000}).toBeTruthy();
      await expect.poll(() =>
        jsonLines(worker.stderr()).find(line => line.level === 'warn' && String(line.msg).startsWith('the API key cannot reach this org') && line.org === 'cli-w-nokey'), {message: 'the unreachable org named', timeout: 15_000}).toBeTruthy();
      const lines = jsonLines(worker.stderr());
      expect(lines.filter(line => line.msg === 'schedulers reconciled').map(line => line.reason)).toEqual(['start', 'checks file changed']);
      // An org the key reaches is not named.
      expect(lines.filter(line => String(line.msg).startsWith('the API key cannot reach')).map(line => line.org)).toEqual(['cli-w-nokey']);
      worker.child.kill('SIGTERM');
      expect(await worker.exit).toBe(0);
    } finally {
      worker.child.kill('SIGKILL');
      stub.forbidden.clear();
    }
  });

  it('says how to start Redis when it is unreachable: exit 8', async () => {
    const port = await freePort();
    const result = await runCli(['worker', '--checks', checksFile('b.yaml', ['x']), '--redis-url', `redis://127.0.0.1:${port}`], {env: env()});
    expect(result.code).toBe(8);
    expect(result.stderr).toContain(`cannot reach Redis at redis://127.0.0.1:${port} (--redis-url)`);
    expect(result.stderr).toContain('redis-server');
    expect(result.stderr).toContain('VIGIL_REDIS_URL');
    const fromEnv = await runCli(['schedules', 'list'], {env: env({VIGIL_REDIS_URL: `redis://:secretpw@127.0.0.1:${port}`})});
    expect(fromEnv.code).toBe(8);
    expect(fromEnv.stderr).toContain('(VIGIL_REDIS_URL)');
    expect(fromEnv.stderr).not.toContain('secretpw');
  });

  it('names --metrics-port when the port is taken: exit 3', async () => {
    const {createServer} = await import('node:net');
    const taken = createServer();
    await new Promise<void>(resolve => taken.listen(0, '127.0.0.1', () => resolve()));
    const port = (taken.address() as {port: number}).port;
    try {
      const result = await runCli(['worker', '--checks', checksFile('c.yaml', ['x']), '--redis-url', redis.url, '--metrics-port', String(port), '--prefix', 'taken'], {env: env()});
      expect(result.code).toBe(3);
      expect(result.stderr).toContain(`--metrics-port: 127.0.0.1:${port} is in use (EADDRINUSE)`);
      // Nothing was scheduled by a worker that could not start.
      expect((await redis.client().keys('taken:*')).filter(key => !key.endsWith(':meta'))).toEqual([]);
    } finally {
      taken.close();
    }
  });

  it('refuses a bad checks file or flags with exit 3 before touching Redis', async () => {
    const file = path.join(dir, 'bad.yaml');
    writeFileSync(file, 'checks:\n  - {check: takedowns.cancelled-count, org: acme, every: soon}\n');
    const result = await runCli(['worker', '--checks', file, '--concurrency', '0', '--redis-url', 'redis://127.0.0.1:1'], {env: env()});
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('--concurrency: must be a whole number between 1 and 1000');
    const bad = await runCli(['worker', '--checks', file], {env: env()});
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain(`${file}: checks[0].every: must be a duration`);
  });
});
