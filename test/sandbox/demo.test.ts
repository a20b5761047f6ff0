import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Redis} from 'ioredis';
import {afterEach, describe, expect, it} from 'vitest';
import {ROOT, runCli} from '../helpers/cli.js';
import {startRedis, type TestRedis} from '../jobs/redis-server.js';
import {findBinary} from '../deploy/tools.js';

/*
 * `npm run demo` as a user runs it (dist/ must be built: `npm test` builds first). Own
 * redis-server on a free port, never the shared 6379; every port is picked free.
 */

interface Demo {
  child: ChildProcess;
  out(): string;
  err(): string;
  exited: Promise<number | null>;
}

function startDemo(env: NodeJS.ProcessEnv): Demo {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/demo.mjs')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      VIGIL_DEMO_NO_BUILD: '1',
      VIGIL_SANDBOX_PORT: '0',
      VIGIL_METRICS_PORT: '0',
      VIGIL_DEMO_PROMETHEUS_PORT: '0',
      VIGIL_DEMO_ALERTMANAGER_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', c => (out += c));
  child.stderr!.setEncoding('utf8').on('data', c => (err += c));
  const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)));
  return {child, out: () => out, err: () => err, exited};
}

let demo: Demo | undefined;
let redis: TestRedis | undefined;
afterEach(async () => {
  if (demo && demo.child.exitCode === null) demo.child.kill('SIGKILL');
  await redis?.stop();
  demo = undefined;
  redis = undefined;
});

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const alerting = Boolean(findBinary('prometheus') && (findBinary('alertmanager') ?? findBinary('prometheus-alertmanager')));

