import {describe, expect, it} from 'vitest';
import {hash32, schedulerOffset} from '../../jobs/reconcile.js';
import {spec} from './harness.js';

describe('scheduler offsets', () => {
  it('are stable per check and org, and below the interval', () => {
    const a = spec('acme', {everyMs: 60_000});
    expect(schedulerOffset(a)).toBe(schedulerOffset({...a}));
    expect(schedulerOffset(a)).toBe(hash32(a.id) % 60_000);
  });

  it('hash with 32-bit FNV-1a, so every process and version places a check in the same slot', () => {
    // The published FNV-1a 32 test vectors, and one check id worked out apart from this code.
    expect(hash32('')).toBe(0x811c9dc5);
    expect(hash32('a')).toBe(0xe40c292c);
    expect(hash32('foobar')).toBe(0xbf9cf968);
    expect(hash32('takedowns.cancelled-count@acme')).toBe(0xdbd9954a);
    expect(schedulerOffset(spec('acme', {everyMs: 60_000}))).toBe(0xdbd9954a % 60_000);
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
