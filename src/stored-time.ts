/**
 * A time vigil reads back from Redis (a result's `at`, a heartbeat's `seenAt`): epoch
 * milliseconds someone wrote, so input. `1e300` is a finite number that `new Date()` cannot
 * hold (toISOString throws "Invalid time value" and took the board down), and a time far
 * ahead exports a last success Prometheus never sees go stale. Any Date can hold it, and it
 * is at most a day ahead of the reader's clock: more than any clock skew between replicas.
 */

/** The largest epoch milliseconds a Date holds, either side of 1970 (ECMA-262 TimeClip). */
export const MAX_DATE_MS = 8.64e15;
/** How far ahead of the reader's clock a stored time may be. */
export const FUTURE_SLACK_MS = 24 * 3600 * 1000;

/** Why `value` is no stored time at `now`, or undefined when it is one. */
export function storedTimeProblem(value: unknown, now: number): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a time (epoch milliseconds)';
  if (Math.abs(value) > MAX_DATE_MS) return 'must be a time a date can hold';
  if (value > now + FUTURE_SLACK_MS) return 'must not be more than a day ahead';
  return undefined;
}

/** ISO 8601 of epoch milliseconds, null for none or for a number no Date holds (never a thrown RangeError). */
export function isoTime(ms: unknown): string | null {
  return typeof ms === 'number' && Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS ? new Date(ms).toISOString() : null;
}
