import {SEVERITY_RANK} from '../api/wire/index.js';
import type {CheckSpec} from '../checks/schema.js';
import {sanitizeText} from '../output/sanitize.js';
import {SAFE_KEY} from './observed.js';
import type {StoredCheck} from './store.js';

/**
 * The per-check gauges in Prometheus text format, written directly: with 10,000 orgs they
 * are ~80,000 labelled samples, and prom-client's Gauge.set plus its formatter took ~600 ms
 * per scrape. Work is done once per change, not once per scrape:
 * - settings (thresholds, interval, lookback) are rendered when the checks file changes;
 * - a check's result lines are rendered when its stored state changes (the store hands back
 *   the same StoredCheck object while the state in Redis is unchanged);
 * - a chunk's bytes are joined once and reused while none of its checks changed.
 */

interface Family {
  name: string;
  help: string;
}

const family = (name: string, help: string): Family => ({name, help});
const header = (f: Family) => `# HELP ${f.name} ${f.help}\n# TYPE ${f.name} gauge\n`;

/** Settings from the checks file: not observations (they change only with the file). A setting the file leaves to the upstream has no line. */
const SETTINGS: {family: Family; value: (spec: CheckSpec) => number | undefined}[] = [
  {family: family('vigil_check_interval_seconds', 'Configured interval between scheduled runs'), value: spec => spec.everyMs / 1000},
  {family: family('vigil_check_lookback_seconds', 'Configured lookback window the upstream counts over'), value: spec => (spec.lookbackHours === undefined ? undefined : spec.lookbackHours * 3600)},
];

/**
 * What runs observed, from the result store. `vigil_check_observed` comes last (one line per
 * key). The thresholds are here, not in SETTINGS: a check the file sets none for (a
 * discovered one) exports those its last result stated.
 */
const RESULTS: {family: Family; value: (item: StoredCheck) => number | undefined}[] = [
  {family: family('vigil_check_warn_threshold', 'Warn threshold of the check: configured, else stated by the last result'), value: item => item.spec.warnThreshold ?? item.success?.threshold?.warn},
  {family: family('vigil_check_fail_threshold', 'Fail threshold of the check: configured, else stated by the last result'), value: item => item.spec.failThreshold ?? item.success?.threshold?.fail},
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

/** One check's result lines as bytes, one piece per RESULTS family plus the observed lines last. */
function resultLines(item: StoredCheck): Buffer[] {
  return resultText(item).map(text => (text === '' ? EMPTY : Buffer.from(text)));
}

function resultText(item: StoredCheck): string[] {
  const labels = labelsOf(item.spec);
  const lines = RESULTS.map(({family: f, value}) => {
    const v = value(item);
    // A number or nothing: text here would end the sample and start a series of its own.
    return typeof v !== 'number' ? '' : `${f.name}{${labels}} ${formatValue(v)}\n`;
  });
  let observed = '';
  const values = item.success?.observed ?? {};
  // Checked again: results stored by an older vigil were not cleaned on the way in.
  for (const key in values) if (SAFE_KEY.test(key) && typeof values[key] === 'number') observed += `${OBSERVED.name}{${labels},key="${key}"} ${formatValue(values[key]!)}\n`;
  lines.push(observed);
  return lines;
}

const sameItems = <T>(a: readonly T[] | undefined, b: readonly T[]) => a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Checks per chunk. A scrape joins again only the chunks where a check changed (the store
 * hands back the same object for an unchanged check): at 100,000 (check, org) pairs,
 * joining 100,000 pieces per family on every change was most of a scrape, while the few
 * hundred runs between two scrapes touch a few hundred chunks of 64.
 */
const CHUNK = 64;
/** Chunks joined between pauses, so runs and /healthz interleave with a large render. */
const CHUNKS_PER_TURN = 256;

/**
 * Renders the check series of one worker, remembering what it rendered: call `render` with
 * what the store read; unchanged checks cost a lookup, unchanged chunks and sections nothing.
 */
export class CheckSeriesRenderer {
  private lines = new WeakMap<StoredCheck, Buffer[]>();
  private settings: {specs: CheckSpec[]; bytes: Buffer} | undefined;
  private results: {items: readonly StoredCheck[]; parts: Buffer[]} | undefined;
  /** Per chunk, per family (RESULTS, then observed): the joined lines of its checks. */
  private chunks: Buffer[][] = [];

  /** The sections in exposition order; `pause` runs between sections so other work can interleave. */
  async render(checks: readonly StoredCheck[], pause: () => Promise<void> = async () => {}): Promise<Buffer[]> {
    const specs = checks.map(item => item.spec);
    if (!sameItems(this.settings?.specs, specs)) {
      let text = '';
      for (const {family: f, value} of SETTINGS) {
        text += header(f);
        const prefix = `${f.name}{`;
        for (const spec of specs) {
          const v = value(spec);
          if (v !== undefined) text += `${prefix}${labelsOf(spec)}} ${formatValue(v)}\n`;
        }
      }
      this.settings = {specs, bytes: Buffer.from(text)};
      await pause();
    }
    const previous = this.results?.items;
    if (previous !== checks && !sameItems(previous, checks)) {
      // Positions mean the same checks only while the list keeps its length (the config's order is stable).
      const comparable = previous !== undefined && previous.length === checks.length;
      const chunks: Buffer[][] = [];
      let joined = 0;
      for (let start = 0; start < checks.length; start += CHUNK) {
        const end = Math.min(start + CHUNK, checks.length);
        const kept = this.chunks[chunks.length];
        if (comparable && kept && sameRange(previous, checks, start, end)) {
          chunks.push(kept);
          continue;
        }
        chunks.push(this.join(checks, start, end));
        if (++joined % CHUNKS_PER_TURN === 0) await pause();
      }
      this.chunks = chunks;
      const parts: Buffer[] = [];
      for (let f = 0; f <= RESULTS.length; f++) {
        parts.push(Buffer.from(header(f < RESULTS.length ? RESULTS[f]!.family : OBSERVED)));
        for (const chunk of chunks) if (chunk[f]!.length > 0) parts.push(chunk[f]!);
      }
      this.results = {items: checks, parts};
      await pause();
    }
    return [this.settings!.bytes, ...this.results!.parts];
  }

  /** The lines of checks[start..end), family by family. */
  private join(checks: readonly StoredCheck[], start: number, end: number): Buffer[] {
    const perCheck: Buffer[][] = [];
    for (let i = start; i < end; i++) {
      const item = checks[i]!;
      let lines = this.lines.get(item);
      if (!lines) this.lines.set(item, (lines = resultLines(item)));
      perCheck.push(lines);
    }
    const families: Buffer[] = [];
    for (let f = 0; f <= RESULTS.length; f++) families.push(Buffer.concat(perCheck.map(lines => lines[f]!)));
    return families;
  }
}

function sameRange<T>(a: readonly T[], b: readonly T[], start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The whole check section as one string (tests, one-off renders). */
export async function renderCheckSeries(checks: readonly StoredCheck[]): Promise<string> {
  return Buffer.concat(await new CheckSeriesRenderer().render(checks)).toString('utf8');
}
