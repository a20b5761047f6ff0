import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import net from 'node:net';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {startRedis, type TestRedis} from '../jobs/redis-server.js';
import {requireProgram, requirePrograms} from '../helpers/programs.js';
import {CHECKS_FILE_GRADES, demoEntries, filesOf, gradesOf, ready, run, startDemo, useDemos} from './demo-harness.js';

// A demo missing Prometheus, Redis or its worker says what did not start and how to get it, and prints no secret.

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');
// The demo starts the machine's Prometheus and Alertmanager where it can, so its files run
// on one Node line in CI (asking for them puts a file in the "once" group, test/ci-groups.ts);
// this file's tests pass with or without them.
requirePrograms('prometheus', 'prometheus-alertmanager');

useDemos();
let redis: TestRedis | undefined;
afterEach(async () => {
  await redis?.stop();
  redis = undefined;
});

describe.skipIf(redisServer.skipReason)('npm run demo without some of its parts', () => {
  it('without prometheus and alertmanager on PATH says how to get them, where the dashboard is, and runs the worker as before', async () => {
    redis = await startRedis();
    const demo = startDemo({VIGIL_REDIS_URL: redis.url, PATH: mkdtempSync(path.join(tmpdir(), 'vigil-empty-path-'))});
    await ready(demo, 30_000);
    const out = demo.out();
    expect(out).toMatch(/^Worker\s+running deploy\/demo-checks\.yaml/m);
    expect(out).toContain('Alerting  not started: prometheus and alertmanager not on PATH');
    expect(out).toContain('sudo apt-get install prometheus prometheus-alertmanager');
    expect(out).toContain('Dashboard deploy/grafana/dashboard.json   (Grafana not started: it needs Prometheus)');
    expect(out).not.toMatch(/^Prometheus /m);
    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);
    expect(demoEntries(demo.tmp)).toEqual([]);
  });

  it('without Redis says how to start one, which parts did not start, and still serves the sandbox', async () => {
    const demo = startDemo({VIGIL_REDIS_URL: 'redis://127.0.0.1:1'});
    await ready(demo, 20_000);
    const out = demo.out();
    expect(out).toContain('Worker    not started: no Redis at redis://127.0.0.1:1 (ECONNREFUSED)');
    expect(out).toContain('so these did not start either: /metrics, Prometheus, Alertmanager, Grafana');
    expect(out).toContain('redis-server --daemonize yes');
    expect(out).toContain('apt-get install redis-server');
    expect(out).not.toMatch(/^Metrics/m);
    expect(out).not.toContain('vigil schedules list');
    expect(out).not.toMatch(/worker (sees|grades) it/);
    expect(out).toContain('  vigil healthchecks run reviewing.backlog --org acme    # ok once the queue is empty (no worker runs: no alert here)');
    // What the banner says of the checks holds without a worker too.
    expect(gradesOf(out, ' {10}')).toEqual(CHECKS_FILE_GRADES());
    const url = /^Sandbox\s+(\S+)/m.exec(out)![1]!;
    const key = /VIGIL_API_KEY=(\S+)/.exec(out)![1]!;
    const reply = await fetch(`${url}/healthchecks/takedowns/cancelled-count`, {method: 'POST', headers: {'x-api-key': key, 'content-type': 'application/json'}, body: '{"slug":"initech"}'});
    expect((await reply.json()).severity).toBe('fail');
    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);
  });

  it('when the worker cannot start, shows the last lines of its log (the banner keeps the log file, not the terminal)', async () => {
    redis = await startRedis();
    const taken = net.createServer();
    await new Promise<void>(resolve => taken.listen(0, '127.0.0.1', resolve));
    const demo = startDemo({VIGIL_REDIS_URL: redis.url, VIGIL_METRICS_PORT: String((taken.address() as net.AddressInfo).port)});
    try {
      await ready(demo, 30_000);
      expect(demo.out()).toMatch(/^Worker\s+did not serve http:\/\/127\.0\.0\.1:\d+\/metrics \(its last log lines are above\)/m);
      expect(demo.err()).toMatch(/demo: the last lines of \S+worker\.log:\n(.*\n)*.*--metrics-port: 127\.0\.0\.1:\d+ is in use/);
    } finally {
      taken.close();
    }
    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);
    expect(demoEntries(demo.tmp)).toEqual([]);
  });

  it('prints no part of a Redis password, even one with a bare "@" (and pastes no such URL)', async () => {
    const demo = startDemo({VIGIL_REDIS_URL: 'redis://:Zq9Sup3r@Tail0fXq7@127.0.0.1:1'});
    await ready(demo, 20_000);
    const out = demo.out();
    expect(out).toContain('Worker    not started: no Redis at VIGIL_REDIS_URL (not repeated: it may hold a password) (ECONNREFUSED)');
    expect(out).not.toMatch(/Zq9Su|Tail0|0fXq7/);
    expect(readFileSync(filesOf(out).envFile, 'utf8')).not.toMatch(/Zq9Su|Tail0|0fXq7/);
    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);
  });
});
