import {SEVERITY_RANK} from '../api/wire/index.js';
import type {StoredCheck} from './store.js';

/**
 * The per-check gauges in Prometheus text format, written directly. With 10,000 orgs they
 * are ~90,000 labelled samples; building them through prom-client's Gauge.set and its
 * formatter took ~600 ms per scrape (measured by `npm run bench:worker`), this takes a
 * small fraction of that. Counters, the histogram and the queue gauges stay in prom-client.
 */

interface Family {
  name: string;
  help: string;
  value: (item: StoredCheck) => number | undefined;
}

const FAMILIES: Family[] = [
  {name: 'vigil_check_severity', help: 'Severity of the last successful run: 0 ok, 1 warn, 2 fail', value: item => (item.success ? SEVERITY_RANK[item.success.severity] : undefined)},
  {name: 'vigil_check_ok', help: 'Whether the last successful run graded ok (1) or not (0)', value: item => (item.success ? (item.success.ok ? 1 : 0) : undefined)},
  {name: 'vigil_check_warn_threshold', help: 'Configured warn threshold of the check', value: item => item.spec.warnThreshold},
  {name: 'vigil_check_fail_threshold', help: 'Configured fail threshold of the check', value: item => item.spec.failThreshold},
  {name: 'vigil_check_interval_seconds', help: 'Configured interval between scheduled runs', value: item => item.spec.everyMs / 1000},
  {name: 'vigil_check_last_run_timestamp_seconds', help: 'When the last run finished, whatever its outcome', value: item => (item.run ? item.run.at / 1000 : undefined)},
  {name: 'vigil_check_last_success_timestamp_seconds', help: 'When the last run that got a result finished', value: item => (item.success ? item.success.at / 1000 : undefined)},
  {name: 'vigil_check_last_run_error', help: 'Whether the last run errored (1) instead of getting a result (0)', value: item => (item.run ? (item.run.outcome === 'error' ? 1 : 0) : undefined)},
];

/** Prometheus label value escaping: backslash, double quote, newline. */
export function escapeLabel(value: string): string {
  return /[\\"\n]/.test(value) ? value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n') : value;
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

// String concatenation, not arrays joined: V8 builds ropes, 2-3x faster at 100k lines.
// Specs are cached by the store until the config changes, so their label text is too.
const labelCache = new WeakMap<StoredCheck['spec'], string>();

function labelsOf(spec: StoredCheck['spec']): string {
  let text = labelCache.get(spec);
  if (text === undefined) {
    text = `check="${escapeLabel(spec.check)}",org="${escapeLabel(spec.org)}"`;
    labelCache.set(spec, text);
  }
  return text;
}

export function renderCheckSeries(checks: readonly StoredCheck[]): string {
  const labels = checks.map(item => labelsOf(item.spec));
  let out = '';
  for (const family of FAMILIES) {
    out += `# HELP ${family.name} ${family.help}\n# TYPE ${family.name} gauge\n`;
    const prefix = `${family.name}{`;
    for (let i = 0; i < checks.length; i++) {
      const value = family.value(checks[i]!);
      if (value !== undefined) out += `${prefix}${labels[i]}} ${formatValue(value)}\n`;
    }
  }
  const name = 'vigil_check_observed';
  out += `# HELP ${name} Numeric values the last successful run observed, by key (e.g. the cancelled count)\n# TYPE ${name} gauge\n`;
  for (let i = 0; i < checks.length; i++) {
    const observed = checks[i]!.success?.observed;
    if (!observed) continue;
    for (const key in observed) out += `${name}{${labels[i]},key="${escapeLabel(key)}"} ${formatValue(observed[key]!)}\n`;
  }
  return out;
}
