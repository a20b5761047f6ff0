import {rawSamples, type RawSeries} from './prometheus.js';
import type {UpstreamFigures} from './upstream.js';
import {presence, timeline, type Sample, type Timeline} from './timeline.js';

/** What `vigil healthchecks report` says of one window (the `--json` document). */
export interface HealthReport {
  from: string;
  to: string;
  prometheusUrl: string;
  scrapeIntervalSeconds: number;
  checks: ({check: string; org: string} & Omit<Timeline, 'gaps' | 'worst'> & {gaps: {from: string; to: string}[]; worst: {severity: string; at: string; forSeconds: number} | null})[];
  alerts: {alertname: string; org: string; check: string | null; from: string; to: string; seconds: number}[];
  maintenance: {org: string; check: string | null; from: string; to: string}[];
  /** The upstream's own figures over the window (src/report/upstream.ts); read after Prometheus. */
  upstream?: UpstreamFigures;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const quote = (value: string) => JSON.stringify(value);

/** Samples of one (check, org) from every series that carries it (one per replica when scraped at /metrics), in time order. */
function byPair(series: readonly RawSeries[]): Map<string, Sample[]> {
  const pairs = new Map<string, Map<number, number>>();
  for (const {labels, samples} of series) {
    const key = `${labels.check}\u0000${labels.org}`;
    const merged = pairs.get(key) ?? new Map<number, number>();
    for (const [t, v] of samples) merged.set(t, Math.max(v, merged.get(t) ?? v));
    pairs.set(key, merged);
  }
  return new Map([...pairs].map(([key, merged]) => [key, [...merged].sort((a, b) => a[0] - b[0])]));
}

/** The scrape interval: the median spacing of the samples (the report's unit of a gap). */
export function medianSpacing(series: readonly Sample[][], fallback = 15): number {
  const deltas = series.flatMap(samples => samples.slice(1).map(([t], i) => t - samples[i]![0])).filter(d => d > 0).sort((a, b) => a - b);
  return deltas.length === 0 ? fallback : deltas[Math.floor(deltas.length / 2)]!;
}

export async function buildReport(options: {prometheusUrl: string; orgs: readonly string[] | 'all'; from: number; to: number; signal?: AbortSignal}): Promise<HealthReport> {
  const {prometheusUrl, from, to} = options;
  const org = options.orgs === 'all' ? 'org!=""' : `org=~${quote(options.orgs.map(o => o.replace(/[.\\]/g, '\\$&')).join('|'))}`;
  const range = to - from;
  const [severity, errors, alerts] = await Promise.all([
    rawSamples(prometheusUrl, `vigil_check_severity{${org}}`, to, range, options.signal),
    rawSamples(prometheusUrl, `vigil_check_last_run_error{${org}}`, to, range, options.signal),
    rawSamples(prometheusUrl, `ALERTS{alertstate="firing",alertname=~"Vigil.+",${org}}`, to, range, options.signal),
  ]);
  const severityByPair = byPair(severity);
  const errorsByPair = byPair(errors);
  const interval = medianSpacing([...severityByPair.values()]);
  const keys = [...new Set([...severityByPair.keys(), ...errorsByPair.keys()])].sort();
  const checks = keys.map(key => {
    const [check, pairOrg] = key.split('\u0000') as [string, string];
    const line = timeline(severityByPair.get(key) ?? [], errorsByPair.get(key) ?? [], {from, to}, interval);
    return {
      check,
      org: pairOrg,
      seconds: line.seconds,
      gaps: line.gaps.map(gap => ({from: iso(gap.from), to: iso(gap.to)})),
      worst: line.worst && {severity: line.worst.severity, at: iso(line.worst.at), forSeconds: line.worst.forSeconds},
    };
  });
  const stretches = alerts.flatMap(({labels, samples}) =>
    presence(samples, interval).map(run => ({alertname: labels.alertname ?? '', org: labels.org ?? '', check: labels.check ?? null, from: iso(run.from), to: iso(run.to), seconds: run.to - run.from + interval})),
  );
  return {
    from: iso(from),
    to: iso(to),
    prometheusUrl,
    scrapeIntervalSeconds: interval,
    checks,
    alerts: stretches.filter(item => item.alertname !== 'VigilMaintenance' && item.alertname !== 'VigilCheckHeld').sort((a, b) => a.from.localeCompare(b.from)),
    maintenance: stretches.filter(item => item.alertname === 'VigilMaintenance').map(({org: o, check, from: f, to: t}) => ({org: o, check, from: f, to: t})),
  };
}
