import {describe, expect, it} from 'vitest';
import {hash32, schedulerOffset} from '../../jobs/reconcile.js';
import {spec} from './harness.js';

describe('scheduler offsets', () => {
  it('are stable per check and org, and below the interval', () => {
    const a = spec('acme', {everyMs: 60_000});
    expect(schedulerOffset(a)).toBe(schedulerOffset({...a}));
    expect(schedulerOffset(a)).toBe(hash32(a.id) % 60_000);
    expect(hash32('takedowns.cancelled-count@acme')).toBe(hash32('takedowns.cancelled-count@acme'));
  });

  it('spread schedulers created together across the whole interval', () => {
    const everyMs = 60_000;
    const offsets = Array.from({length: 600}, (_, i) => schedulerOffset(spec(`org-${i}`, {everyMs})));
    for (const offset of offsets) {
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThan(everyMs);
    }
    // Nearly all distinct, and every tenth of the interval gets its share (60 expected).
    expect(new Set(offsets).size).toBeGreaterThan(590);
    const tenths = Array.from({length: 10}, (_, t) => offsets.filter(o => Math.floor(o / (everyMs / 10)) === t).length);
    for (const count of tenths) expect(count).toBeGreaterThan(30);
  });

  it('differ between orgs that differ by one character', () => {
    const offsets = ['org-a', 'org-b', 'org-c', 'org-d'].map(org => schedulerOffset(spec(org, {everyMs: 3_600_000})));
    expect(new Set(offsets).size).toBe(4);
  });
});
