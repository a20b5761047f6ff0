import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Queue} from 'bullmq';
import {Redis} from 'ioredis';
import {createServer} from 'node:net';
import {afterAll, beforeAll, describe, expect, it, onTestFinished, vi} from 'vitest';
import {ensureBuilt} from '../helpers/build.js';
import {startStubUpstream, type StubUpstream} from './stub-upstream.js';
import {checkSpecId} from '../../src/checks/schema.js';
import {fnv1a32} from '../../src/fnv1a.js';
import {removeScratchDirs, startSentinelSet, type SentinelSet} from '../redis/servers.js';
import {stableSeries, startWorkerProcess, writeChecks, type WorkerProcess} from '../redis/worker-process.js';
import {requireProgram} from '../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

/*
 * Redis Sentinel failover under two running workers: primary + replica + three sentinels,
 * the primary SIGKILLed mid-run. Counted from what the upstream received, not from logs.
 */

const CHECK = 'takedowns.cancelled-count';
const FAST = Array.from({length: 6}, (_, i) => `fo-${i}`);
const SLOW = 'fo-slow';
const PREFIX = 'fo';
let set: SentinelSet;
let stub: StubUpstream;
let dir: string;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  ensureBuilt();
  [set, stub] = await Promise.all([startSentinelSet(), startStubUpstream()]);
  FAST.forEach((org, i) => stub.counts.set(org, i * 2));
  // In flight for 2.5 s of every 4 s: the kill lands inside one of its runs.
  stub.latencyByOrg.set(SLOW, 2500);
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-failover-'));
}, 120_000);
afterAll(async () => {
  await Promise.all(workers.map(worker => worker.stop()));
  await stub?.close();
  await set?.stop();
  removeScratchDirs();
});

/** Upstream requests of one org keyed by BullMQ slot (its time, less the scheduler's offset, over the interval). */
function slotsOf(org: string, everyMs: number, from: number, to: number): Map<number, number> {
  const offset = fnv1a32(checkSpecId(CHECK, org)) % everyMs;
  const slots = new Map<number, number>();
  for (const request of stub.requests) {
    if (request.body.slug !== org || request.at < from || request.at > to) continue;
    const slot = Math.floor((request.at - offset) / everyMs);
    slots.set(slot, (slots.get(slot) ?? 0) + 1);
  }
  return slots;
}

/** The slot time in a job scheduler's job id (`repeat:<scheduler>:<millis>`). */
function slotTime(jobId: string): number {
  return Number(jobId.slice(jobId.lastIndexOf(':') + 1));
}

/** For a failure message: what the upstream received for one org, and which jobs ran. */
function runsOf(org: string, since: number): string {
  const requests = stub.requests.filter(request => request.body.slug === org && request.at > since - 3000).map(request => new Date(request.at).toISOString());
  const runs = workers.flatMap((worker, w) =>
    worker.stderr().split('\n').filter(line => line.includes('"msg":"run"') && line.includes(`"org":"${org}"`)).map(line => {
      const entry = JSON.parse(line) as {time: string; jobId: string};
      return `${entry.time} w${w} ${entry.jobId}`;
    }),
  );
  return `requests ${requests.join(' ')}\nruns\n${runs.sort().slice(-20).join('\n')}`;
}

function sentinelQueue(): {queue: Queue; connection: Redis} {
  const connection = new Redis({sentinels: set.sentinels.map(node => ({host: '127.0.0.1', port: node.port})), name: set.name, maxRetriesPerRequest: null});
  connection.on('error', () => {});
  return {queue: new Queue('healthchecks', {connection, prefix: PREFIX}), connection};
}

