#!/usr/bin/env node
// npm run soak [-- --duration 60m --pairs 10000 --workers 2 --json soak.json]
//
// An hour of faults in a few files (bench/soak/): the BUILT worker's replicas against a
// stub upstream with latency and a request log (upstream*.mjs), a redis-server with AOF
// persistence on a free port (redis.mjs), the shipped Prometheus + Alertmanager scraping
// every 15 s (alerts.mjs), every fault kind on a schedule scaled to --duration
// (schedule.mjs), samples every 10 s (sampler.mjs), then the slot ledger (ledger.mjs), the
// growth after warm-up (growth.mjs) and the verdict (report.mjs). Exit 0 when nothing was
// lost, every alert resolved and no figure grew past its bound; 1 otherwise, naming each
// figure; 3 on a bad option. Run `npm run build` first.
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {loadavg, tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {setTimeout as sleep} from 'node:timers/promises';
import {Queue} from 'bullmq';
import {describeMachine} from './machine.mjs';
import {parseOptions, USAGE} from './soak/options.mjs';
import {faultSchedule} from './soak/schedule.mjs';
import {startUpstream} from './soak/upstream.mjs';
import {startSoakRedis} from './soak/redis.mjs';
import {createReplica} from './soak/replicas.mjs';
import {startSampler} from './soak/sampler.mjs';
import {startAlerting} from './soak/alerts.mjs';
import {startService} from './soak/service.mjs';
import {injectFault} from './soak/faults.mjs';
import {checkExpectedAlerts, expectedAlerts, ruleDurations} from './soak/expected-alerts.mjs';
import {buildLedger} from './soak/ledger.mjs';
import {judgeReplicas, redisGrowth} from './soak/growth.mjs';
import {loopFigures} from './soak/loop.mjs';
import {failuresOf, formatReport} from './soak/report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(`soak: ${error.message}\n${USAGE}`);
  process.exit(3);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!existsSync(path.join(root, 'dist/cli.js'))) {
  console.error('soak: dist/cli.js is missing: run `npm run build` first');
  process.exit(1);
}
const progress = message => process.stderr.write(`soak ${new Date().toISOString().slice(11, 19)} ${message}\n`);

const dir = mkdtempSync(path.join(tmpdir(), 'vigil-soak-'));
const CHECK = 'takedowns.cancelled-count';
const orgs = Array.from({length: options.pairs}, (_, i) => `org-${String(i).padStart(5, '0')}`);
// The checks-file fault swaps one pair for another, and back on the next round.
const SWAP = {out: `${CHECK}@${orgs[1]}`, in: `${CHECK}@org-added`};
let swapped = false;
const checksFile = path.join(dir, 'checks.yaml');
const writeChecks = () => {
  const listed = swapped ? [...orgs.filter(org => org !== orgs[1]), 'org-added'] : orgs;
  const lines = [`defaults: {every: ${options.everyMs}}`, `retry: {attempts: ${options.attempts}, backoff: ${options.backoffMs}}`, 'checks:'];
  for (const org of listed) lines.push(`  - {check: ${CHECK}, org: ${org}}`);
  writeFileSync(checksFile, `${lines.join('\n')}\n`);
};
writeChecks();

const runs = [];
const events = [];
const onLine = (replica, entry, pid) => {
  if (process.env.SOAK_DEBUG && entry.msg !== 'run') progress(`w${replica} ${entry.msg} ${entry.reason ?? ''} ${entry.error ?? ''}`);
  const at = Date.now();
  if (entry.msg === 'run') runs.push({jobId: entry.jobId, outcome: entry.outcome, willRetry: entry.willRetry, at, replica});
  else events.push({at, replica, pid, msg: entry.msg, reason: entry.reason, error: entry.error});
};

