#!/usr/bin/env node
// npm run bench:worker [-- --measure-s 10 --scrapes 20 --concurrency 50 --only 50ms]
//
// The BUILT worker (`node dist/cli.js worker`, real JSON logging on a pipe) against a stub
// upstream with fixed latency, in its own process so it does not share the worker's event
// loop; a fresh redis-server on a free port without persistence. Prints, side by side:
// - throughput against the ideal (concurrency / latency, or what the schedulers offer when
//   that is less) at 200 ms and 50 ms latency, 1k and 10k orgs, with and without a scrape
//   every second; target >= 0.98 of ideal at 200 ms; at 50 ms the floor is a bare got loop
//   (bench/floors/got-loop.mjs) at the same concurrency against the same stub, measured in
//   the same run: target >= 0.95 of its requests/s (the worker's own overhead, not got's),
//   and CPU per run <= 1.3x the loop's CPU per request;
// - CPU per run on a fixed workload (`--only cpu`): the same number of runs counted on each
//   side, the worker's CPU against the got loop's per request, medians of rounds;
// - /metrics while the worker is busy at 10k and 50k orgs, min/median/max over N scrapes,
//   beside the floor: the same number of bytes from a bare node:http server; targets
//   median <= 100 ms at 10k and <= 500 ms at 50k;
// - the worker's peak RSS (VmHWM from /proc), the machine and Node version;
// - the registry rows: ten checks x 1k and x 10k orgs (bench/registry-rows.mjs).
// Run `npm run build` first. Needs /usr/bin/redis-server. About 4 minutes.
import {existsSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {freePort, launch} from './processes.mjs';
import {cpuSecondsOf} from './machine.mjs';
import {gotLoopCpu, gotLoopRate} from './got-floor.mjs';
import {registryRows} from './registry-rows.mjs';
import {cpus, loadavg, tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {setTimeout as sleep} from 'node:timers/promises';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist/cli.js');
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first');
  process.exit(1);
}
const {values: args} = parseArgs({
  options: {
    'measure-s': {type: 'string', default: '10'},
    /** Length of each half (unscraped, scraped every 15 s) of a registry row: two scrapes at least. */
    'registry-measure-s': {type: 'string', default: '30'},
    /** Org counts of the registry rows (a small one smoke-tests the code). */
    'registry-orgs': {type: 'string', default: '1000,10000'},
    scrapes: {type: 'string', default: '20'},
    concurrency: {type: 'string', default: '50'},
    /** Redis settings for the bench's redis-server, e.g. "hash-max-listpack-value 1024" (docs/performance.md, "What a pair holds in Redis"). */
    'redis-config': {type: 'string', default: ''},
    /** Run only the throughput rows of one latency ("50ms", "200ms"), only the fixed CPU workload ("cpu"), only the scrapes ("scrape"), or only the ten-check rows ("registry"). */
    only: {type: 'string'},
    /** The fixed CPU workload: runs counted per side, and rounds (medians). */
    'cpu-runs': {type: 'string', default: '3000'},
    'cpu-rounds': {type: 'string', default: '3'},
  },
});
const measureS = Number(args['measure-s']);
const scrapeCount = Math.max(20, Number(args.scrapes));
const concurrency = Number(args.concurrency);
const EVERY_MS = 1000;
const KEY = 'bench-key-0123456789';


// Redis, fresh for each worker (FLUSHALL), no persistence.
const redisPort = await freePort();
launch('/usr/bin/redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction', ...args['redis-config'].split(/\s+/).filter(Boolean).flatMap((word, i) => (i % 2 === 0 ? [`--${word}`] : [word]))], {stdio: 'ignore'});
const redisUrl = `redis://127.0.0.1:${redisPort}`;
const {Redis} = await import('ioredis');
const redis = new Redis(redisUrl, {maxRetriesPerRequest: null, retryStrategy: () => 100});
redis.on('error', () => {});
for (let i = 0; ; i++) {
  try {
    await redis.ping();
    break;
  } catch (error) {
    if (i > 100) throw error;
    await sleep(100);
  }
}

