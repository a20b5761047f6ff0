// npm run bench:shared-build [-- --pairs 100000 --changes 15000 --rounds 5]
//
// CPU of one build of /metrics/checks (what a replica does per scrape interval in the
// background, src/metrics/kept-ready.ts), in this process, against a fresh redis-server:
// `pairs` results stored, then per round `changes` of them written again (what runs between
// two scrapes change) and the shared part built (read of the change feed, parse, render,
// join) and gzipped. Prints CPU (user + system of this process, so the thread pool's gzip is
// in it) of the build and of the gzip, medians of the rounds, and the bytes. A count, not a
// timing: it does not depend on what else the machine runs, within noise.
import {spawn} from 'node:child_process';
import {parseArgs} from 'node:util';
import {setTimeout as sleep} from 'node:timers/promises';
import {Redis} from 'ioredis';
import {createServer} from 'node:net';
import {createMetrics} from '../src/metrics/registry.js';
import {ResultStore} from '../src/metrics/store.js';
import {checkSpecId, type CheckSpec} from '../src/checks/schema.js';
import type {HealthcheckResult} from '../src/api/wire/index.js';

const {values} = parseArgs({options: {pairs: {type: 'string', default: '100000'}, changes: {type: 'string', default: '15000'}, rounds: {type: 'string', default: '5'}}});
const pairs = Number(values.pairs);
const changes = Number(values.changes);
const rounds = Number(values.rounds);

const port = await new Promise<number>(resolve => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
const server = spawn('/usr/bin/redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {stdio: 'ignore'});
process.on('exit', () => server.kill());
const redis = new Redis({port, lazyConnect: true});
for (let i = 0; ; i++) {
  try {
    await redis.connect();
    break;
  } catch (error) {
    if (i > 50) throw error;
    await sleep(100);
  }
}

const CHECKS = ['takedowns.cancelled-count', 'reviewing.backlog', 'takedowns.stale-in-progress', 'assets.dead-asset-spike', 'detections.silent-configs'];
const specs: CheckSpec[] = [];
for (let i = 0; specs.length < pairs; i++) {
  for (const check of CHECKS) {
    const org = `org-${String(i).padStart(6, '0')}`;
    specs.push({id: checkSpecId(check, org), check, org, everyMs: 600_000, lookbackHours: 168, warnThreshold: 3, failThreshold: 10});
  }
}
specs.length = pairs;
const store = new ResultStore(redis, 'bench', 'healthchecks');
await store.replaceConfig(specs);
const result = (n: number) => ({severity: n % 7 === 0 ? 'warn' : 'ok', ok: true, observed: {cancelledCount: n % 5}, threshold: {warn: 3, fail: 10}, appUrl: null}) as unknown as HealthcheckResult;
const write = async (ids: CheckSpec[], at: number) => {
  for (let i = 0; i < ids.length; i += 1000) await Promise.all(ids.slice(i, i + 1000).map((spec, k) => store.recordSuccess(spec.id, result(i + k + at), at, 50)));
};
await write(specs, Date.now());

const metrics = await createMetrics({store, queueName: 'healthchecks', queueCounts: async () => ({}), schedulerCount: async () => pairs, refreshMs: 0, timeoutMs: 60_000});
const cpu = () => {
  const {user, system} = process.cpuUsage();
  return (user + system) / 1000;
};
let before = cpu();
let body = await metrics.body('checks', true);
console.log(`pairs ${pairs}: first build and gzip ${(cpu() - before).toFixed(0)} ms of CPU`);
const builds: number[] = [];
const zips: number[] = [];
let plainBytes = 0;
let gzipBytes = 0;
for (let round = 0; round < rounds; round++) {
  const chosen = Array.from({length: changes}, () => specs[Math.floor(Math.random() * pairs)]!);
  await write(chosen, Date.now() + round);
  before = cpu();
  const plain = await metrics.body('checks', false);
  const built = cpu();
  body = await metrics.body('checks', true);
  builds.push(built - before);
  zips.push(cpu() - built);
  plainBytes = (plain as Buffer[]).reduce((sum, part) => sum + part.length, 0);
  gzipBytes = (body as {gzip: Buffer[]}).gzip.reduce((sum, part) => sum + part.length, 0);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
// The gzip call rebuilds first (refreshMs 0), so its figure is a second build plus the gzip: take the gzip alone as the difference.
console.log(`${changes} changed of ${pairs} pairs per build: build ${median(builds).toFixed(0)} ms of CPU (median of ${rounds}), build + gzip ${median(zips).toFixed(0)} ms; ${(plainBytes / 2 ** 20).toFixed(1)} MiB of text, ${(gzipBytes / 2 ** 20).toFixed(2)} MiB gzipped`);
redis.disconnect();
process.exit(0);