const redis = await startSoakRedis();
progress(`Redis (AOF) ${redis.sentinel ? 'as primary + replica + 3 sentinels' : `standalone (no Sentinel failover: ${redis.sentinelMissing})`}; starting the upstream, ${options.workers} replicas with ${options.pairs} pairs`);
const upstream = await startUpstream({latencyMs: options.latencyMs});
const replicas = [];
const cleanups = [];
const cleanup = async () => {
  await Promise.allSettled(replicas.map(replica => replica.stop()));
  for (const step of cleanups) await step().catch(() => {});
  upstream.stop();
  await redis.stop();
  rmSync(dir, {recursive: true, force: true});
};
for (let i = 0; i < options.workers; i++) {
  replicas.push(await createReplica(i, {checksFile: () => checksFile, redisUrl: redis.url, baseUrl: upstream.baseUrl, concurrency: options.concurrency, lockMs: options.lockMs, configDir: dir, plantLeak: options.plantLeak}, onLine));
}
const queue = new Queue('healthchecks', {connection: redis.client, prefix: 'soak'});
queue.on('error', () => {});
const schedulers = new Map();
const readSchedulers = async () => {
  for (const scheduler of await queue.getJobSchedulers(0, -1)) schedulers.set(scheduler.key, {id: scheduler.key, every: Number(scheduler.every), offset: Number(scheduler.offset ?? 0)});
};
await readSchedulers();

const service = await startService(replicas);
cleanups.push(() => service.close());
const alerting = await startAlerting({targets: replicas.map(replica => replica.target), checksTarget: service.target, ruleSpeedup: options.ruleSpeedup});
if (alerting.missing) progress(`alerts not watched: ${alerting.missing} not installed`);
else cleanups.push(() => alerting.stop());

const startedAt = Date.now();
const at = () => Date.now() - startedAt;
const presence = new Map([...schedulers.keys()].map(id => [id, [{from: startedAt, to: startedAt + options.durationMs}]]));
const sampler = startSampler({replicas, redis, at});
const schedule = faultSchedule(options.durationMs, options.faults);
progress(`running ${options.durationMs / 60_000} min, ${schedule.length} fault windows; Prometheus ${alerting.prometheusUrl ?? '-'}`);

const faults = [];
const context = {
  upstream,
  redis,
  replicas,
  options,
  progress,
  /**
   * The checks-file fault: swap the pair in the file under the running replicas, wait until
   * Redis's schedulers show it, note when each pair was in. The leaving pair is due until the
   * write; the joining one from when its scheduler is seen.
   */
  async swapChecks() {
    const changedAt = Date.now();
    swapped = !swapped;
    writeChecks();
    const [gone, come] = swapped ? [SWAP.out, SWAP.in] : [SWAP.in, SWAP.out];
    // Two lookups, not the 10,000 schedulers, every poll.
    const deadline = changedAt + 120_000;
    while (!((await queue.getJobScheduler(come)) && !(await queue.getJobScheduler(gone)))) {
      if (Date.now() > deadline) throw new Error(`the checks file change was not applied within 120 s: ${come} not scheduled or ${gone} not removed`);
      await sleep(100);
    }
    const appliedAt = Date.now();
    await readSchedulers();
    const [leaving, joining] = swapped ? [SWAP.out, SWAP.in] : [SWAP.in, SWAP.out];
    const spans = presence.get(leaving);
    if (spans?.length) spans.at(-1).to = Math.min(spans.at(-1).to, changedAt);
    presence.set(joining, [...(presence.get(joining) ?? []), {from: appliedAt, to: startedAt + options.durationMs}]);
    return {appliedMs: appliedAt - changedAt};
  },
};
for (const window of schedule) {
  await sleep(Math.max(0, startedAt + window.start - Date.now()));
  progress(`fault ${window.kind} (round ${window.round})`);
  const from = Date.now();
  const {downMs, skipped, appliedMs} = await injectFault(window, context, () => sleep(Math.max(0, startedAt + window.end - Date.now())));
  if (skipped) progress(`skipped ${window.kind}: ${skipped}`);
  faults.push({kind: window.kind, round: window.round, from, to: Date.now(), slotEnd: startedAt + window.slotEnd, downMs, skipped, appliedMs});
}
await sleep(Math.max(0, startedAt + options.durationMs - Date.now()));
await sampler.finish();
// The drain: slots due before the end get their retries and a killed run's re-run.
const drainMs = 2 * options.lockMs + options.backoffMs * 7 * 1.5 + 10_000;
progress(`run over; draining ${Math.round(drainMs / 1000)} s for the last slots' retries`);
await sleep(drainMs);
// An alert raised late in the run (a pair that never succeeded is graded again one interval
// later, then keep_firing_for) gets until then to resolve: "resolves after" is part of the verdict.
if (!alerting.missing) {
  const capMs = options.everyMs + 300_000 / options.ruleSpeedup + 60_000;
  const waitFrom = Date.now();
  for (let firing = await alerting.firingNow(); firing.length > 0 && Date.now() - waitFrom < capMs; firing = await alerting.firingNow()) {
    progress(`waiting for ${[...new Set(firing)].join(', ')} to resolve (${Math.round((Date.now() - waitFrom) / 1000)} s of at most ${Math.round(capMs / 1000)})`);
    await sleep(15_000);
  }
}

