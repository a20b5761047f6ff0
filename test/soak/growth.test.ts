import {describe, expect, it} from 'vitest';
import {judgeReplicas, pairsSettledAt, replicaGrowth} from '../../bench/soak/growth.mjs';

// How a soak judges growth (bench/soak/growth.mjs): memory, fds, series and scrape time.

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
