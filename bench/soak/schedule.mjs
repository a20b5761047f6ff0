// The fault schedule: warm-up (the first tenth, no faults), then every chosen kind in turn,
// as many rounds as fit at about 80 s per fault, then a quiet tail (the last 15 %) in which
// alerts resolve. A short run keeps every kind once, each window shorter.

/** In the order injected; sentinel-failover is skipped (and says so) without redis-sentinel. */
export const FAULT_KINDS = [
  'upstream-503',
  'upstream-429',
  'upstream-slow',
  'upstream-reset',
  'upstream-down',
  'redis-restart',
  'redis-data-loss',
  'sentinel-failover',
  'worker-sigkill',
  'checks-file',
  'worker-rolling',
];

/** Fault windows, times in ms from the start of the run: {kind, round, start, end, slotEnd}. */
export function faultSchedule(durationMs, kinds) {
  const from = durationMs * 0.1;
  const to = durationMs * 0.85;
  if (kinds.length === 0) return [];
  const rounds = Math.max(1, Math.floor((to - from) / (kinds.length * 80_000)));
  const slot = (to - from) / (rounds * kinds.length);
  // An upstream fault lasts most of its slot, up to the "a minute of being down".
  const active = Math.min(60_000, slot * 0.7);
  const windows = [];
  for (let round = 0; round < rounds; round++) {
    kinds.forEach((kind, i) => {
      const start = from + (round * kinds.length + i) * slot;
      windows.push({kind, round: round + 1, start: Math.round(start), end: Math.round(start + active), slotEnd: Math.round(start + slot)});
    });
  }
  return windows;
}
