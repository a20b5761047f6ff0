/**
 * Intervals in a checks file: "30s", "5m", "1h", "1h30m", "500ms", or a number of
 * milliseconds. Returns undefined for anything else so the caller can name the field.
 */
const UNIT_MS: Record<string, number> = {ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000};

/**
 * Node's timers hold a signed 32-bit count of milliseconds: a longer delay fires after 1 ms
 * (a 30d timeout "times out" at once). Every duration vigil arms a timer with stays below.
 */
export const MAX_DURATION_MS = 2 ** 31 - 1;

/** The message for a duration above MAX_DURATION_MS, shared by flags and the checks file. */
export const TOO_LONG = `must be at most ${'24d20h31m23s647ms'} (the longest timer Node can arm)`;

/** A finite, positive whole number of milliseconds (possibly above MAX_DURATION_MS: callers say so). */
export function parseDuration(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return parseDuration(Number(text));
  const parts = text.match(/(\d+)(ms|s|m|h|d)/g);
  if (!parts || parts.join('') !== text) return undefined;
  let total = 0;
  for (const part of parts) {
    const [, amount, unit] = part.match(/^(\d+)(ms|s|m|h|d)$/)!;
    total += Number(amount) * UNIT_MS[unit!]!;
  }
  // A 400-digit amount is Infinity: refused like any other malformed value.
  return Number.isSafeInteger(total) && total > 0 ? total : undefined;
}

/**
 * A duration given on a command line or in the environment (`--timeout`, VIGIL_TIMEOUT,
 * `--grace`): as parseDuration, except that a number alone is seconds, as curl's
 * `--max-time` reads it (`--timeout 2` is 2 s, not 2 ms), fractions included (`2.5`).
 * Milliseconds are still there as `500ms`. Returns milliseconds, or a message for `field`.
 */
export function readFlagDuration(value: string, field: string): {ms: number} | {field: string; message: string} {
  const text = value.trim();
  const seconds = /^\d+(\.\d+)?$/.test(text) ? Math.round(Number(text) * 1000) : undefined;
  const ms = seconds ?? parseDuration(text);
  if (ms === undefined || ms <= 0 || !Number.isSafeInteger(ms)) {
    return {field, message: `must be a duration like 30s, 2m or 1m30s (a number alone is seconds), got ${JSON.stringify(value.slice(0, 40))}`};
  }
  if (ms > MAX_DURATION_MS) return {field, message: TOO_LONG};
  return {ms};
}

/** The shortest readable form: 300000 -> "5m", 90000 -> "1m30s". */
export function formatDuration(ms: number): string {
  if (ms <= 0) return '0s';
  let rest = ms;
  let out = '';
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    const size = UNIT_MS[unit]!;
    if (rest >= size) {
      out += `${Math.floor(rest / size)}${unit}`;
      rest %= size;
    }
  }
  if (rest > 0) out += `${rest}ms`;
  return out;
}
