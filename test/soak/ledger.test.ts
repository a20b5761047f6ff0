import {describe, expect, it} from 'vitest';
import {buildLedger, type Run} from '../../bench/soak/ledger.mjs';

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
