import {SEVERITY_RANK} from '../api/wire/index.js';
import type {CheckSpec} from '../checks/schema.js';
import {sanitizeText} from '../output/sanitize.js';
import type {StoredCheck} from './store.js';

/**
 * The per-check gauges in Prometheus text format, written directly: with 10,000 orgs they
 * are ~80,000 labelled samples, and prom-client's Gauge.set plus its formatter took ~600 ms
 * per scrape. Work is done once per change, not once per scrape:
 * - settings (thresholds, interval, lookback) are rendered when the checks file changes;
 * - a check's result lines are rendered when its stored state changes (the store hands back
 *   the same StoredCheck object while the state in Redis is unchanged);
 * - a section's bytes are encoded once and reused while none of its checks changed.
 */

interface Family {
  name: string;
  help: string;
}

const family = (name: string, help: string): Family => ({name, help});
const header = (f: Family) => `# HELP ${f.name} ${f.help}\n# TYPE ${f.name} gauge\n`;

/** Settings from the checks file: not observations (they change only with the file). */
const SETTINGS: {family: Family; value: (spec: CheckSpec) => number}[] = [
  {family: family('vigil_check_warn_threshold', 'Configured warn threshold of the check'), value: spec => spec.warnThreshold},
  {family: family('vigil_check_fail_threshold', 'Configured fail threshold of the check'), value: spec => spec.failThreshold},
  {family: family('vigil_check_interval_seconds', 'Configured interval between scheduled runs'), value: spec => spec.everyMs / 1000},
  {family: family('vigil_check_lookback_seconds', 'Configured lookback window the upstream counts over'), value: spec => spec.lookbackHours * 3600},
];

/** What runs observed, from the result store. `vigil_check_observed` comes last (one line per key). */
const RESULTS: {family: Family; value: (item: StoredCheck) => number | undefined}[] = [
  {family: family('vigil_check_severity', 'Severity of the last successful run: 0 ok, 1 warn, 2 fail'), value: item => (item.success ? SEVERITY_RANK[item.success.severity] : undefined)},
  {family: family('vigil_check_last_run_timestamp_seconds', 'When the last run finished, whatever its outcome'), value: item => (item.run ? item.run.at / 1000 : undefined)},
  {family: family('vigil_check_last_success_timestamp_seconds', 'When the last run that got a result finished'), value: item => (item.success ? item.success.at / 1000 : undefined)},
  // 0 before the first run, so alerts and dashboards have the series from the start.
  {family: family('vigil_check_last_run_error', 'Whether the last run errored (1) instead of getting a result (0)'), value: item => (item.run?.outcome === 'error' ? 1 : 0)},
];
const OBSERVED = family('vigil_check_observed', 'Numeric values the last successful run observed, by key (e.g. the cancelled count)');

// Format characters (zero-width, bidi marks), unassigned and private-use code points, and
// any control sanitizeText left (it keeps none, but a label must never carry one).
const NOT_PRINTABLE = /\p{C}/gu;

/** A label value from text vigil does not control: escape sequences and every non-printable character removed. */
export function printableLabel(value: string): string {
  return sanitizeText(value).replace(NOT_PRINTABLE, '');
}

/** Prometheus label value escaping: backslash, double quote, newline. */
export function escapeLabel(value: string): string {
  return /[\\"\n]/.test(value) ? value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n') : value;
}

export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

// Specs are cached by the store until the config changes, so their label text is too.
const labelCache = new WeakMap<CheckSpec, string>();

function labelsOf(spec: CheckSpec): string {
  let text = labelCache.get(spec);
  if (text === undefined) {
    text = `check="${escapeLabel(spec.check)}",org="${escapeLabel(spec.org)}"`;
    labelCache.set(spec, text);
  }
  return text;
}

const EMPTY = Buffer.alloc(0);

/**
 * One check's result lines, one piece per RESULTS family plus the observed lines last. Bytes,
 * not strings: a section is then one Buffer.concat (a memcpy) of 10,000 pieces, where
 * concatenating and encoding the strings again at every change cost 8x more.
 */
function resultLines(item: StoredCheck): Buffer[] {
  return resultText(item).map(text => (text === '' ? EMPTY : Buffer.from(text)));
}

function resultText(item: StoredCheck): string[] {
  const labels = labelsOf(item.spec);
  const lines = RESULTS.map(({family: f, value}) => {
    const v = value(item);
    return v === undefined ? '' : `${f.name}{${labels}} ${formatValue(v)}\n`;
  });
  let observed = '';
  const values = item.success?.observed ?? {};
  // printableLabel again: results stored by an older vigil were not cleaned on the way in.
  for (const key in values) observed += `${OBSERVED.name}{${labels},key="${escapeLabel(printableLabel(key))}"} ${formatValue(values[key]!)}\n`;
  lines.push(observed);
  return lines;
}

const sameItems = <T>(a: readonly T[] | undefined, b: readonly T[]) => a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Renders the check series of one worker, remembering what it rendered: call `render` with
 * what the store read; unchanged checks cost a lookup, unchanged sections cost nothing.
 */
export class CheckSeriesRenderer {
  private lines = new WeakMap<StoredCheck, Buffer[]>();
  private settings: {specs: CheckSpec[]; bytes: Buffer} | undefined;
  private results: {items: readonly StoredCheck[]; parts: Buffer[]} | undefined;

  /** The sections in exposition order; `pause` runs between sections so other work can interleave. */
  async render(checks: readonly StoredCheck[], pause: () => Promise<void> = async () => {}): Promise<Buffer[]> {
    const specs = checks.map(item => item.spec);
    if (!sameItems(this.settings?.specs, specs)) {
      let text = '';
      for (const {family: f, value} of SETTINGS) {
        text += header(f);
        const prefix = `${f.name}{`;
        for (const spec of specs) text += `${prefix}${labelsOf(spec)}} ${formatValue(value(spec))}\n`;
      }
      this.settings = {specs, bytes: Buffer.from(text)};
      await pause();
    }
    if (!sameItems(this.results?.items, checks)) {
      const perCheck = checks.map(item => {
        let lines = this.lines.get(item);
        if (!lines) this.lines.set(item, (lines = resultLines(item)));
        return lines;
      });
      const parts: Buffer[] = [];
      for (let f = 0; f <= RESULTS.length; f++) {
        const pieces: Buffer[] = [Buffer.from(header(f < RESULTS.length ? RESULTS[f]!.family : OBSERVED))];
        for (const lines of perCheck) pieces.push(lines[f]!);
        parts.push(Buffer.concat(pieces));
        await pause();
      }
      this.results = {items: checks, parts};
    }
    return [this.settings!.bytes, ...this.results!.parts];
  }
}

/** The whole check section as one string (tests, one-off renders). */
export async function renderCheckSeries(checks: readonly StoredCheck[]): Promise<string> {
  return Buffer.concat(await new CheckSeriesRenderer().render(checks)).toString('utf8');
}
