import type {HealthcheckResult} from '../../../api/wire/index.js';
import type {Column} from '../../../output/columns.js';
import {SEVERITY_STYLE} from '../../../healthcheck/render.js';

/** One check of `run --all`: its result, or the error that kept it from one. */
export interface AllRow {
  check: string;
  severity: HealthcheckResult['severity'] | 'error';
  result: HealthcheckResult | null;
  error: {message: string; exitCode: number} | null;
}

/** Worst first: a breach, then a check that could not be graded, then the rest. */
const ORDER: Record<AllRow['severity'], number> = {fail: 0, warn: 1, error: 2, ok: 3};

export function bySeverity(a: AllRow, b: AllRow): number {
  return ORDER[a.severity] - ORDER[b.severity] || (a.check < b.check ? -1 : a.check > b.check ? 1 : 0);
}

type Scalar = HealthcheckResult['observed'][string];

/** `key=value, ...`; the keys as the upstream names them (nothing here knows one check from another). */
function pairs(entries: Array<[string, Scalar]>): string {
  return entries.map(([key, value]) => `${key}=${value === null ? 'null' : String(value)}`).join(', ');
}

/**
 * The main observed values: the counts and flags (numbers and booleans), which is what a
 * threshold grades; texts such as window bounds only when a result has nothing else.
 */
export function mainObserved(result: HealthcheckResult): string {
  const entries = Object.entries(result.observed);
  const counted = entries.filter(([, value]) => typeof value === 'number' || typeof value === 'boolean');
  return pairs(counted.length > 0 ? counted : entries);
}

/**
 * The check id is never cut; the widest of the rest give way first (the suggested action,
 * usually), down to each minimum; a terminal too narrow for those (80 columns) drops the
 * suggested action (`vigil healthchecks run <check>` shows it), then THRESHOLDS, then
 * OBSERVED: what was observed against what grades it is what a reader scans for.
 */
export const ALL_COLUMNS: Column<AllRow>[] = [
  {header: 'CHECK', value: row => row.check, minWidth: 32},
  {header: 'SEVERITY', value: row => row.severity, style: row => (row.severity === 'error' ? 'magenta' : SEVERITY_STYLE[row.severity])},
  {header: 'OBSERVED', value: row => (row.result === null ? null : mainObserved(row.result)), minWidth: 16, maxWidth: 40, dropOrder: 1},
  {header: 'THRESHOLDS', value: row => (row.result === null ? null : pairs(Object.entries(row.result.threshold))), minWidth: 16, maxWidth: 36, dropOrder: 2},
  {header: 'SUGGESTED ACTION', value: row => (row.error === null ? row.result?.suggestedAction : `error: ${row.error.message}`), minWidth: 10, dropOrder: 3},
];
