// The event-loop delay target is judged outside fault windows: a window runs from its fault's
// start to the end of its slot (the next fault's start), so the time a fault's retries, stalled
// jobs and reconnects take is inside. With windows tiling the run from the end of warm-up to
// the quiet tail, "outside" is that tail: the last 15 %, every replica up, the full load.
// The counts say how many samples each side had.

/** A replica's samples' prom-client p99 outside and inside the windows: {outsideMaxMs, outsideMedianMs, outsideSamples, insideMaxMs, insideMedianMs, insideSamples}. */
export function loopFigures(samples, faults, startedAt, warmupMs) {
  const inWindow = t => faults.some(fault => t >= fault.from - startedAt && t <= fault.slotEnd - startedAt);
  const loops = samples.filter(sample => Number.isFinite(sample.loopP99Ms) && sample.t >= warmupMs);
  const sorted = list => list.map(sample => sample.loopP99Ms).sort((a, b) => a - b);
  const outside = sorted(loops.filter(sample => !inWindow(sample.t)));
  const inside = sorted(loops.filter(sample => inWindow(sample.t)));
  const median = list => list[Math.floor(list.length / 2)] ?? NaN;
  return {
    outsideMaxMs: outside.at(-1) ?? NaN,
    outsideMedianMs: median(outside),
    outsideSamples: outside.length,
    insideMaxMs: inside.at(-1) ?? NaN,
    insideMedianMs: median(inside),
    insideSamples: inside.length,
  };
}
