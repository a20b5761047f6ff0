import {describe, expect, it} from 'vitest';
import {checkExpectedAlerts, expectedAlerts, ruleDurations} from '../../bench/soak/expected-alerts.mjs';

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
