import type {HealthcheckResult} from '../api/wire/index.js';
import {redact} from '../secrets.js';

/** Observed keys come from the upstream: cap them so label cardinality stays bounded. */
export const MAX_OBSERVED_KEYS = 8;
const MAX_KEY_LENGTH = 64;

/**
 * The only keys exported as labels. An upstream controls them, and a label reaches alert
 * annotations and chat receivers: `<!channel>`, `<https://x|text>` or `[text](url)` would
 * render as a ping or a disguised link. Letters, digits, `_`, `.` and `-` cannot.
 */
export const SAFE_KEY = /^[A-Za-z0-9_.-]+$/;

/**
 * Keys an upstream may echo back from the request: they are settings (exported from the
 * checks file as vigil_check_lookback_seconds and the thresholds), not observations.
 */
const ECHOED_SETTINGS = new Set(['lookbackHours', 'warnThreshold', 'failThreshold', 'slug']);

/**
 * The numeric observations of a result, as they may be stored and exported, and how many
 * keys were dropped for their shape (vigil_check_observed_keys_dropped_total). A key that
 * holds the API key is dropped too: an echoing upstream would otherwise publish it on an
 * unauthenticated /metrics and in Redis.
 */
export function exportableObserved(observed: HealthcheckResult['observed']): {values: Record<string, number>; dropped: number} {
  const values: Record<string, number> = {};
  let count = 0;
  let dropped = 0;
  for (const [rawKey, value] of Object.entries(observed)) {
    if (!SAFE_KEY.test(rawKey) || redact(rawKey) !== rawKey) {
      dropped++;
      continue;
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || ECHOED_SETTINGS.has(rawKey)) continue;
    const key = rawKey.slice(0, MAX_KEY_LENGTH);
    if (Object.hasOwn(values, key)) continue;
    if (count++ >= MAX_OBSERVED_KEYS) break;
    values[key] = value;
  }
  return {values, dropped};
}

export function numericObserved(observed: HealthcheckResult['observed']): Record<string, number> {
  return exportableObserved(observed).values;
}

/**
 * The warn and fail thresholds a result states, for checks whose settings do not: the
 * upstream names them per check (`warnThreshold`, `warnDays`, ...), so the first numeric
 * entry whose key starts with `warn` (resp. `fail`) is taken, an exact `warnThreshold` first.
 */
export function resultThresholds(threshold: HealthcheckResult['threshold'] = {}): {warn?: number; fail?: number} {
  const pick = (prefix: 'warn' | 'fail') => {
    const exact = threshold[`${prefix}Threshold`];
    if (typeof exact === 'number' && Number.isFinite(exact)) return exact;
    for (const [key, value] of Object.entries(threshold)) {
      if (key.toLowerCase().startsWith(prefix) && typeof value === 'number' && Number.isFinite(value)) return value;
    }
    return undefined;
  };
  const out: {warn?: number; fail?: number} = {};
  const warn = pick('warn');
  const fail = pick('fail');
  if (warn !== undefined) out.warn = warn;
  if (fail !== undefined) out.fail = fail;
  return out;
}
