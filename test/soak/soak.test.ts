import {spawn, spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {ensureBuilt} from '../helpers/build.js';
import {ROOT} from '../helpers/cli.js';
import {requireOneOf, requireProgram, requirePrograms} from '../helpers/programs.js';
import {FAULT_KINDS} from '../../bench/soak/schedule.mjs';
import {buildLedger, type Run} from '../../bench/soak/ledger.mjs';
import {judgeReplicas, pairsSettledAt, replicaGrowth} from '../../bench/soak/growth.mjs';
import {loopFigures} from '../../bench/soak/loop.mjs';
import {checkExpectedAlerts, expectedAlerts, ruleDurations} from '../../bench/soak/expected-alerts.mjs';
import {injectFault, type FaultContext} from '../../bench/soak/faults.mjs';
import {parseOptions} from '../../bench/soak/options.mjs';
import {startSampler} from '../../bench/soak/sampler.mjs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';

/*
 * `npm run soak` at CI scale, as a user runs it: the built worker's replicas, a Redis with
 * AOF, the shipped Prometheus + Alertmanager, every fault kind once. What it costs on the
 * 2-core CI machine: the short soak about 5 minutes (3 of run, ~45 s of drain, start-up),
 * the planted leak about 3 minutes (2 of run); both mostly waiting, a few tenths of a core each.
 */

// Runs on one Node line in CI (asking for Prometheus puts it in the "once" group): what it
// watches is the built worker over minutes, which the other lines' Redis suites cover too.
const programs = requirePrograms('prometheus', 'redis-server');
const alertmanager = requireOneOf(['alertmanager', 'prometheus-alertmanager'], 'prometheus-alertmanager');
const skip = programs.skipReason ?? alertmanager.skipReason;
// Without redis-sentinel the soak runs one redis-server and skips the failover, saying so.
const sentinel = requireProgram('redis-sentinel');
const dir = mkdtempSync(path.join(tmpdir(), 'vigil-soak-test-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

function soak(args: string[]): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise(resolve => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bench/soak.mjs'), ...args], {cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', chunk => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk));
    child.on('exit', code => resolve({code, stdout, stderr}));
  });
}

interface SoakJson {
  faults: {kind: string; skipped?: string; expected: {expect: string[]; reason: string}}[];
  ledger: {figures: {due: number; graded: number; lost: number}};
  alerts?: {firings: {alertname: string; resolved: boolean}[]};
  failures: string[];
}

