import {describe, expect, it} from 'vitest';
import {schedulerOffset} from '../../jobs/reconcile.js';
import {fnv1a32} from '../../src/fnv1a.js';
import {spec} from './harness.js';

describe('scheduler offsets', () => {
  it('are stable per check and org, and below the interval', () => {
    const a = spec('acme', {everyMs: 60_000});
    expect(schedulerOffset(a)).toBe(schedulerOffset({...a}));
    expect(schedulerOffset(a)).toBe(fnv1a32(a.id) % 60_000);
    // Published FNV-1a 32 test vectors: the offsets must not move between versions.
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
    // And one check id's offset, worked out apart from this code.
    expect(schedulerOffset(a)).toBe(0xdbd9954a % 60_000);
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
