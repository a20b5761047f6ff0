import {describe, expect, it} from 'vitest';
import {loopFigures} from '../../bench/soak/loop.mjs';

describe('event-loop delay outside fault windows', () => {
  // Windows from 6 to 51 min, each to the end of its slot; the quiet tail after.
  const faults = Array.from({length: 3}, (_, i) => ({kind: 'upstream-503', from: 1_000 + 360_000 + i * 900_000, to: 1_000 + 420_000 + i * 900_000, slotEnd: 1_000 + 360_000 + (i + 1) * 900_000}));
  const samples = Array.from({length: 361}, (_, i) => ({t: i * 10_000, replica: 0, pid: 1, loopP99Ms: i * 10_000 > 3_061_000 ? 12 : 400}));

  it('judges the samples after warm-up outside every window, and counts each side', () => {
    const loop = loopFigures(samples, faults, 1_000, 360_000);
    expect(loop).toMatchObject({outsideMaxMs: 12, outsideSamples: 54, insideMaxMs: 400, insideSamples: 271});
  });
});
