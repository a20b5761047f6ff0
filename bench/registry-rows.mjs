// The registry rows of bench:worker: ten checks per org, as a `discover:` worker grading
// every implemented check of the registry runs them, at 1k and 10k orgs (10k and 100k
// (check, org) pairs). The checks file lists the pairs (the registry read itself is one call
// per org every 10 minutes: nothing next to the runs). Per row, on one worker:
// - runs/s against the ideal, unscraped and scraped every 15 s as Prometheus would (the
//   replica's /metrics/process and /metrics/checks, gzip), alternating on the same worker:
//   target scraped / unscraped >= 0.98 at 100k pairs;
// - CPU per run, Redis operations per run (INFO commandstats), Redis memory per pair
//   (used_memory over a flushed Redis) and by key family (redis-breakdown.mjs);
// - /metrics/checks min/median/max while busy, back to back, gzip, to the last byte: target
//   median <= 100 ms, max <= 250 ms at 100k pairs; its bytes and samples per pair.
import {get} from 'node:http';
import {setTimeout as sleep} from 'node:timers/promises';
import {printBreakdown, redisBreakdown} from './redis-breakdown.mjs';

/** The ids the upstream documents; the bench does not depend on which they are. */
export const TEN_CHECKS = [
  'detections.silent-configs',
  'reviewing.backlog',
  'reviewing.old-proposals',
  'takedowns.todo-volume',
  'takedowns.in-progress-volume',
  'takedowns.stale-in-progress',
  'takedowns.cancelled-count',
  'takedowns.automation-off',
  'assets.dead-asset-spike',
  'organization.missing-contact-url',
];

const usedMemory = async redis => Number(/used_memory:(\d+)/.exec(await redis.info('memory'))[1]);
/**
 * Commands Redis ran so far (INFO commandstats, which counts the commands BullMQ's scripts
 * run too) and bytes it received and sent (INFO stats): with the runs between two reads,
 * Redis operations and bytes per run.
 */