describe('npm run demo', () => {
  it('serves the sandbox, runs the worker with metrics (and alerting when installed), and stops everything on Ctrl+C', async () => {
    redis = await startRedis();
    const envFile = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-demo-')), 'demo.env');
    demo = startDemo({VIGIL_REDIS_URL: redis.url, VIGIL_DEMO_ENV_FILE: envFile});
    await expect.poll(() => demo!.out(), {timeout: 40_000}).toContain('Ctrl+C stops everything.');
    const out = demo.out();
    const url = /^Sandbox\s+(\S+)/m.exec(out)![1]!;
    const metrics = /^Metrics\s+(\S+)/m.exec(out)![1]!;
    const key = /VIGIL_API_KEY=(\S+)/.exec(out)![1]!;
    expect(out).toMatch(/^Worker\s+running deploy\/demo-checks\.yaml \(acme, globex, initech\b/m);
    const exported = `export VIGIL_BASE_URL=${url} VIGIL_API_KEY=${key} VIGIL_ORG=acme VIGIL_REDIS_URL=${redis.url} VIGIL_PREFIX=vigil-demo`;
    expect(out).toContain(exported);
    // The same keys at every start (documented in the script), and an env file to source.
    expect(key).toBe('vigil-demo-all-orgs-key');
    expect(out).toContain(`source ${envFile}`);
    expect(readFileSync(envFile, 'utf8')).toContain(`${exported}\n`);
    expect(out).toContain('vigil reports list --needs-customer-review');
    expect(out).toMatch(/initech\s+Initech\s+50 reports\s+fail/);

    const reply = await fetch(`${url}/organization/reports?slug=acme&limit=1`, {headers: {'x-api-key': key}});
    expect(reply.status).toBe(200);
    // the worker's first runs land within seconds: initech fails, globex is ok
    const severities = async () => {
      const text = await (await fetch(metrics)).text();
      return Object.fromEntries([...text.matchAll(/^vigil_check_severity\{check="takedowns.cancelled-count",org="(\w+)"\} (\d)$/gm)].map(m => [m[1], Number(m[2])]));
    };
    await expect.poll(severities, {timeout: 25_000, interval: 500}).toMatchObject({acme: 1, globex: 0, initech: 2});

    // `vigil schedules list` works with the environment the demo prints.
    const exportLine = /^ {2}export (.*)$/m.exec(out)![1]!;
    const printed = Object.fromEntries([...exportLine.matchAll(/(VIGIL_\w+)=(\S+)/g)].map(m => [m[1]!, m[2]!]));
    const listed = await runCli(['schedules', 'list', '--json'], {env: {...printed, VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-demo-config-'))}});
    expect(listed.stderr).toBe('');
    expect((JSON.parse(listed.stdout) as {org: string}[]).map(row => row.org)).toEqual(['acme', 'globex', 'hooli', 'initech', 'umbrella']);

    let alertingUrls: string[] = [];
    if (alerting) {
      const prometheus = /^Prometheus\s+(http:\/\/[\d.:]+)\S*alerts /m.exec(out)![1]!;
      const alertmanager = /^Alertmanager\s+(http:\/\/[\d.:]+)\S*alerts /m.exec(out)![1]!;
      // The printed pages open (Debian's packages: /classic/alerts and the API).
      for (const page of [/^Prometheus\s+(\S+)/m.exec(out)![1]!, /^Alertmanager\s+(\S+)/m.exec(out)![1]!]) expect((await fetch(page)).status, page).toBe(200);
      alertingUrls = [prometheus, alertmanager];
      // The shipped rules are loaded and the shipped routing is in place.
      const rules = (await (await fetch(`${prometheus}/api/v1/rules`)).json()) as {data: {groups: {rules: {name: string}[]}[]}};
      expect(rules.data.groups.flatMap(group => group.rules.map(rule => rule.name))).toContain('VigilCheckFailing');
      const status = (await (await fetch(`${alertmanager}/api/v2/status`)).json()) as {config: {original: string}};
      expect(status.config.original).toContain('VigilWorkersDown');
    } else {
      expect(out).toContain('apt-get install prometheus prometheus-alertmanager');
    }

    const pids = [...demo.err().matchAll(/demo: started (?:sandbox|worker|prometheus|alertmanager) \(pid (\d+)\)/g)].map(m => Number(m[1]));
    expect(pids).toHaveLength(alerting ? 4 : 2);
    demo.child.kill('SIGINT');
    expect(await demo.exited).toBe(130);
    expect(demo.err()).toMatch(alerting ? /demo: SIGINT: stopping sandbox, worker, prometheus and alertmanager/ : /demo: SIGINT: stopping sandbox and worker/);
    expect(demo.err()).toMatch(/demo: stopped/);
    await expect(fetch(url)).rejects.toThrow();
    await expect(fetch(metrics)).rejects.toThrow();
    for (const alertingUrl of alertingUrls) await expect(fetch(alertingUrl)).rejects.toThrow();
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    // The worker's queues and results are gone from Redis.
    expect(demo.err()).toMatch(/demo: removed \d+ Redis keys? \(vigil-demo:\*\)/);
    const client = new Redis(redis.url, {lazyConnect: true});
    await client.connect();
    try {
      expect(await client.keys('vigil-demo:*')).toEqual([]);
    } finally {
      client.disconnect();
    }
  }, 60_000);

  it('without prometheus and alertmanager on PATH says how to get them and runs the worker as before', async () => {
    redis = await startRedis();
    demo = startDemo({VIGIL_REDIS_URL: redis.url, PATH: mkdtempSync(path.join(tmpdir(), 'vigil-empty-path-'))});
    await expect.poll(() => demo!.out(), {timeout: 30_000}).toContain('Ctrl+C stops everything.');
    const out = demo.out();
    expect(out).toMatch(/^Worker\s+running deploy\/demo-checks\.yaml/m);
    expect(out).toContain('Alerting  not started: prometheus and alertmanager not on PATH');
    expect(out).toContain('sudo apt-get install prometheus prometheus-alertmanager');
    expect(out).not.toMatch(/^Prometheus /m);
    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);
  });

  it('without Redis says how to start one and still serves the sandbox', async () => {
    demo = startDemo({VIGIL_REDIS_URL: 'redis://127.0.0.1:1'});
    await expect.poll(() => demo!.out(), {timeout: 20_000}).toContain('Ctrl+C stops everything.');
    const out = demo.out();
    expect(out).toContain('Worker    not started: no Redis at redis://127.0.0.1:1 (ECONNREFUSED)');
    expect(out).toContain('redis-server --daemonize yes');
    expect(out).toContain('apt-get install redis-server');
    expect(out).not.toMatch(/^Metrics/m);
    const url = /^Sandbox\s+(\S+)/m.exec(out)![1]!;
    const key = /VIGIL_API_KEY=(\S+)/.exec(out)![1]!;
    const reply = await fetch(`${url}/healthchecks/takedowns/cancelled-count`, {method: 'POST', headers: {'x-api-key': key, 'content-type': 'application/json'}, body: '{"slug":"initech"}'});
    expect((await reply.json()).severity).toBe('fail');
    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);
  });

  it('prints no part of a Redis password, even one with a bare "@" (and pastes no such URL)', async () => {
    demo = startDemo({VIGIL_REDIS_URL: 'redis://:Zq9Sup3r@Tail0fXq7@127.0.0.1:1'});
    await expect.poll(() => demo!.out(), {timeout: 20_000}).toContain('Ctrl+C stops everything.');
    const out = demo.out();
    expect(out).toContain('Worker    not started: no Redis at VIGIL_REDIS_URL (not repeated: it may hold a password) (ECONNREFUSED)');
    expect(out).not.toMatch(/Zq9Su|Tail0|0fXq7/);
    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);
  });
});
