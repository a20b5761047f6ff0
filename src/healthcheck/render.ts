import {SEVERITY_RANK, type HealthcheckResult} from '../api/wire/index.js';
import {painter, type StyleName} from '../output/color.js';
import {sanitizeText} from '../output/sanitize.js';
import {ABSENT} from '../output/columns.js';
import type {Column} from '../output/columns.js';

/**
 * Reading and showing any healthcheck result of the docs/contract.md#the-healthcheck-result shape: nothing here knows
 * which check produced it (observed and threshold keys are shown as the upstream names them).
 * Every string from the upstream is sanitised before it reaches a terminal.
 */

export type Severity = HealthcheckResult['severity'];

export const SEVERITY_STYLE: Record<Severity, StyleName> = {ok: 'green', warn: 'yellow', fail: 'red'};

/** Whether `severity` is at least as bad as `failOn` (the exit-6 rule). */
export function severityReaches(severity: Severity, failOn: 'warn' | 'fail'): boolean {
  return SEVERITY_RANK[severity] >= SEVERITY_RANK[failOn];
}

/** Upstream text for a terminal; a field the upstream left out shows as ABSENT. */
function text(value: string | undefined): string {
  return value === undefined ? ABSENT : sanitizeText(value);
}

/** The org a result is about: `(all)` for a null scope, ABSENT when the upstream left it out. */
export function scopeText(result: HealthcheckResult): string {
  if (result.scope === undefined) return ABSENT;
  return result.scope.slug === null ? '(all)' : sanitizeText(result.scope.slug);
}

function scalarText(value: string | number | boolean | null): string {
  return value === null ? 'null' : sanitizeText(String(value));
}

function mapText(map: HealthcheckResult['observed']): string {
  const entries = Object.entries(map);
  if (entries.length === 0) return '(none)';
  return entries.map(([key, value]) => `${sanitizeText(key)}: ${scalarText(value)}`).join(', ');
}

/** The human view: severity first (coloured when `color`), then the evidence and next step. */
export function renderHealthcheck(result: HealthcheckResult, options: {color: boolean}): string {
  const paint = painter(options.color);
  const label = (text: string) => paint('bold', text.padEnd(11));
  const lines = [
    `${paint(SEVERITY_STYLE[result.severity], result.severity.toUpperCase())}  ${text(result.title)} ${paint('gray', `(${text(result.id)})`)}`,
    `${label('org')}${scopeText(result)}`,
    `${label('observed')}${mapText(result.observed)}`,
    `${label('thresholds')}${mapText(result.threshold)}`,
    `${label('generated')}${text(result.generatedAt)}`,
  ];
  if (result.findings.length === 0) {
    lines.push(`${label('findings')}none`);
  } else {
    lines.push(`${label('findings')}${result.findings.length}`);
    for (const finding of result.findings) {
      const ref = finding.ref === null ? '' : ` ${sanitizeText(finding.ref)}`;
      lines.push(`  ${paint(SEVERITY_STYLE[finding.severity], finding.severity.padEnd(4))} ${text(finding.kind)}${ref}: ${text(finding.message)}`);
    }
  }
  if (result.suggestedAction !== null) lines.push(`${label('suggested')}${sanitizeText(result.suggestedAction)}`);
  if (result.appUrl !== null) lines.push(`${label('app')}${sanitizeText(result.appUrl)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * The one line a breached run (exit 6) writes to stderr, whatever stdout carries: which
 * check, which org, what was counted against which thresholds (keys as the upstream names
 * them), so a cron mail or CI log says why without the table.
 */
export function breachLine(result: HealthcheckResult, checkId: string, org: string): string {
  // The org vigil asked for: the upstream's scope.slug is its claim, not what was checked.
  return `breached: ${text(result.id ?? checkId)} is ${result.severity.toUpperCase()} for org ${sanitizeText(org)}: observed ${mapText(result.observed)}; thresholds ${mapText(result.threshold)}\n`;
}

/** One row per fact, for `--output tsv|markdown`: stable field names a script can grep. */
export interface FieldRow {
  field: string;
  value: string;
}

export function healthcheckRows(result: HealthcheckResult): FieldRow[] {
  const rows: FieldRow[] = [
    {field: 'id', value: result.id ?? ''},
    {field: 'severity', value: result.severity},
    {field: 'ok', value: String(result.ok)},
    {field: 'org', value: result.scope?.slug ?? ''},
  ];
  for (const [key, value] of Object.entries(result.observed)) rows.push({field: `observed.${key}`, value: scalarText(value)});
  for (const [key, value] of Object.entries(result.threshold)) rows.push({field: `threshold.${key}`, value: scalarText(value)});
  result.findings.forEach((finding, index) => {
    rows.push({field: `findings[${index}]`, value: `${finding.severity} ${finding.kind ?? ABSENT}${finding.ref === null ? '' : ` ${finding.ref}`}: ${finding.message ?? ABSENT}`});
  });
  rows.push({field: 'suggestedAction', value: result.suggestedAction ?? ''});
  rows.push({field: 'appUrl', value: result.appUrl ?? ''});
  rows.push({field: 'generatedAt', value: result.generatedAt ?? ''});
  return rows;
}

export const FIELD_COLUMNS: Column<FieldRow>[] = [
  {header: 'FIELD', value: row => row.field},
  {header: 'VALUE', value: row => row.value},
];

/** Says what a cap on the registry's checks left out, why, and which setting raises it. */
export function leftOutLine(leftOut: number, maxChecks: number, by: string, setting: string): string {
  const checks = `${leftOut} implemented check${leftOut === 1 ? '' : 's'}`;
  return `note: ${checks} left out by ${by}: the registry lists more than ${maxChecks}, the cap (${setting} raises it)\n`;
}