// The stub upstream (and the floor for /metrics): its own process.
const stubPort = await freePort();
const stubSource = `
const http = require('node:http');
let count = 0, latency = 200, floor = Buffer.alloc(0);
http.createServer((req, res) => {
  const url = new URL(req.url, 'http://stub');
  if (url.pathname === '/count') return res.end(String(count));
  if (url.pathname === '/latency') { latency = Number(url.searchParams.get('ms')); return res.end('ok'); }
  if (url.pathname === '/floor-size') { floor = Buffer.alloc(Number(url.searchParams.get('bytes')), 'x'); return res.end('ok'); }
  if (url.pathname === '/floor') return res.writeHead(200, {'content-type': 'text/plain'}).end(floor);
  // The worker's key check at start-up: one listing read, not a check run.
  if (req.method === 'GET') return res.writeHead(200, {'content-type': 'application/json'}).end('{"reports":[],"nextCursor":null,"totalCount":0}');
  let body = '';
  req.on('data', c => (body += c));
  req.on('end', () => setTimeout(() => {
    count++;
    const slug = JSON.parse(body).slug;
    res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({id: 'takedowns.cancelled-count', title: 'Cancelled takedowns',
      category: 'takedowns', generatedAt: new Date().toISOString(), scope: {slug}, ok: true, severity: 'ok',
      observed: {cancelledCount: count % 3, lookbackHours: 168}, threshold: {warn: 3, fail: 10}, findings: [], suggestedAction: null, appUrl: null}));
  }, latency));
}).listen(${stubPort}, '127.0.0.1', () => process.stdout.write('ready\\n'));`;
const stub = launch(process.execPath, ['-e', stubSource], {stdio: ['ignore', 'pipe', 'inherit']});
await new Promise(resolve => stub.stdout.once('data', resolve));
const stubUrl = `http://127.0.0.1:${stubPort}`;
const stubGet = async pathname => (await fetch(`${stubUrl}${pathname}`)).text();

