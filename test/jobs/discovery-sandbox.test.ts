import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {DOCUMENTED_HEALTHCHECK_IDS} from '../../src/api/wire/index.js';
import {startSandbox, type Sandbox} from '../../src/sandbox/server.js';
import {launchWorker, metricValue, scrape, TEST_KEY, type TestWorker} from './harness.js';
import {startRedis, type TestRedis} from './redis-server.js';
import {requireProgram} from '../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

/*
 * Acceptance against `vigil sandbox` itself (its registry lists the ten documented checks
 * implemented and one planned): a discover: worker for three orgs grades all thirty pairs
 * within two intervals and never calls the planned check.
 */

let redis: TestRedis;
let sandbox: Sandbox;
const requests: string[] = [];
const workers: TestWorker[] = [];

beforeAll(async () => {
  redis = await startRedis();
  sandbox = await startSandbox({port: 0, keys: {allOrgs: TEST_KEY}, log: line => requests.push(line)});
});
afterAll(async () => {
  await Promise.allSettled(workers.map(worker => worker.shutdown(500)));
  await sandbox?.close();
  await redis?.stop();
});

describe.skipIf(redisServer.skipReason)('a discover: worker against vigil sandbox', () => {
  it('exports vigil_check_severity for the thirty (check, org) pairs of three orgs within two intervals, and never calls the planned check', async () => {
    const orgs = ['acme', 'globex', 'initech'];
    const everyMs = 2000;
    const worker = await launchWorker({redisUrl: redis.url, baseUrl: sandbox.url, specs: [], concurrency: 10, discover: {orgs, everyMs, registryEveryMs: 60_000, exclude: [], maxChecks: 100}});
    workers.push(worker);
    const started = Date.now();
    const text = await vi.waitFor(
      async () => {
        const body = await scrape(worker);
        const found = orgs.every(org => DOCUMENTED_HEALTHCHECK_IDS.every(check => metricValue(body, 'vigil_check_severity', {check, org}) !== undefined)) && body;
        if (!found) throw new Error('severity for 30 pairs');
        return found;
      },
      {timeout: 2 * everyMs, interval: 50},
    );
    expect(Date.now() - started).toBeLessThanOrEqual(2 * everyMs + 200);
    expect(text.match(/^vigil_check_severity\{/gm)).toHaveLength(30);
    // The registry was read, and it does list a planned check: the worker chose not to call it.
    const lists = requests.filter(line => line.startsWith('POST /api/v2/healthchecks/list 200'));
    expect(lists).toHaveLength(3);
    for (const org of orgs) expect(metricValue(text, 'vigil_registry_checks', {org})).toBe(10);
    const called = new Set(requests.filter(line => line.startsWith('POST /api/v2/healthchecks/') && !line.includes('/list ')).map(line => line.split(' ')[1]));
    expect(called.size).toBe(10);
    for (const path of called) expect(DOCUMENTED_HEALTHCHECK_IDS.map(id => `/api/v2/healthchecks/${id.replace('.', '/')}`)).toContain(path);
    // The sandbox's acme fails reviewing.backlog out of the box; its thresholds come from the result.
    expect(metricValue(text, 'vigil_check_severity', {check: 'reviewing.backlog', org: 'acme'})).toBe(2);
    expect(metricValue(text, 'vigil_check_fail_threshold', {check: 'reviewing.backlog', org: 'acme'})).toBe(10);
  });
});
