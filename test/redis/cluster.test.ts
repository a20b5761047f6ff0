import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {ensureBuilt} from '../helpers/build.js';
import {startStubUpstream, type StubUpstream} from '../jobs/stub-upstream.js';
import {checkSpecId} from '../../src/checks/schema.js';
import {fnv1a32} from '../../src/fnv1a.js';
import {removeScratchDirs, startCluster, type TestCluster} from './servers.js';
import {stableSeries, startWorkerProcess, writeChecks, WORKER_KEY, type WorkerProcess} from './worker-process.js';
import {requirePrograms} from '../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requirePrograms('redis-server', 'redis-cli');

/*
 * Two workers on a three-primary Redis Cluster, 334 checks every 20 s: each runs on its
 * schedule, once per slot, and both replicas export the same results.
 */

// The load is what keeps the two workers honest on a shared two-core CI machine while other
// test files run: 1,000 checks a minute, ~17 runs/s between them (a run on got costs ~1.5 ms
// of CPU on top of BullMQ's round trips, docs/performance.md). The same rate as 334 checks
// every 20 s, so the two slots of every check the test waits for take 40 s, not two
// minutes; 1,000 checks every 30 s (33 runs/s) fell behind there.
const ORGS = Array.from({length: 334}, (_, i) => `cl-${String(i).padStart(4, '0')}`);
const EVERY = '20s';
const EVERY_MS = 20_000;
const CHECK = 'takedowns.cancelled-count';
let cluster: TestCluster;
let stub: StubUpstream;
let dir: string;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  ensureBuilt();
  [cluster, stub] = await Promise.all([startCluster(), startStubUpstream()]);
  ORGS.forEach((org, i) => stub.counts.set(org, i % 12));
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-cluster-'));
}, 120_000);
afterAll(async () => {
  await Promise.all(workers.map(worker => worker.stop()));
  await stub?.close();
  await cluster?.stop();
  removeScratchDirs();
});

/** Requests per (org, BullMQ slot): the slot a run belongs to follows from its time and the scheduler's offset. */
function requestsBySlot(since: number) {
  const slots = new Map<string, Map<number, number>>();
  for (const request of stub.requests) {
    // Only check runs: the worker's start-up key check is a GET of its own.
    if (request.at < since || !request.path.includes('/healthchecks/')) continue;
    const org = String(request.body.slug);
    const offset = fnv1a32(checkSpecId(CHECK, org)) % EVERY_MS;
    const slot = Math.floor((request.at - offset) / EVERY_MS);
    const perOrg = slots.get(org) ?? new Map<number, number>();
    perOrg.set(slot, (perOrg.get(slot) ?? 0) + 1);
    slots.set(org, perOrg);
  }
  return slots;
}

describe.skipIf(redisServer.skipReason)('workers on Redis Cluster', () => {
  it('run 334 checks on schedule, once per slot, with identical metrics on both replicas and `schedules list` reading them', async () => {
    const checks = writeChecks(dir, 'cluster.yaml', ORGS, EVERY);
    const started = Date.now();
    workers.push(
      ...(await Promise.all([0, 1].map(() => startWorkerProcess({checks, redisUrl: cluster.url, baseUrl: stub.baseUrl, concurrency: 25})))),
    );
    // Default prefix on a cluster: the hash tag {vigil}.
    expect(workers[0]!.stderr()).toContain('"prefix":"{vigil}"');
    expect(workers[0]!.stderr()).toContain('"topology":"cluster"');

    // Every check reaches its second slot (bounded: a worker that stopped running fails here).
    await expect.poll(() => {
      const bySlot = requestsBySlot(started);
      return bySlot.size === ORGS.length && [...bySlot.values()].every(slots => slots.size >= 2);
    }, {message: 'two slots run for every check', timeout: 5 * EVERY_MS}).toBe(true);
    const bySlot = requestsBySlot(started);
    const doubles = [...bySlot].flatMap(([org, slots]) => [...slots].filter(([, count]) => count > 1).map(([slot]) => `${org}@${slot}`));
    expect(doubles).toEqual([]);
    // On schedule: no slot skipped between a check's first and last run.
    const skipped = [...bySlot].filter(([, slots]) => {
      const seen = [...slots.keys()];
      return Math.max(...seen) - Math.min(...seen) + 1 !== seen.length;
    });
    expect(skipped.map(([org]) => org)).toEqual([]);
    // Both workers took a share of the runs.
    const runsPerWorker = workers.map(worker => worker.stderr().split('\n').filter(line => line.includes('"msg":"run"')).length);
    expect(Math.min(...runsPerWorker)).toBeGreaterThan(0);

    const [a, b] = await Promise.all(workers.map(worker => worker.metrics()));
    expect(stableSeries(a!).length).toBeGreaterThanOrEqual(ORGS.length * 5);
    expect(stableSeries(a!)).toEqual(stableSeries(b!));
    expect(a).toContain(`vigil_check_severity{check="${CHECK}",org="cl-0011"} 2`);

    const listed = await runCli(['schedules', 'list', '--redis-url', cluster.url, '--json'], {env: {VIGIL_API_KEY: WORKER_KEY}, timeoutMs: 30_000});
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.stdout) as {org: string; every: string; lastResult: string | null}[];
    expect(rows).toHaveLength(ORGS.length);
    expect(rows.filter(row => row.lastResult === null)).toEqual([]);
    expect(rows.find(row => row.org === 'cl-0005')).toMatchObject({every: EVERY, lastResult: 'warn'});
    expect(await Promise.all(workers.map(worker => worker.stop()))).toEqual([0, 0]);
  }, 240_000);
});
