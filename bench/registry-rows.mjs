// The registry rows of bench:worker: ten checks per org, as a `discover:` worker grading
// every implemented check of the registry runs them, at 1k and 10k orgs (10k and 100k
// (check, org) pairs). The checks file lists the pairs (the registry read itself is one call
// per org every 10 minutes: nothing next to the runs). Per row, on one worker:
// - runs/s against the ideal, unscraped, then scraped every 15 s (the same worker, the same
//   length of time): target scraped / unscraped >= 0.98 at 100k pairs;
// - CPU per run, Redis memory per pair (used_memory over a flushed Redis);
// - /metrics min/median/max while busy, back to back: target median <= 250 ms at 100k pairs.
import {setTimeout as sleep} from 'node:timers/promises';

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

export async function registryRows(bench) {
  const {startWorker, redis, stubGet, timedGet, stats, fmt, verdict, concurrency, scrapeCount, measureS, orgCounts = [1000, 10000]} = bench;
  const latencyMs = 50;
  await stubGet(`/latency?ms=${latencyMs}`);
  const capacity = concurrency / (latencyMs / 1000);
  console.log(`\nregistry rows: ${TEN_CHECKS.length} checks per org, ${latencyMs} ms latency, ${measureS}s unscraped then ${measureS}s scraped every 15 s on the same worker`);
  console.log('pairs    every  runs/s   ideal   ratio  scraped/15s  ratio to unscraped  CPU/run  Redis/pair  /metrics busy min/median/max  started');
  for (const orgs of orgCounts) {
    const pairs = orgs * TEN_CHECKS.length;
    // Offer twice what the worker can run, so the queue stays busy without 100k jobs waiting.
    const everyMs = Math.max(1000, Math.ceil(pairs / (2 * capacity)) * 1000);
    await redis.flushall();
    const baseMemory = await usedMemory(redis);
    const worker = await startWorker(orgs, {checks: TEN_CHECKS, everyMs});
    await sleep(everyMs + 3000); // every scheduler has fired once
    const measure = async scrapeEveryMs => {
      const scrapes = [];
      let scraping = scrapeEveryMs > 0;
      const scraper = (async () => {
        while (scraping) {
          const next = sleep(scrapeEveryMs);
          scrapes.push((await timedGet(worker.url)).ms);
          await next;
        }
      })();
      const runsBefore = worker.runs();
      const cpuBefore = worker.cpuS();
      const t0 = performance.now();
      await sleep(measureS * 1000);
      const elapsedS = (performance.now() - t0) / 1000;
      const runs = worker.runs() - runsBefore;
      scraping = false;
      await scraper;
      return {perS: runs / elapsedS, cpuMsPerRun: ((worker.cpuS() - cpuBefore) * 1000) / Math.max(1, runs), scrapes};
    };
    const quiet = await measure(0);
    const scraped = await measure(15_000);
    const memoryPerPair = ((await usedMemory(redis)) - baseMemory) / pairs;
    const busy = [];
    for (let i = 0; i < scrapeCount + 1; i++) {
      const scrape = await timedGet(worker.url);
      if (i > 0) busy.push(scrape.ms); // the first one builds every line once
    }
    await worker.stop();
    const ideal = Math.min((pairs * 1000) / everyMs, capacity);
    const ratio = scraped.perS / quiet.perS;
    const s = stats(busy);
    const targets = pairs >= 100_000 ? ` ${verdict(ratio >= 0.98)} (>= 0.98)` : '';
    const scrapeTarget = pairs >= 100_000 ? ` ${verdict(s.median <= 250)} (median <= 250 ms)` : '';
    console.log(
      `${String(pairs).padEnd(7)}  ${String(everyMs / 1000).padStart(3)}s  ${fmt(quiet.perS).padStart(6)}  ${fmt(ideal).padStart(6)}  ${(quiet.perS / ideal).toFixed(3)}  ${fmt(scraped.perS).padStart(6)}       ${ratio.toFixed(3)}${targets}  ${quiet.cpuMsPerRun.toFixed(2)} ms  ${(memoryPerPair / 1024).toFixed(2)} KiB   ${fmt(s.min)} / ${fmt(s.median)} / ${fmt(s.max)} ms${scrapeTarget}  ${fmt(worker.startS)} s`,
    );
  }
}
