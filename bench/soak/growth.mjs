// Growth of each figure between the end of the warm-up (the first tenth) and the end of the
// run, per hour. A replica restarted by a fault is a new process with its own warm-up, so
// each replica is judged by its longest-lived process. Baseline and end are medians of
// three samples (one sample is one GC's luck), the scrape time's low quartiles of thirds. A figure is past its bound when it grew
// faster than its rate per hour AND by more than its floor: over a 3-minute run, 1 MiB of
// noise would otherwise read as 20 % an hour.

import {slotOfJob} from './ledger.mjs';

const MiB = 2 ** 20;
const ONE_MOMENT_MS = 5_000;

/** Per figure: {key, label, unit, ratePerHour (fraction) or undefined, floor (absolute), bounded, how its ends are read: spread ('thirds', else three samples), quantile (else the median), and from when: perPair 'success' (the pairs' first success, else warm-up), orFirstRun (judgeFigure)}. */
export const FIGURES = [
  {key: 'rss', label: 'RSS', unit: 'MiB', scale: MiB, ratePerHour: 0.05, floor: 16 * MiB, bounded: true, perPair: 'success', orFirstRun: true},
  {key: 'heapUsed', label: 'heap after GC', unit: 'MiB', scale: MiB, ratePerHour: 0.05, floor: 4 * MiB, bounded: true, perPair: 'success', orFirstRun: true},
  {key: 'fds', label: 'open fds', unit: '', scale: 1, ratePerHour: 0, floor: 10, bounded: true},
  {key: 'series', label: '/metrics series', unit: '', scale: 1, ratePerHour: 0, floor: 50, bounded: true, relativeFloor: 0.02, perPair: 'success'},
  // A scrape's time moves with whatever else the core is doing (a fault's retries, a
  // restarted replica loading its grades), and that load only ever adds time. So it is judged
  // on the fastest quarter of the first and of the last third of the span, which follows the
  // scrape's own cost: "flat" means the last third's is not up by half the first's (and
  // 100 ms) at more than 10 % an hour. Judged, like the series it serializes, once they
  // have all arrived: a 20-minute run with the checks-file fault only read 60 ms scrapes
  // in the pairs' first interval and 110 ms after it.
  {key: 'scrapeMs', label: '/metrics scrape', unit: 'ms', scale: 1, ratePerHour: 0.1, floor: 100, relativeFloor: 0.5, bounded: true, spread: 'thirds', quantile: 0.25, perPair: 'success'},
];
export const REDIS_FIGURES = [
  {key: 'usedMemory', label: 'Redis used_memory', unit: 'MiB', scale: MiB, ratePerHour: 0.05, floor: 8 * MiB, bounded: true},
  // Completed jobs go at once, failed ones are kept up to 100 (jobs/reconcile.ts), and a job
  // waiting on its retries stays until its last attempt: fault windows move the count by a
  // few hundred either way, whatever the run's length.
  {key: 'keys', label: 'Redis keys', unit: '', scale: 1, ratePerHour: 0, floor: 2100, bounded: true},
];

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)];
const median = values => quantile(values, 0.5);

/** The samples a figure's baseline and end are read from: three each, or thirds of the span. */
function ends(kept, spread) {
  if (spread !== 'thirds') return {head: kept.slice(0, 3), tail: kept.slice(-3)};
  const third = (kept.at(-1).t - kept[0].t) / 3;
  return {head: kept.filter(sample => sample.t <= kept[0].t + third), tail: kept.filter(sample => sample.t >= kept.at(-1).t - third)};
}

/** Growth of `key` over `samples` ({t, ...}) from the first at or after `from`. */
export function growthOf(samples, key, from, figure) {
  const kept = samples.filter(sample => sample.t >= from && Number.isFinite(sample[key]));
  if (kept.length < 4) return undefined;
  const {head, tail} = ends(kept, figure.spread);
  if (head.length < 3 || tail.length < 3) return undefined;
  const baseline = quantile(head.map(sample => sample[key]), figure.quantile ?? 0.5);
  const end = quantile(tail.map(sample => sample[key]), figure.quantile ?? 0.5);
  const hours = (median(tail.map(s => s.t)) - median(head.map(s => s.t))) / 3_600_000;
  const delta = end - baseline;
  const perHour = hours > 0 ? delta / hours : 0;
  const fractionPerHour = baseline > 0 ? perHour / baseline : 0;
  const floor = Math.max(figure.floor ?? 0, (figure.relativeFloor ?? 0) * baseline);
  const past = figure.bounded ? delta > floor && fractionPerHour > figure.ratePerHour : false;
  return {baseline, end, delta, hours, perHour, fractionPerHour, floor, past, samples: kept.length};
}

/**
 * Per replica, its longest-lived process after warm-up: growth of every figure. Figures that
 * grow with the pairs (heap, RSS, series) are judged once the pairs have arrived, from
 * `firstSuccessMs` (pairsSettledAt): a pair's first run brings its label sets and cached
 * state, its first success its severity, observed values and their series. Until then what
 * grows is the pairs' own, not a leak. The hour-long run of 2026-11-27 judged heap from the
 * end of warm-up and read the first interval's 12 MiB of pairs' state as +114 %/h; the hour
 * of 2026-11-29 judged it from the end of the first interval and read 4,089 series of 1,219
 * pairs whose first runs had errored in the upstream faults, arriving until minute 44 with
 * 1 MiB of heap, as +6.5 %/h, then flat to the end. Restarted processes read every grade
 * from Redis at start, so it is the run's first interval only; the process judged is the
 * one with the longest span after that (`firstRunMs`).
 */