describe.skipIf(redisServer.skipReason)('Redis Sentinel failover', () => {
  it('promotes the replica; both workers reconnect on their own; no slot lost or run twice; the run in flight completes; /healthz 503 then 200; metrics agree', async () => {
    const checks = writeChecks(dir, 'failover.yaml', FAST, '1s', `  - {check: ${CHECK}, org: ${SLOW}, every: 4s}\n`);
    const env = {VIGIL_WORKER_LOCK_MS: '2000'};
    workers.push(...(await Promise.all([0, 1].map(() => startWorkerProcess({checks, redisUrl: set.url, baseUrl: stub.baseUrl, prefix: PREFIX, env})))));
    expect(workers[0]!.stderr()).toContain('"topology":"sentinel"');

    // Steady state, then the kill while a slow run is in flight.
    await expect.poll(() => FAST.every(org => stub.requests.filter(request => request.body.slug === org).length >= 3), {message: 'three runs of every fast check', timeout: 30_000}).toBeTruthy();
    const slowBefore = stub.requests.filter(request => request.body.slug === SLOW).length;
    await expect.poll(() => stub.requests.filter(request => request.body.slug === SLOW).length > slowBefore, {message: 'a slow run to start', timeout: 10_000}).toBeTruthy();
    const direct = new Redis({port: set.primary.port, host: '127.0.0.1', maxRetriesPerRequest: 0});
    const active = await direct.lrange(`${PREFIX}:healthchecks:active`, 0, -1);
    direct.disconnect();
    const inFlight = active.find(id => id.includes(checkSpecId(CHECK, SLOW)));
    expect(inFlight).toBeDefined();
    await set.primary.kill();
    const killedAt = Date.now();
    // Hold the dead primary's port: a redis-server of a test file running alongside could
    // otherwise take it, and the workers would "recover" onto a stranger (seen once).
    const tombstone = createServer(socket => socket.destroy());
    await new Promise<void>(resolve => tombstone.listen(set.primary.port, '127.0.0.1', () => resolve()));
    onTestFinished(() => void tombstone.close());

    // The gap: every worker's /healthz goes 503, the sentinels promote the replica, /healthz 200 again.
    const seen = workers.map(() => new Set<number>());
    const events = () => workers.map(worker => worker.stderr().split('\n').filter(line => line && !line.includes('"msg":"run"')).slice(-6).join('\n')).join('\n---\n');
    await vi.waitFor(
      async () => {
        const statuses = await Promise.all(workers.map(worker => worker.health()));
        statuses.forEach((status, i) => seen[i]!.add(status));
        // Recovered means healthy on the promoted replica: a 200 seen before the sentinels
        // have switched (seen once in CI) is not the end of the gap.
        const promoted = (await set.primaryPort()) === set.replica.port;
        const found = promoted && seen.every((statusSet, i) => statusSet.has(503) && statuses[i] === 200);
        if (!found) throw new Error('both workers healthy again after a 503');
        return found;
      },
      {timeout: 45_000, interval: 50},
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}; statuses seen ${seen.map(statusSet => [...statusSet].join('/')).join(', ')}; primary now ${await set.primaryPort()} (replica ${set.replica.port})\n${events()}`);
    });
    expect(await set.primaryPort()).toBe(set.replica.port);
    const recoveredAt = Date.now();
    for (const worker of workers) expect(worker.stderr()).toContain('redis connection back');

    // Runs in flight at the kill (and any whose completion the replica never received: Redis
    // replicates asynchronously) sit in `active` on the promoted replica until their lock
    // expires, and the stalled check re-runs them, up to lock + stalled interval after the
    // reconnection. Those re-runs belong to slots before the recovery, so "every slot after
    // recovery" is counted from the moment no job of an earlier slot is left to run; counting
    // from the recovery itself saw such a re-run as a doubled slot (the CI flake).
    const {queue, connection} = sentinelQueue();
    onTestFinished(async () => {
      await queue.close();
      connection.disconnect();
    });
    const earlier = async (before: number) =>
      (await queue.getJobs(['active', 'wait', 'delayed', 'prioritized'])).map(job => job?.id ?? '').filter(id => slotTime(id) < before);
    const leftAtRecovery = await earlier(killedAt);
    await expect.poll(async () => (await earlier(recoveredAt)).length === 0, {message: 'no job of a slot before the recovery left to run', timeout: 30_000}).toBeTruthy();
    const windowFrom = Date.now() + 1000;
    const windowTo = windowFrom + 5000;
    // The runs in flight at the kill are not lost: each ends completed on the new primary,
    // which deletes it (removeOnComplete: jobs/reconcile.ts), and a worker logged its run.
    for (const id of new Set([inFlight!, ...leftAtRecovery])) {
      expect({id, state: await queue.getJobState(id)}).toEqual({id, state: 'unknown'});
      expect({id, logged: workers.some(worker => worker.stderr().includes(`"jobId":${JSON.stringify(id)}`))}).toEqual({id, logged: true});
    }
    expect(stub.requests.filter(request => request.body.slug === SLOW && request.at > killedAt).length).toBeGreaterThan(0);

    // Five seconds of slots, counted once the schedulers have moved two slots past them.
    const expectedOf = (org: string) => {
      const offset = fnv1a32(checkSpecId(CHECK, org)) % 1000;
      const expected: number[] = [];
      for (let slot = Math.ceil((windowFrom - offset) / 1000); slot * 1000 + offset <= windowTo; slot++) expected.push(slot);
      return expected;
    };
    await expect.poll(() => FAST.every(org => [...slotsOf(org, 1000, windowFrom, Infinity).keys()].some(slot => slot >= expectedOf(org).at(-1)! + 2)), {message: 'two slots past the window on every fast check', timeout: 30_000}).toBeTruthy();
    for (const org of FAST) {
      const expected = expectedOf(org);
      const inWindow = [...slotsOf(org, 1000, windowFrom, Infinity)].filter(([slot]) => expected.includes(slot));
      expect({org, slots: inWindow}, runsOf(org, killedAt)).toEqual({org, slots: expected.map(slot => [slot, 1])});
    }

    // Both replicas read the same results again.
    await expect.poll(async () => {
      const [a, b] = await Promise.all(workers.map(worker => worker.metrics()));
      return stableSeries(a!).length >= FAST.length * 5 && JSON.stringify(stableSeries(a!)) === JSON.stringify(stableSeries(b!));
    }, {message: 'identical per-check series on both workers', timeout: 15_000}).toBeTruthy();
    expect(await Promise.all(workers.map(worker => worker.stop()))).toEqual([0, 0]);
  }, 180_000);
});