const dir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-worker-'));
function checksFile(orgs, checks = ['takedowns.cancelled-count'], everyMs = EVERY_MS) {
  const file = path.join(dir, `checks-${orgs}x${checks.length}.yaml`);
  const lines = [`defaults: {every: ${everyMs}}`, 'retry: {attempts: 1}', 'checks:'];
  for (let i = 0; i < orgs; i++) for (const check of checks) lines.push(`  - {check: ${check}, org: org-${String(i).padStart(5, '0')}}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** Starts the built worker on a flushed Redis; resolves once it logged "worker started". */
async function startWorker(orgs, {checks, everyMs} = {}) {
  await redis.flushall();
  const metricsPort = await freePort();
  // BENCH_WORKER_NODE_ARGS: e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the worker.
  const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = launch(process.execPath, [...nodeArgs, cli, 'worker', '--checks', checksFile(orgs, checks, everyMs), '--redis-url', redisUrl, '--metrics-port', String(metricsPort), '--concurrency', String(concurrency), '--prefix', 'bench'], {
    env: {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_CONFIG_DIR: dir, VIGIL_API_KEY: KEY, VIGIL_BASE_URL: `${stubUrl}/api/v2`},
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Real logging: one JSON line per run on a pipe, read as a log shipper would.
  let runs = 0;
  let durations = [];
  /** [run count, resolve]: told when the worker has logged that many runs. */
  let waiters = [];
  let pending = '';
  const started = new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', chunk => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        if (line.includes('"msg":"run"')) {
          runs++;
          if (waiters.length > 0 && waiters[0][0] <= runs) waiters.shift()[1]();
          const match = /"durationMs":(\d+)/.exec(line);
          if (match) durations.push(Number(match[1]));
        }
        else if (line.includes('"msg":"worker started"')) resolve();
      }
    });
    child.on('exit', code => reject(new Error(`worker exited with ${code} before starting`)));
  });
  const t = performance.now();
  await started;
  return {
    child,
    url: `http://127.0.0.1:${metricsPort}/metrics`,
    startS: (performance.now() - t) / 1000,
    runs: () => runs,
    /** Resolves when the worker has logged `count` runs (asked in increasing order). */
    whenRuns: count => (runs >= count ? Promise.resolve() : new Promise(resolve => waiters.push([count, resolve]))),
    /** The logged call durations since the last call (the upstream call as the worker timed it). */
    takeDurations: () => {
      const taken = durations;
      durations = [];
      return taken;
    },
    /** CPU seconds the worker used so far (user + system, from /proc): load-independent cost. */
    cpuS: () => cpuSecondsOf(child.pid),
    peakRssMiB: () => {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : NaN;
    },
    async stop() {
      const exited = new Promise(resolve => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function timedGet(url) {
  const t = performance.now();
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  return {ms: performance.now() - t, bytes: body.byteLength};
}

const stats = values => {
  const sorted = [...values].sort((a, b) => a - b);
  return {min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1)};
};
const fmt = n => n.toFixed(1);
const verdict = ok => (ok ? 'PASS' : 'FAIL');

const cpu = cpus();
console.log(`machine  ${cpu.length} cores, ${cpu[0]?.model ?? 'unknown CPU'}; Node ${process.version}; load average at start ${loadavg().map(n => n.toFixed(2)).join(' ')}`);
if (args['redis-config']) console.log(`redis    ${args['redis-config']}`);
console.log(`worker   node dist/cli.js worker, concurrency ${concurrency}, every 1s, JSON log lines on a pipe; ${measureS}s measured after a warm-up\n`);

// --- Throughput -------------------------------------------------------------------------
console.log('latency  orgs    scraped   runs/s   ideal   ratio  of got  target                slot = call + rest (means)  CPU/run  peak RSS  scrape median');
const rows = [];
for (const latencyMs of [200, 50]) {
  if (args.only && args.only !== `${latencyMs}ms`) continue;
  await stubGet(`/latency?ms=${latencyMs}`);
  // The floor at 50 ms: what got itself reaches at this concurrency on this machine now.
  const floor = latencyMs === 50 ? await gotLoopRate({stubUrl, stubGet, concurrency, measureS, key: KEY}) : undefined;
  const floorRate = floor?.rate;
  if (floor) console.log(`${String(latencyMs).padStart(4)} ms  bare got loop, ${concurrency} in flight: ${fmt(floor.rate)} requests/s (${(floor.rate / (concurrency / (latencyMs / 1000))).toFixed(3)} of ideal), ${floor.cpuMsPerRequest.toFixed(2)} ms CPU per request`);
  for (const orgs of [1000, 10000]) {
    for (const scraped of [false, true]) {
      const worker = await startWorker(orgs);
      await sleep(EVERY_MS + 2000); // every scheduler has fired; the queue is saturated
      const scrapes = [];
      let scraping = scraped;
      const scraper = (async () => {
        while (scraping) {
          const next = sleep(1000);
          scrapes.push((await timedGet(worker.url)).ms);
          await next;
        }
      })();
      const before = Number(await stubGet('/count'));
      const runsBefore = worker.runs();
      worker.takeDurations();
      const cpuBefore = worker.cpuS();
      const t0 = performance.now();
      await sleep(measureS * 1000);
      const elapsedS = (performance.now() - t0) / 1000;
      const requests = (Number(await stubGet('/count')) - before) / elapsedS;
      const logged = (worker.runs() - runsBefore) / elapsedS;
      const cpuMsPerRun = ((worker.cpuS() - cpuBefore) * 1000) / Math.max(1, worker.runs() - runsBefore);
      // Where a slot's time goes: the upstream call as the worker timed it, and the rest
      // (BullMQ's completion and next fetch, the store write, the log line) per run.
      // Means on both sides, so that slot = call + rest adds up.
      const calls = worker.takeDurations();
      const callMs = calls.reduce((sum, ms) => sum + ms, 0) / Math.max(1, calls.length);
      const slotMs = (concurrency * 1000) / Math.max(1, logged);
      scraping = false;
      await scraper;
      const ideal = Math.min((orgs * 1000) / EVERY_MS, concurrency / (latencyMs / 1000));
      const ratio = Math.min(requests, logged) / ideal;
      // At 200 ms the target is against the ideal; at 50 ms against the bare got loop.
      const ofFloor = floorRate === undefined ? undefined : Math.min(requests, logged) / floorRate;
      // Issue 34: >= 0.98 of ideal at 200 ms, >= 0.95 of the got loop at 50 ms.
      const target = latencyMs >= 200 ? 0.98 : 0.95;
      const met = (ofFloor ?? ratio) >= target;
      const rss = worker.peakRssMiB();
      await worker.stop();
      const scrapeText = scrapes.length ? `${fmt(stats(scrapes).median)} ms (${scrapes.length})` : '-';
      // CPU per run against the got loop's CPU per request, same run (target <= 1.3x).
      const cpuText = floor ? ` (${(cpuMsPerRun / floor.cpuMsPerRequest).toFixed(2)}x got's, <= 1.3x ${verdict(cpuMsPerRun / floor.cpuMsPerRequest <= 1.3)})` : '';
      console.log(
        `${String(latencyMs).padStart(4)} ms  ${String(orgs).padEnd(6)}  ${(scraped ? 'every 1s' : 'no').padEnd(8)}  ${fmt(logged).padStart(6)}  ${fmt(ideal).padStart(6)}  ${ratio.toFixed(3)}  ${ofFloor === undefined ? '    -' : ofFloor.toFixed(3)}  >= ${target} of ${ofFloor === undefined ? 'ideal' : 'got  '} ${verdict(met)}  ${fmt(slotMs).padStart(5)} = ${fmt(callMs).padStart(5)} + ${fmt(slotMs - callMs).padStart(4)} ms  ${cpuMsPerRun.toFixed(2)} ms${cpuText}  ${fmt(rss).padStart(6)} MiB  ${scrapeText}`,
      );
      rows.push({latencyMs, orgs, scraped, ratio, ofFloor, target});
    }
  }
}

// --- CPU per run on a fixed workload ------------------------------------------------------
// The same number of runs on each side, counted, not timed: the worker's CPU (from /proc)
// between its WARM-th and WARM+COUNT-th logged run, against the got loop's CPU per request
// over as many requests. Load on the machine stretches wall time, not these.
if (!args.only || args.only === 'cpu') {
  const warm = 1000;
  const count = Number(args['cpu-runs']);
  const rounds = Number(args['cpu-rounds']);
  await stubGet('/latency?ms=50');
  const gotMs = [];
  const workerMs = [];
  for (let round = 0; round < rounds; round++) {
    gotMs.push(await gotLoopCpu({stubUrl, concurrency, warm, count, key: KEY}));
    const worker = await startWorker(1000);
    await worker.whenRuns(warm);
    const before = worker.cpuS();
    await worker.whenRuns(warm + count);
    workerMs.push(((worker.cpuS() - before) * 1000) / count);
    await worker.stop();
  }
  const med = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const ratio = med(workerMs) / med(gotMs);
  console.log(
    `\nCPU per run, fixed workload (${count} runs after ${warm}, 50 ms latency, 1,000 orgs, concurrency ${concurrency}, medians of ${rounds}): worker ${med(workerMs).toFixed(3)} ms [${workerMs.map(n => n.toFixed(3)).join(' ')}], bare got loop ${med(gotMs).toFixed(3)} ms per request [${gotMs.map(n => n.toFixed(3)).join(' ')}] -> ${ratio.toFixed(2)}x (target <= 1.3x ${verdict(ratio <= 1.3)})`,
  );
}

// --- /metrics while busy ----------------------------------------------------------------
if (!args.only || args.only === 'scrape') {
  console.log(`\n/metrics while the worker runs checks at 50 ms latency, ${scrapeCount} scrapes back to back (floor: the same bytes from bare node:http)`);
  await stubGet('/latency?ms=50');
  for (const [orgs, target] of [
    [10000, 100],
    [50000, 500],
  ]) {
    const worker = await startWorker(orgs);
    await sleep(EVERY_MS + 2000);
    const scrapes = [];
    let bytes = 0;
    for (let i = 0; i < scrapeCount + 1; i++) {
      const scrape = await timedGet(worker.url);
      if (i > 0) scrapes.push(scrape.ms); // the first one builds every line once
      bytes = scrape.bytes;
    }
    const rss = worker.peakRssMiB();
    await worker.stop();
    await stubGet(`/floor-size?bytes=${bytes}`);
    const floor = [];
    for (let i = 0; i < scrapeCount; i++) floor.push((await timedGet(`${stubUrl}/floor`)).ms);
    const s = stats(scrapes);
    const f = stats(floor);
    console.log(
      `${String(orgs).padEnd(6)} orgs  ${(bytes / 1024 / 1024).toFixed(1)} MiB  min ${fmt(s.min)}  median ${fmt(s.median)}  max ${fmt(s.max)} ms  (floor median ${fmt(f.median)} ms, ${(s.median / f.median).toFixed(1)}x)  target median <= ${target} ms ${verdict(s.median <= target)}  started in ${fmt(worker.startS)} s, peak RSS ${fmt(rss)} MiB`,
    );
  }
}
if (!args.only || args.only === 'registry') {
  const measure = Number(args['registry-measure-s']);
  const orgCounts = args['registry-orgs'].split(',').map(Number);
  await registryRows({startWorker, redis, stubGet, timedGet, stats, fmt, verdict, concurrency, scrapeCount, measureS: Math.max(1, measure), orgCounts});
}
console.log(`\nload average at end ${loadavg().map(n => n.toFixed(2)).join(' ')} (figures drop when other work shares the CPUs)`);
redis.disconnect();
process.exit(0);
