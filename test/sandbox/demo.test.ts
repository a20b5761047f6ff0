import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {ROOT} from '../helpers/cli.js';
import {startRedis, type TestRedis} from '../jobs/redis-server.js';

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
    env: {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_DEMO_NO_BUILD: '1', VIGIL_SANDBOX_PORT: '0', VIGIL_METRICS_PORT: '0', ...env},
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

describe('npm run demo', () => {
  it('serves the sandbox, runs the worker with metrics, and stops everything on Ctrl+C', async () => {
    redis = await startRedis();
    demo = startDemo({VIGIL_REDIS_URL: redis.url});
    await expect.poll(() => demo!.out(), {timeout: 20_000}).toContain('Ctrl+C stops everything.');
    const out = demo.out();
    const url = /^Sandbox\s+(\S+)/m.exec(out)![1]!;
    const metrics = /^Metrics\s+(\S+)/m.exec(out)![1]!;
    const key = /VIGIL_API_KEY=(\S+)/.exec(out)![1]!;
    expect(out).toMatch(/^Worker\s+running deploy\/demo-checks\.yaml \(acme, globex, initech\b/m);
    expect(out).toContain(`export VIGIL_BASE_URL=${url} VIGIL_API_KEY=${key} VIGIL_ORG=acme`);
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

    const pids = [...demo.err().matchAll(/demo: started (?:sandbox|worker) \(pid (\d+)\)/g)].map(m => Number(m[1]));
    expect(pids).toHaveLength(2);
    demo.child.kill('SIGINT');
    expect(await demo.exited).toBe(130);
    expect(demo.err()).toMatch(/demo: SIGINT: stopping sandbox and worker/);
    expect(demo.err()).toMatch(/demo: stopped/);
    await expect(fetch(url)).rejects.toThrow();
    await expect(fetch(metrics)).rejects.toThrow();
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
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
});
