#!/usr/bin/env node
// node bench/reconcile-loss.mjs [pairs=10000] [replicas=2] [rounds=3]
//
// How long the BUILT worker's replicas take to rebuild their schedulers after Redis lost
// its data (the soak's redis-data-loss fault, alone): a redis-server with AOF, the soak's
// stub upstream, N replicas with `pairs` pairs every 1000 s (so runs do not compete), then
// per round the Redis SIGKILLed, its folder emptied, started again. Measured from Redis
// answering again: until the queue holds every scheduler again (polled every 100 ms), and
// the fewest vigil_check_severity series a replica's /metrics showed meanwhile (polled
// every 500 ms). Medians over the rounds. Run `npm run build` first.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {Queue} from 'bullmq';
import {describeMachine} from './machine.mjs';
import {startSoakRedis} from './soak/redis.mjs';
import {startUpstream} from './soak/upstream.mjs';
import {createReplica} from './soak/replicas.mjs';

const [pairs = 10_000, replicaCount = 2, rounds = 3] = process.argv.slice(2).map(Number);
const dir = mkdtempSync(path.join(tmpdir(), 'vigil-reconcile-loss-'));
const checksFile = path.join(dir, 'checks.yaml');
const lines = ['defaults: {every: 1000s}', 'checks:'];
for (let i = 0; i < pairs; i++) lines.push(`  - {check: takedowns.cancelled-count, org: org-${String(i).padStart(5, '0')}}`);
writeFileSync(checksFile, `${lines.join('\n')}\n`);

const redis = await startSoakRedis();
const upstream = await startUpstream({latencyMs: 50});
const reconciled = [];
const replicas = [];
for (let i = 0; i < replicaCount; i++) {
  replicas.push(
    await createReplica(i, {checksFile: () => checksFile, redisUrl: redis.url, baseUrl: upstream.baseUrl, concurrency: 20, lockMs: 30_000, configDir: dir}, (replica, entry) => {
      if (entry.msg === 'schedulers reconciled' && entry.reason !== 'start') reconciled.push({replica, at: Date.now(), added: entry.added});
    }),
  );
}
const queue = new Queue('healthchecks', {connection: redis.client, prefix: 'soak'});
queue.on('error', () => {});
const severitySeries = async replica => {
  try {
    const text = await (await fetch(replica.metricsUrl, {signal: AbortSignal.timeout(5000)})).text();
    return text.split('\n').filter(line => line.startsWith('vigil_check_severity{')).length;
  } catch {
    return NaN;
  }
};
// Every replica has graded nothing yet (every 1000 s): the series come from the config.
const before = await Promise.all(replicas.map(severitySeries));

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = [];
for (let round = 1; round <= rounds; round++) {
  reconciled.length = 0;
  await redis.restartLosingData(2000);
  const back = Date.now();
  let minSeries = Infinity;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      for (const count of await Promise.all(replicas.map(severitySeries))) if (Number.isFinite(count)) minSeries = Math.min(minSeries, count);
      await sleep(500);
    }
  })();
  let schedulers = 0;
  while (Date.now() - back < 600_000) {
    schedulers = await queue.getJobSchedulersCount().catch(() => 0);
    if (schedulers >= pairs) break;
    await sleep(100);
  }
  const allBackMs = Date.now() - back;
  await sleep(3000);
  polling = false;
  await poller;
  results.push({round, allBackMs, minSeries, reconciles: reconciled.map(entry => `w${entry.replica} +${entry.at - back} ms added ${entry.added}`)});
  process.stderr.write(`round ${round}: ${schedulers} schedulers back after ${allBackMs} ms; fewest severity series on a replica meanwhile ${minSeries}; ${results.at(-1).reconciles.join(', ')}\n`);
  await sleep(5000);
}
console.log(`reconcile after Redis data loss: ${pairs} pairs, ${replicaCount} replicas (built worker), ${rounds} rounds`);
console.log(`  ${describeMachine()}; Node ${process.version}`);
console.log(`  every scheduler back after: median ${median(results.map(r => r.allBackMs))} ms (${results.map(r => r.allBackMs).join(', ')})`);
console.log(`  vigil_check_severity series per replica before: ${before.join(', ')}; fewest during recovery: ${results.map(r => r.minSeries).join(', ')}`);
await queue.close();
await Promise.allSettled(replicas.map(replica => replica.stop()));
upstream.stop();
await redis.stop();
rmSync(dir, {recursive: true, force: true});
process.exit(0);
