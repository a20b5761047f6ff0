import {sanitizeText} from '../output/sanitize.js';
import type {HealthReport} from './build.js';
import type {UpstreamFigures} from './upstream.js';

/** Pure renderings of a report: markdown for a customer's weekly review, CSV for a sheet. */

const SEVERITIES = ['ok', 'warn', 'fail', 'error', 'gap'] as const;

/** "3d 4h", "2h 5m", "45s": how long, as a person reads it. */
export function spell(seconds: number): string {
  const s = Math.round(seconds);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return h > 0 ? `${d}d ${h}h` : `${d}d`;
  if (h > 0) return m > 0 ? `${h}h ${m}m` : `${h}h`;
  if (m > 0) return `${m}m`;
  return `${s}s`;
}

const cell = (text: string) => sanitizeText(text).replace(/[|\\]/g, '\\$&').replace(/[\r\n]+/g, ' ');

export function reportMarkdown(report: HealthReport): string {
  const lines = [`# Health report ${report.from} to ${report.to}`, '', `From ${report.prometheusUrl}, scraped every ${spell(report.scrapeIntervalSeconds)}. A gap is time with no sample for more than two scrape intervals: not ok, not known.`, ''];
  lines.push('| org | check | ok | warn | fail | error | gap | worst |', '|---|---|---|---|---|---|---|---|');
  for (const item of report.checks) {
    const worst = item.worst ? `${item.worst.severity} from ${item.worst.at} for ${spell(item.worst.forSeconds)}` : 'no data';
    lines.push(`| ${cell(item.org)} | ${cell(item.check)} | ${SEVERITIES.map(key => spell(item.seconds[key])).join(' | ')} | ${worst} |`);
  }
  if (report.checks.length === 0) lines.push('', 'No check of these orgs has a sample in the window.');
  const gaps = report.checks.flatMap(item => item.gaps.map(gap => `- ${cell(item.check)} for ${cell(item.org)}: ${gap.from} to ${gap.to}`));
  if (gaps.length > 0) lines.push('', '## Gaps', '', ...gaps);
  lines.push('', '## Alerts that fired', '');
  if (report.alerts.length === 0) lines.push('None.');
  for (const alert of report.alerts) lines.push(`- ${cell(alert.alertname)}${alert.check ? ` ${cell(alert.check)}` : ''} for ${cell(alert.org)}: ${alert.from} to ${alert.to} (${spell(alert.seconds)})`);
  lines.push('', '## Maintenance windows', '');
  if (report.maintenance.length === 0) lines.push('None.');
  for (const window of report.maintenance) lines.push(`- ${cell(window.org)}${window.check ? ` ${cell(window.check)}` : ', every check'}: ${window.from} to ${window.to}`);
  if (report.upstream) lines.push('', '## Upstream figures', '', ...upstreamMarkdown(report.upstream));
  return `${lines.join('\n')}\n`;
}

const detectionCount = (item: UpstreamFigures['detections'][number]) => `${item.inWindow}${item.atLeast ? '+' : ''}`;

function upstreamMarkdown(upstream: UpstreamFigures): string[] {
  const lines = upstream.detections.map(item => `- ${cell(item.org)}: ${detectionCount(item)} detections in the window (detection/list${item.atLeast ? ', more than one page' : ''})`);
  if (upstream.organization) {
    lines.push('', `Organization metrics of ${cell(upstream.organization.org)} over the window (organization/metrics):`, '', '| group | name | value |', '|---|---|---|');
    for (const figure of upstream.organization.figures) lines.push(`| ${cell(figure.group)} | ${cell(figure.name)} | ${figure.value === null ? '-' : cell(String(figure.value))} |`);
  }
  if (upstream.notes.length > 0 && lines.length > 0) lines.push('');
  lines.push(...upstream.notes.map(cell));
  return lines;
}

const csvField = (raw: string | number) => {
  if (typeof raw === 'number') return String(raw);
  const value = sanitizeText(raw);
  return /[",\n\r]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
};

/** One row per check, then one per upstream figure or note: check and severity columns empty, `figure` and `value` filled. */
export function reportCsv(report: HealthReport): string {
  const header = ['org', 'check', 'ok_seconds', 'warn_seconds', 'fail_seconds', 'error_seconds', 'gap_seconds', 'worst', 'worst_at', 'figure', 'value'];
  const rows = report.checks.map(item => [item.org, item.check, ...SEVERITIES.map(key => item.seconds[key]), item.worst?.severity ?? '', item.worst?.at ?? '', '', ''].map(csvField).join(','));
  const figure = (org: string, name: string, value: string | number) => ([org, '', '', '', '', '', '', '', '', name, value] as (string | number)[]).map(csvField).join(',');
  const upstream = report.upstream;
  if (upstream) {
    rows.push(...upstream.detections.map(item => figure(item.org, 'detections.inWindow', item.atLeast ? detectionCount(item) : item.inWindow)));
    if (upstream.organization) rows.push(...upstream.organization.figures.map(item => figure(upstream.organization!.org, `${item.group}.${item.name}`, item.value === null ? '' : typeof item.value === 'number' ? item.value : String(item.value))));
    rows.push(...upstream.notes.map(note => figure('', 'note', note)));
  }
  return `${[header.join(','), ...rows].join('\n')}\n`;
}