export function replicaGrowth(samples, warmupMs, firstRunMs = 0, firstSuccessMs = firstRunMs, floors = {}) {
  const byPid = new Map();
  for (const sample of samples) {
    const list = byPid.get(sample.pid) ?? [];
    // Two samples of one process within half the sampling interval (10 s) are one moment, and
    // the ends are medians of three: the first is kept. Runs saved before the sampler's
    // finish() have the run's last sample and the loop's next 0.6 s apart.
    if (list.length > 0 && sample.t - list.at(-1).t < ONE_MOMENT_MS) continue;
    byPid.set(sample.pid, [...list, sample]);
  }
  const out = [];
  const replicas = [...new Set(samples.map(sample => sample.replica))].sort();
  for (const replica of replicas) {
    const processes = [...byPid.values()].filter(list => list[0].replica === replica);
    // Its own warm-up: a tenth of the run from its first sample (the run's first tenth for the first process).
    const judged = processes
      .map(list => ({pid: list[0].pid, list, from: Math.max(warmupMs, list[0].t + warmupMs)}))
      .map(entry => ({...entry, span: entry.list.at(-1).t - Math.max(entry.from, firstRunMs)}))
      .sort((a, b) => b.span - a.span)[0];
    if (!judged) continue;
    const figures = {};
    for (const each of FIGURES) {
      const figure = floors[each.key] === undefined ? each : {...each, floor: Math.max(each.floor, floors[each.key])};
      figures[figure.key] = judgeFigure(judged, figure, firstRunMs, firstSuccessMs);
    }
    out.push({replica, pid: judged.pid, processes: processes.length, figures});
  }
  return out;
}

// Two minutes of samples after the pairs' first success, or memory is judged from their first run.
const MIN_SETTLED_SAMPLES = 12;

/**
 * One figure of a process, from the pairs' first success (perPair) or from its warm-up. Memory
 * (orFirstRun) falls back to the pairs' first run when under two minutes of samples follow
 * their first success: a 3-minute soak whose faults fall in the pairs' first interval settles
 * in its last half minute, and would judge memory over a few samples or not at all. From the
 * first run is the stricter reading (the late pairs' own state counts as growth); `since` says
 * which was read.
 */
function judgeFigure(judged, figure, firstRunMs, firstSuccessMs) {
  if (figure.perPair !== 'success') return growthOf(judged.list, figure.key, judged.from, figure);
  const settled = growthOf(judged.list, figure.key, Math.max(judged.from, firstSuccessMs), figure);
  if (!figure.orFirstRun) return settled;
  if (settled && settled.samples >= MIN_SETTLED_SAMPLES) return {...settled, since: 'first success'};
  const fromFirstRun = growthOf(judged.list, figure.key, Math.max(judged.from, firstRunMs), figure);
  return fromFirstRun && {...fromFirstRun, since: 'first run'};
}

/**
 * The replicas' growth as the soak judges it (bench/soak.mjs, and bench/soak-report.mjs on a
 * saved run), each marked `spare` when --spare kept the worker faults away from it.
 */
export function judgeReplicas({samples, runs, startedAt, options}) {
  const firstRunMs = options.everyMs + 10_000;
  const spareFrom = options.workers - (options.spare ?? 0);
  // Sockets kept alive by a pool fill and drain with the load: the runs' pool up to
  // --concurrency and the key check's up to 8 (src/cmd/worker/key-check.ts) are not a leak.
  // A 3-minute soak in CI read a replica's 35 fds going to 49 over its one minute so.
  const floors = {fds: FIGURES.find(figure => figure.key === 'fds').floor + options.concurrency + KEY_CHECK_SOCKETS};
  return replicaGrowth(samples, options.durationMs / 10, firstRunMs, pairsSettledAt(runs, startedAt, options.everyMs, firstRunMs), floors).map(entry => ({...entry, spare: entry.replica >= spareFrom}));
}
const KEY_CHECK_SOCKETS = 8;

/**
 * When every pair there from the start had its first successful run (ms since the start),
 * or `fallback` when none has. A pair's severity, observed values and last success appear
 * with its first success, not its first run: the hour-long run of 2026-11-27 saw ~2,000
 * series appear 17 minutes after its first upstream faults, when the pairs whose first
 * runs had errored in them succeeded at their next interval.
 */
export function pairsSettledAt(runs, startedAt, everyMs, fallback) {
  const firstRun = new Map();
  const firstSuccess = new Map();
  for (const run of runs) {
    const slot = slotOfJob(run.jobId);
    if (!slot) continue;
    if (!firstRun.has(slot.scheduler)) firstRun.set(slot.scheduler, run.at);
    if (run.outcome !== 'error' && !firstSuccess.has(slot.scheduler)) firstSuccess.set(slot.scheduler, run.at);
  }
  let settled = -Infinity;
  for (const [pair, at] of firstSuccess) {
    // Pairs that joined later (the checks-file fault's) bring their own few series.
    if (firstRun.get(pair) - startedAt <= everyMs + 60_000) settled = Math.max(settled, at - startedAt);
  }
  return Number.isFinite(settled) ? Math.max(fallback, settled + 10_000) : fallback;
}

/** Redis's figures after warm-up, or after the last time it lost its data plus one interval. */
export function redisGrowth(redisSamples, from) {
  const figures = {};
  for (const figure of REDIS_FIGURES) figures[figure.key] = growthOf(redisSamples, figure.key, from, figure);
  return figures;
}