describe.skipIf(skip)('npm run soak', () => {
  it('a 3-minute soak with every fault kind once loses no slot, leaves no alert firing, and grows no figure past its bound', async () => {
    ensureBuilt();
    const json = path.join(dir, 'short.json');
    const run = await soak(['--duration', '3m', '--pairs', '500', '--json', json]);
    const report: SoakJson = JSON.parse(readFileSync(json, 'utf8'));
    expect(run.stdout, run.stderr.slice(-3000)).toContain('\nPASS');
    expect(report.failures).toEqual([]);
    expect(run.code).toBe(0);
    expect(new Set(report.faults.map(fault => fault.kind))).toEqual(new Set(FAULT_KINDS));
    const failover = report.faults.find(fault => fault.kind === 'sentinel-failover')!;
    if (sentinel.skipReason) expect(run.stdout).toMatch(/sentinel-failover +round 1 +\+\d\d:\d\d SKIPPED \(.*redis-sentinel not installed\)/);
    else expect(failover.skipped).toBeUndefined();
    // Every window says what it should raise, or why nothing.
    for (const fault of report.faults) expect(fault.expected.reason, fault.kind).not.toBe('');
    expect(run.stdout).toMatch(/^ {2}worker-sigkill: one replica at a time/m);
    expect(report.ledger.figures.lost).toBe(0);
    // The ledger saw the work: most slots graded by a run, not all excused.
    expect(report.ledger.figures.graded).toBeGreaterThan(report.ledger.figures.due / 2);
    expect(report.alerts?.firings.filter(span => span.alertname !== 'VigilWatchdog' && !span.resolved)).toEqual([]);
    // Memory is judged, not "too few samples": from the pairs' first run, as they settle late here.
    expect(run.stdout).toMatch(/^ {2}heap after GC \(MiB\) +w\d +[\d.]+ +[\d.]+ /m);
    expect(run.stdout).toMatch(/memory judged on pid \d+ .* from the pairs' first (run|success)$/m);
  }, 1_800_000);

  it('a listener leaked per run (planted by the harness, not the product) fails the soak naming the heap', async () => {
    ensureBuilt();
    // Two minutes: heap is judged from every pair's first success (with no faults, the end of
    // their first interval: 30 s here), and a one-minute run left four samples, its baseline
    // and end 10 s apart (a leak of 3.4 MiB read as inside the 4 MiB floor once the end
    // stopped having an extra sample 0.6 s after it).
    const run = await soak(['--duration', '2m', '--pairs', '200', '--faults', 'none', '--plant-leak', 'listener']);
    expect(run.code, run.stdout + run.stderr.slice(-2000)).toBe(1);
    expect(run.stdout).toContain('\nFAIL\n');
    expect(run.stdout).toMatch(/heap after GC of replica \d \(pid \d+\) grew \+[\d.]+%\/h/);
  }, 1_200_000);

  it('refuses a bad option naming it, before starting anything', async () => {
    const run = await soak(['--duration', '3 minutes']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('--duration: must be a duration like 3m');
    expect(run.stdout).toBe('');
  });
});

describe('memory growth', () => {
  const MiB = 2 ** 20;
  // Samples every 10 s of one process, heap from `heap(t)`.
  const lifetime = (pid: number, fromMs: number, toMs: number, heap: (t: number) => number) =>
    Array.from({length: Math.floor((toMs - fromMs) / 10_000) + 1}, (_, i) => {
      const t = fromMs + i * 10_000;
      return {t, replica: 0, pid, heapUsed: heap(t), rss: 100 * MiB, fds: 30, series: 1000};
    });
  // The hour of 2026-11-27 in small: the first process grows while pairs run for the first
  // time (until 1000 s), then holds; a restarted one starts with every pair's state.
  const firstInterval = 1_000_000;
  const pairsFilling = (t: number) => 32 * MiB + Math.min(t, firstInterval) * (12 * MiB / firstInterval);

  it("does not read the pairs' first interval as a leak", () => {
    const samples = [...lifetime(1, 0, 1_020_000, pairsFilling), ...lifetime(2, 1_030_000, 1_700_000, () => 44 * MiB)];
    const [judged] = replicaGrowth(samples, 360_000, firstInterval + 10_000);
    expect(judged?.figures.heapUsed?.past).toBe(false);
    expect(judged?.pid).toBe(2);
  });

  it("does not read a socket pool filling to --concurrency as an fd leak, and finds fds that keep growing", () => {
    const options = {durationMs: 3_600_000, everyMs: 50_000, workers: 1, spare: 0, concurrency: 20};
    const fds = (fdsAt: (t: number) => number) => lifetime(1, 0, 3_600_000, () => 40 * MiB).map(sample => ({...sample, fds: fdsAt(sample.t)}));
    // The runs' pool fills late in the run: 35 fds, then 55.
    const [pool] = judgeReplicas({samples: fds(t => (t < 3_000_000 ? 35 : 55)), runs: [], startedAt: 0, options});
    expect(pool?.figures.fds).toMatchObject({delta: 20, past: false});
    // One fd more every minute, never given back.
    const [leak] = judgeReplicas({samples: fds(t => 35 + Math.floor(t / 60_000)), runs: [], startedAt: 0, options});
    expect(leak?.figures.fds?.past).toBe(true);
  });

  it('reads two samples of one moment as one, so the end is not a median of one moment', () => {
    // The hour of 2026-11-27 20:32: its last sample and the sampler's next 0.6 s apart, both high.
    const samples = lifetime(1, 0, 3_600_000, t => (t >= 3_600_000 ? 46 * MiB : 44 * MiB));
    samples.push({...samples.at(-1)!, t: 3_600_600});
    const [judged] = replicaGrowth(samples, 360_000, firstInterval + 10_000);
    expect(judged?.figures.heapUsed).toMatchObject({end: 44 * MiB, past: false});
  });

  it('does not read the series of pairs whose first runs errored as a leak: they come with their first success', () => {
    // The hour of 2026-11-29 in small: after the first interval, pairs whose first runs had
    // errored in the upstream faults succeeded until minute 44, their series 1 MiB of heap;
    // then flat. Judged from the end of the first interval that read +6.5 %/h.
    const settledMs = 2_650_000;
    const settling = (t: number) => pairsFilling(t) + Math.min(Math.max(t - 1_320_000, 0), settledMs - 1_320_000) * (2 * MiB / (settledMs - 1_320_000));
    const fromFirstRun = replicaGrowth(lifetime(1, 0, 3_600_000, settling), 360_000, firstInterval + 10_000)[0]?.figures.heapUsed;
    expect(fromFirstRun?.fractionPerHour).toBeGreaterThan(0.05);
    const [judged] = replicaGrowth(lifetime(1, 0, 3_600_000, settling), 360_000, firstInterval + 10_000, settledMs);
    expect(judged?.figures.heapUsed).toMatchObject({delta: 0, past: false});
    // Growth after that is still found.
    const leaking = (t: number) => settling(t) + Math.max(0, t - settledMs) * (20 * MiB / 3_600_000);
    const [leak] = replicaGrowth(lifetime(1, 0, 3_600_000, leaking), 360_000, firstInterval + 10_000, settledMs);
    expect(leak?.figures.heapUsed?.past).toBe(true);
  });

  it('judges memory from the first run, more strictly, when under two minutes of samples follow the first success', () => {
    // A 3-minute soak whose faults fall in the pairs' first interval: they settle in its last 30 s.
    const samples = lifetime(1, 0, 180_000, t => 19 * MiB + Math.max(0, t - 60_000) * (8 * MiB / 120_000));
    const [short] = replicaGrowth(samples, 18_000, 60_000, 150_000);
    expect(short?.figures.heapUsed).toMatchObject({since: 'first run', past: true});
    // The series are still judged only once the pairs have settled.
    expect(short?.figures.series?.samples ?? 0).toBeLessThan(12);
  });

  it('finds a heap that keeps growing after every pair has run', () => {
    const leaking = (t: number) => pairsFilling(t) + Math.max(0, t - firstInterval) * (20 * MiB / 3_600_000);
    const [judged] = replicaGrowth(lifetime(1, 0, 3_600_000, leaking), 360_000, firstInterval + 10_000);
    expect(judged?.figures.heapUsed).toMatchObject({past: true});
  });
});

describe('/metrics scrape time', () => {
  // An hour of one process sampled every 10 s, scrape time from `ms(t, i)`.
  const hour = (ms: (t: number, i: number) => number) =>
    Array.from({length: 361}, (_, i) => ({t: i * 10_000, replica: 0, pid: 1, heapUsed: 40 * 2 ** 20, rss: 100 * 2 ** 20, fds: 30, series: 1000, scrapeMs: ms(i * 10_000, i)}));
  const judge = (ms: (t: number, i: number) => number) => replicaGrowth(hour(ms), 360_000)[0]?.figures.scrapeMs;

  it('is flat when it only swings with the load (slow every other minute, the last samples all slow)', () => {
    const swinging = (t: number, i: number) => (t > 3_570_000 ? 900 : Math.floor(i / 6) % 2 === 0 ? 300 : 700);
    expect(judge(swinging)).toMatchObject({past: false});
  });

  it("is judged from every pair's first success: the series arriving slow it down until then", () => {
    const arriving = (t: number) => 60 + Math.min(t, 1_000_000) * (50 / 1_000_000);
    expect(replicaGrowth(hour(arriving), 360_000, 1_010_000, 1_010_000)[0]?.figures.scrapeMs).toMatchObject({past: false, baseline: 110});
  });

  it('fails when the scrape keeps getting slower over the hour', () => {
    const creeping = (t: number) => 300 + (t / 3_600_000) * 400;
    expect(judge(creeping)).toMatchObject({past: true});
  });
});

describe('event-loop delay outside fault windows', () => {
  // Windows from 6 to 51 min, each to the end of its slot; the quiet tail after.
  const faults = Array.from({length: 3}, (_, i) => ({kind: 'upstream-503', from: 1_000 + 360_000 + i * 900_000, to: 1_000 + 420_000 + i * 900_000, slotEnd: 1_000 + 360_000 + (i + 1) * 900_000}));
  const samples = Array.from({length: 361}, (_, i) => ({t: i * 10_000, replica: 0, pid: 1, loopP99Ms: i * 10_000 > 3_061_000 ? 12 : 400}));

  it('judges the samples after warm-up outside every window, and counts each side', () => {
    const loop = loopFigures(samples, faults, 1_000, 360_000);
    expect(loop).toMatchObject({outsideMaxMs: 12, outsideSamples: 54, insideMaxMs: 400, insideSamples: 271});
  });
});

describe('sparing replicas from the worker faults (--spare)', () => {
  // Fake replicas that record each restart: which replica, and with which signal.
  const restarts: string[] = [];
  const context = (spare: number): FaultContext => ({
    upstream: {setMode: async () => {}},
    redis: {},
    replicas: [0, 1, 2].map(i => ({restart: async (signal: string) => void restarts.push(`w${i} ${signal}`)})),
    options: {spare},
    progress: () => {},
    swapChecks: async () => ({appliedMs: 0}),
  });
  const fault = (kind: string, round: number) => injectFault({kind, round, start: 0, end: 0}, context(1), async () => {});

  it('kills and rolls only the replicas before the spare ones, each in turn', async () => {
    restarts.length = 0;
    for (const round of [1, 2, 3]) await fault('worker-sigkill', round);
    await fault('worker-rolling', 1);
    expect(restarts).toEqual(['w0 SIGKILL', 'w1 SIGKILL', 'w0 SIGKILL', 'w0 SIGTERM', 'w1 SIGTERM']);
  });

  it('refuses to spare every replica, naming --spare', () => {
    expect(parseOptions(['--workers', '3', '--spare', '1'])).toMatchObject({workers: 3, spare: 1});
    expect(parseOptions([])).toMatchObject({spare: 0});
    expect(() => parseOptions(['--workers', '2', '--spare', '2'])).toThrow('--spare: must be an integer from 0 to 1 (got "2")');
    expect(() => parseOptions(['--workers', '1', '--spare', '1'])).toThrow('--spare: must be 0 with one worker');
  });
});

describe('the sampler', () => {
  it("takes one sample at a time, so a sample never reads another's forced GC as event-loop delay", async () => {
    // A replica whose GC takes 50 ms: what a second sample would scrape while it runs.
    let collecting = 0;
    let overlapped = 0;
    const server = createServer((_req, res) => res.end('nodejs_eventloop_lag_p99_seconds 0.01\n'));
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const replica = {
      index: 0,
      pid: () => process.pid,
      alive: () => true,
      processUrl: `${url}/metrics/process`,
      checksUrl: `${url}/metrics/checks`,
      async heapAfterGc() {
        if (collecting++ > 0) overlapped++;
        await new Promise(resolve => setTimeout(resolve, 50));
        collecting--;
        return 1;
      },
    };
    const sampler = startSampler({replicas: [replica], redis: {figures: async () => ({usedMemory: 1, keys: 1})}, at: () => 0, everyMs: 60_000});
    // The run's end: a last sample asked while the loop's first is under way.
    await sampler.once();
    await sampler.stop();
    server.close();
    expect(overlapped).toBe(0);
    expect(sampler.samples).toHaveLength(2);
  });

  it("ends a run with one sample, not its own and the loop's next a moment apart (the end is a median of three)", async () => {
    // Sampling back to back: each sample takes 20 ms, one is due every 30 ms.
    const started = Date.now();
    const replica = {
      index: 0,
      pid: () => process.pid,
      alive: () => true,
      processUrl: 'data:,nodejs_eventloop_lag_p99_seconds 0.01',
      checksUrl: 'data:,',
      heapAfterGc: () => new Promise<number>(resolve => setTimeout(() => resolve(1), 20)),
    };
    const sampler = startSampler({replicas: [replica], redis: {figures: async () => ({usedMemory: 1, keys: 1})}, at: () => Date.now() - started, everyMs: 30});
    await new Promise(resolve => setTimeout(resolve, 200));
    const end = Date.now() - started;
    await sampler.finish();
    await new Promise(resolve => setTimeout(resolve, 100));
    expect(sampler.samples.filter(sample => (sample.t ?? -1) >= end)).toHaveLength(1);
    expect(sampler.samples.at(-1)?.t).toBeGreaterThanOrEqual(end);
  });
});

describe('re-judging a saved soak (bench/soak-report.mjs)', () => {
  it('refuses a file that is missing or not a soak with exit 3, naming it, and no stack trace', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-soak-report-'));
    try {
      const notSoak = path.join(dir, 'other.json');
      writeFileSync(notSoak, '{}');
      const cases: [string, string][] = [[path.join(dir, 'missing.json'), 'ENOENT'], [notSoak, 'not a soak written with --json']];
      for (const [file, says] of cases) {
        const run = spawnSync(process.execPath, [path.join(ROOT, 'bench/soak-report.mjs'), file], {encoding: 'utf8'});
        expect(run.status).toBe(3);
        expect(run.stderr).toContain(`${file}: `);
        expect(run.stderr).toContain(says);
        expect(run.stderr).not.toMatch(/\n\s+at /);
        expect(run.stdout).toBe('');
      }
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});

describe('when the pairs have settled', () => {
  const job = (pair: string, due: number) => `repeat:takedowns.cancelled-count@${pair}:${due}`;
  it("is every pair's first success, a pair whose first runs errored included, not one that joined later", () => {
    const settled = pairsSettledAt(
      [
        {jobId: job('acme', 1000), outcome: 'ok', at: 1100},
        {jobId: job('hooli', 2000), outcome: 'error', at: 2100},
        {jobId: job('hooli', 12_000), outcome: 'warn', at: 12_100},
        {jobId: job('joined-later', 500_000), outcome: 'ok', at: 500_100},
      ],
      0,
      10_000,
      20_000,
    );
    expect(settled).toBe(22_100);
  });
});

describe('the slot ledger', () => {
  // One pair every 10 s, offset 0: due at 10 000, 20 000, 30 000, 40 000.
  const id = 'takedowns.cancelled-count@acme';
  const job = (due: number) => `repeat:${id}:${due}`;
  const ledger = (runs: Run[], windows: {excused?: {from: number; to: number; reason: string}[]; down?: {from: number; to: number}[]} = {}) =>
    buildLedger({
      schedulers: [{id, every: 10_000, offset: 0}],
      presence: new Map([[id, [{from: 5000, to: 45_000}]]]),
      runs,
      requests: runs.filter(run => run.outcome !== 'error').map(run => ({at: run.at, slug: 'acme', check: 'takedowns.cancelled-count', status: 200})),
      excused: windows.excused ?? [],
      down: windows.down ?? [],
      kills: [],
    }).figures;

  it('counts a due slot without a final run as lost, and one retried to the end as graded', () => {
    const figures = ledger([
      {jobId: job(10_000), outcome: 'ok', at: 10_100},
      {jobId: job(20_000), outcome: 'error', willRetry: true, at: 20_100},
      {jobId: job(30_000), outcome: 'error', willRetry: false, at: 30_100},
      {jobId: job(40_000), outcome: 'warn', at: 40_100},
    ]);
    expect(figures).toMatchObject({due: 4, graded: 3, lost: 1, coalesced: 0});
  });

  it("tells a slot answered inside a kill's window whose run line died with the replica from a lost one", () => {
    const answered = (killFrom: number, killTo: number) =>
      buildLedger({
        schedulers: [{id, every: 10_000, offset: 0}],
        presence: new Map([[id, [{from: 5000, to: 25_000}]]]),
        runs: [{jobId: job(10_000), outcome: 'ok', at: 10_100}],
        // The 20 000 slot was answered at 20 050; no run line reached the log.
        requests: [10_050, 20_050].map(at => ({at, slug: 'acme', check: 'takedowns.cancelled-count', status: 200})),
        excused: [],
        down: [],
        kills: [{from: killFrom, to: killTo}],
      }).figures;
    expect(answered(20_000, 21_000)).toMatchObject({due: 2, graded: 1, gradedUnlogged: 1, lost: 0});
    expect(answered(30_000, 31_000)).toMatchObject({due: 2, graded: 1, gradedUnlogged: 0, lost: 1});
  });

  it('calls a slot coalesced when the run before it ended inside its interval, and counts a twice-graded slot', () => {
    const figures = ledger([
      {jobId: job(10_000), outcome: 'ok', at: 21_000},
      {jobId: job(30_000), outcome: 'ok', at: 30_100},
      {jobId: job(30_000), outcome: 'ok', at: 31_100},
      {jobId: job(40_000), outcome: 'ok', at: 40_100},
    ]);
    expect(figures).toMatchObject({due: 4, graded: 3, lost: 0, coalesced: 1, gradedTwice: 1, gradedTwiceOutsideKills: 1});
  });

  it('excuses what Redis held when it lost its data, and says how upstream-down slots ended', () => {
    const figures = ledger(
      [
        {jobId: job(10_000), outcome: 'error', willRetry: false, at: 10_100},
        {jobId: job(20_000), outcome: 'ok', at: 26_000},
      ],
      {down: [{from: 9000, to: 21_000}], excused: [{from: 29_000, to: 41_000, reason: 'lost with Redis'}]},
    );
    expect(figures).toMatchObject({due: 4, lost: 0, excused: 2, downDue: 2, downError: 1, downGradedAfter: 1});
  });
});

describe('the alerts each fault window should raise', () => {
  const minute = 60_000;
  it('at an hour (rules as shipped, 10,000 pairs every 1000 s): VigilCheckNeverSucceeded for an upstream outage in the first interval, nothing for Redis or worker faults', () => {
    const forMs = ruleDurations(1);
    const options = {everyMs: 1_000_000};
    expect(expectedAlerts({kind: 'upstream-503', start: 6 * minute, end: 7 * minute}, options, forMs).expect).toEqual(['VigilCheckNeverSucceeded']);
    // Later rounds: every pair succeeded once, and an outage of a minute is far below 3 intervals.
    expect(expectedAlerts({kind: 'upstream-down', start: 21 * minute, end: 22 * minute}, options, forMs).expect).toEqual([]);
    expect(expectedAlerts({kind: 'upstream-slow', start: 6 * minute, end: 7 * minute}, options, forMs).expect).toEqual([]);
    expect(expectedAlerts({kind: 'redis-data-loss', start: 14 * minute, end: 14 * minute + 5000, downMs: 5000}, options, forMs)).toMatchObject({expect: [], reason: expect.stringContaining("below VigilStoreDown's for")});
    expect(expectedAlerts({kind: 'worker-sigkill', start: 15 * minute, end: 16 * minute}, options, forMs).expect).toEqual([]);
  });

  it('VigilStoreDown once Redis stays away past its for, VigilCheckStale once an outage outlasts 3 intervals', () => {
    const forMs = ruleDurations(60);
    expect(expectedAlerts({kind: 'redis-restart', start: 0, end: 30_000, downMs: 30_000}, {everyMs: 10_000}, forMs).expect).toEqual(['VigilStoreDown']);
    expect(expectedAlerts({kind: 'upstream-503', start: 60_000, end: 120_000}, {everyMs: 10_000}, forMs).expect).toEqual(['VigilCheckStale']);
  });

  it('fails naming an expected alert that did not fire in its bound, or did not resolve', () => {
    const window = {kind: 'upstream-503', round: 1, from: 1000, expected: {expect: ['VigilCheckNeverSucceeded'], byMs: 60_000, reason: ''}};
    expect(checkExpectedAlerts([window], [{alertname: 'VigilCheckNeverSucceeded', from: 30_000, resolved: true}])).toEqual([]);
    expect(checkExpectedAlerts([window], [{alertname: 'VigilCheckNeverSucceeded', from: 90_000, resolved: true}])).toEqual([
      'expected alert did not fire: VigilCheckNeverSucceeded in upstream-503 round 1 (within 60 s of its start)',
    ]);
    expect(checkExpectedAlerts([window], [{alertname: 'VigilCheckNeverSucceeded', from: 30_000, resolved: false}])).toEqual(['expected alert did not resolve: VigilCheckNeverSucceeded of upstream-503 round 1']);
  });
});