const endedAt = Date.now();
const retrySpanMs = options.backoffMs * 7 * 1.5 + options.everyMs;
const kinds = kind => faults.filter(fault => fault.kind === kind);
const firstReconcileAfter = t => events.find(event => event.msg === 'schedulers reconciled' && event.reason !== 'start' && event.at > t)?.at;
// A Redis that loses its data loses every job it held: slots not yet run (a backlog of up
// to one interval), retries waiting, and the next due job of every pair until a replica
// notices and reconciles.
const excused = kinds('redis-data-loss').map(fault => ({
  from: fault.from - options.everyMs - retrySpanMs,
  to: (firstReconcileAfter(fault.from) ?? endedAt) + 1000,
  reason: 'queued in the Redis that lost its data',
}));
const down = kinds('upstream-down').map(fault => ({from: fault.from, to: fault.to}));
const kills = faults.filter(fault => !fault.skipped && /worker|redis|sentinel/.test(fault.kind)).map(fault => ({from: fault.from, to: fault.to + 2 * options.lockMs + 5000}));
const requests = await upstream.requests();
// The raw record first: a long run's data survives a bug in the analysis after it.
if (options.json) {
  writeFileSync(`${options.json}.raw.json`, JSON.stringify({options, startedAt, endedAt, faults, schedulers: [...schedulers.values()], presence: [...presence], runs, events, requests, samples: sampler.samples, redisSamples: sampler.redisSamples}));
}
const ledger = buildLedger({schedulers: [...schedulers.values()], presence, runs, requests, excused, down, kills});
// What Redis still says of a lost slot's job: its state and why it failed, if it did.
for (const slot of ledger.lostSlots) {
  const job = await queue.getJob(`repeat:${slot.scheduler}:${new Date(slot.due).getTime()}`).catch(() => undefined);
  slot.job = job ? `${await job.getState()}, attempts ${job.attemptsMade}, stalled ${job.stalledCounter ?? '-'}${job.failedReason ? `, "${job.failedReason}"` : ''}` : 'no such job';
}

const warmupMs = options.durationMs / 10;
const lastLoss = kinds('redis-data-loss').at(-1);
const redisFrom = lastLoss && lastLoss.to + options.everyMs - startedAt < options.durationMs * 0.7 ? lastLoss.to + options.everyMs - startedAt : warmupMs;
const windowOf = t => faults.find(fault => t >= fault.from && t <= fault.slotEnd + 60_000)?.kind ?? 'no fault window';
// What the runbook and the rules say each window raises at this scale, checked against ALERTS.
const forMs = ruleDurations(options.ruleSpeedup);
for (const fault of faults) fault.expected = fault.skipped ? {expect: [], reason: `skipped: ${fault.skipped}`} : expectedAlerts({kind: fault.kind, start: fault.from - startedAt, end: fault.to - startedAt, downMs: fault.downMs}, options, forMs);
let alerts;
if (!alerting.missing) {
  const firings = (await alerting.firings(startedAt, endedAt)).map(span => ({...span, window: windowOf(span.from)}));
  alerts = {notifications: alerting.notifications.length, firings, expectedFailures: checkExpectedAlerts(faults, firings)};
}

const result = {
  options,
  machine: describeMachine(),
  node: process.version,
  loadAtEnd: loadavg().map(n => n.toFixed(2)).join(' '),
  startedAt,
  endedAt,
  drainMs,
  faults,
  ledger,
  growth: {replicas: judgeReplicas({samples: sampler.samples, runs, startedAt, options}), redis: redisGrowth(sampler.redisSamples, redisFrom)},
  loop: loopFigures(sampler.samples, faults, startedAt, warmupMs),
  alerts,
  alertsMissing: alerting.missing,
  samples: sampler.samples,
  redisSamples: sampler.redisSamples,
  runs: options.json ? runs : runs.length,
  events: events.filter(event => event.msg !== 'worker started'),
};
result.failures = failuresOf(result);
console.log(formatReport(result));
if (options.json) writeFileSync(options.json, `${JSON.stringify(result, null, 2)}\n`);
await queue.close();
await cleanup();
process.exit(result.failures.length === 0 ? 0 : 1);