async function redisCalls(redis) {
  const calls = [...(await redis.info('commandstats')).matchAll(/calls=(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  const stats = await redis.info('stats');
  const number = name => Number(new RegExp(`${name}:(\\d+)`).exec(stats)?.[1] ?? 0);
  const cpu = await redis.info('cpu');
  const seconds = name => Number(new RegExp(`${name}:([\\d.]+)`).exec(cpu)?.[1] ?? 0);
  return {calls, bytes: number('total_net_input_bytes') + number('total_net_output_bytes'), cpuS: seconds('used_cpu_user') + seconds('used_cpu_sys')};
}

/**
 * A scrape as Prometheus makes it: `Accept-Encoding: gzip`, timed to the last byte received
 * (decoding is Prometheus's work, not the worker's); the bytes as sent.
 */
function promScrape(url) {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    get(url, {headers: {'accept-encoding': 'gzip'}}, response => {
      let bytes = 0;
      response.on('data', chunk => (bytes += chunk.length));
      response.on('end', () => resolve({ms: performance.now() - t, bytes, gzip: response.headers['content-encoding'] === 'gzip'}));
    }).on('error', reject);
  });
}

/** One scrape's body: its bytes and its samples, per pair and the rest. */
async function scrapeShape(url) {
  const text = await (await fetch(url)).text();
  let pairSeries = 0;
  let other = 0;
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    if (/^vigil_check_[a-z_]+\{check="[^"]*",org=/.test(line)) pairSeries++;
    else other++;
  }
  return {bytes: Buffer.byteLength(text), pairSeries, other};
}

export async function registryRows(bench) {
  const {startWorker, redis, stubGet, timedGet, stats, fmt, verdict, concurrency, scrapeCount, measureS, orgCounts = [1000, 10000]} = bench;
  const latencyMs = 50;
  await stubGet(`/latency?ms=${latencyMs}`);
  const capacity = concurrency / (latencyMs / 1000);
  console.log(`\nregistry rows: ${TEN_CHECKS.length} checks per org, ${latencyMs} ms latency, ${measureS}s unscraped then ${measureS}s scraped every 15 s on the same worker`);
  console.log('pairs    every  runs/s   ideal   ratio  scraped/15s  ratio to unscraped  CPU/run (unscraped / scraped)  Redis/pair  /metrics busy min/median/max  started');
  for (const orgs of orgCounts) {
    const pairs = orgs * TEN_CHECKS.length;
    // Offer twice what the worker can run, so the queue stays busy without 100k jobs waiting.
    const everyMs = Math.max(1000, Math.ceil(pairs / (2 * capacity)) * 1000);
    await redis.flushall();
    const baseMemory = await usedMemory(redis);
    const worker = await startWorker(orgs, {checks: TEN_CHECKS, everyMs});
    await sleep(everyMs + 3000); // every scheduler has fired once
    const measure = async (scrapeEveryMs, seconds) => {
      const scrapes = [];
      let scraping = scrapeEveryMs > 0;
      const scraper = (async () => {
        while (scraping) {
          const next = sleep(scrapeEveryMs);
          // What Prometheus scrapes of one replica (deploy/prometheus/prometheus.yml): its own part, and the shared one.
          const [own, shared] = await Promise.all([promScrape(`${worker.url}/process`), promScrape(`${worker.url}/checks`)]);
          scrapes.push(Math.max(own.ms, shared.ms));
          await next;
        }
      })();
      const runsBefore = worker.runs();
      const cpuBefore = worker.cpuS();
      const callsBefore = await redisCalls(redis);
      const t0 = performance.now();
      await sleep(seconds * 1000);
      const elapsedS = (performance.now() - t0) / 1000;
      const runs = worker.runs() - runsBefore;
      const callsAfter = await redisCalls(redis);
      const calls = callsAfter.calls - callsBefore.calls;
      const redisBytes = callsAfter.bytes - callsBefore.bytes;
      const redisCpuS = callsAfter.cpuS - callsBefore.cpuS;
      scraping = false;
      await scraper;
      return {perS: runs / elapsedS, cpuMsPerRun: ((worker.cpuS() - cpuBefore) * 1000) / Math.max(1, runs), redisOpsPerRun: calls / Math.max(1, runs), redisBytesPerRun: redisBytes / Math.max(1, runs), redisCpuMsPerRun: (redisCpuS * 1000) / Math.max(1, runs), scrapes};
    };
    // Unscraped first: once scraped, the worker keeps the shared part built for 5 minutes
    // (src/metrics/kept-ready.ts), so an unscraped stretch after a scraped one would pay for it.
    const halves = [];
    for (const every of [0, 0, 15_000, 15_000]) halves.push(await measure(every, measureS / 2));
    const merge = ([a, b]) => ({
      perS: (a.perS + b.perS) / 2,
      cpuMsPerRun: (a.cpuMsPerRun + b.cpuMsPerRun) / 2,
      redisOpsPerRun: (a.redisOpsPerRun + b.redisOpsPerRun) / 2,
      redisBytesPerRun: (a.redisBytesPerRun + b.redisBytesPerRun) / 2,
      redisCpuMsPerRun: (a.redisCpuMsPerRun + b.redisCpuMsPerRun) / 2,
      scrapes: [...a.scrapes, ...b.scrapes],
    });
    const quiet = merge([halves[0], halves[1]]);
    const scraped = merge([halves[2], halves[3]]);
    const memoryPerPair = ((await usedMemory(redis)) - baseMemory) / pairs;
    const breakdown = await redisBreakdown(redis, 'bench');
    const busy = [];
    let wire;
    for (let i = 0; i < scrapeCount + 1; i++) {
      const scrape = await promScrape(`${worker.url}/checks`);
      if (i > 0) busy.push(scrape.ms); // the first one builds every line once
      wire = scrape;
    }
    const processScrape = await promScrape(`${worker.url}/process`);
    const peakRss = worker.peakRssMiB();
    const shape = await scrapeShape(`${worker.url}/checks`);
    const processShape = await scrapeShape(`${worker.url}/process`);
    await worker.stop();
    const ideal = Math.min((pairs * 1000) / everyMs, capacity);
    const ratio = scraped.perS / quiet.perS;
    const s = stats(busy);
    const targets = pairs >= 100_000 ? ` ${verdict(ratio >= 0.98)} (>= 0.98)` : '';
    const scrapeTarget = pairs >= 100_000 ? ` ${verdict(s.median <= 100 && s.max <= 250)} (median <= 100, max <= 250 ms)` : '';
    console.log(
      `${String(pairs).padEnd(7)}  ${String(everyMs / 1000).padStart(3)}s  ${fmt(quiet.perS).padStart(6)}  ${fmt(ideal).padStart(6)}  ${(quiet.perS / ideal).toFixed(3)}  ${fmt(scraped.perS).padStart(6)}       ${ratio.toFixed(3)}${targets}  ${quiet.cpuMsPerRun.toFixed(2)} / ${scraped.cpuMsPerRun.toFixed(2)} ms  ${(memoryPerPair / 1024).toFixed(2)} KiB   ${fmt(s.min)} / ${fmt(s.median)} / ${fmt(s.max)} ms${scrapeTarget}  ${fmt(worker.startS)} s`,
    );
    printBreakdown(breakdown, pairs, memoryPerPair);
    console.log(`  Redis per run (INFO commandstats and stats), unscraped: ${quiet.redisOpsPerRun.toFixed(1)} operations, ${(quiet.redisBytesPerRun / 1024).toFixed(2)} KiB in + out, ${quiet.redisCpuMsPerRun.toFixed(3)} ms of Redis CPU; scraped every 15 s: ${scraped.redisOpsPerRun.toFixed(1)} operations, ${(scraped.redisBytesPerRun / 1024).toFixed(2)} KiB, ${scraped.redisCpuMsPerRun.toFixed(3)} ms`);
    console.log(`  /metrics/checks (scraped once for all replicas): ${(shape.bytes / 1024 / 1024).toFixed(2)} MiB of text, ${(shape.bytes / pairs).toFixed(0)} B per pair; sent gzipped ${(wire.bytes / 1024 / 1024).toFixed(2)} MiB, ${(wire.bytes / pairs).toFixed(1)} B per pair (${wire.gzip ? 'gzip' : 'NOT gzip'}); ${shape.pairSeries} per-pair samples (${(shape.pairSeries / pairs).toFixed(2)} per pair) + ${shape.other} others`);
    console.log(`  worker peak RSS ${fmt(peakRss)} MiB`);
    console.log(`  /metrics/process (scraped on each replica): ${processShape.pairSeries + processShape.other} samples, ${(processShape.bytes / 1024).toFixed(1)} KiB of text, ${(processScrape.bytes / 1024).toFixed(1)} KiB gzipped, ${processScrape.ms.toFixed(1)} ms`);
  }
}
