import type {HealthcheckResult} from '../api/wire/index.js';
import {formatDuration} from '../checks/duration.js';
import type {StyleName} from '../output/color.js';
import {sanitizeText} from '../output/sanitize.js';
import {redact} from '../secrets.js';
import type {BoardCell, CellSeverity} from './model.js';

/**
 * The detail of one cell (Enter on the board): what was observed against which thresholds,
 * when it was graded, what to do (the alert's runbook), and, once `r` graded it here, the
 * findings with their refs (the store keeps only the numbers a metric can carry).
 */

const RUNBOOKS = 'https://github.com/example/vigil/blob/main/docs/runbooks.md';

/**
 * The runbook of the alert a cell of this severity raises, as deploy/prometheus/alerts.yml's
 * `runbook_url` annotations spell it (test/board/detail.test.ts reads that file to check).
 */
export function runbookUrl(cell: Pick<BoardCell, 'severity' | 'grade'>): string | null {
  const anchor: Partial<Record<CellSeverity, string>> = {fail: 'vigilcheckfailing', warn: 'vigilcheckwarning', stale: 'vigilcheckstale', error: cell.grade === null ? 'vigilcheckneversucceeded' : 'vigilcheckstale'};
  const name = anchor[cell.severity];
  return name === undefined ? null : `${RUNBOOKS}#${name}`;
}

export const SEVERITY_COLOR: Record<CellSeverity, StyleName | undefined> = {fail: 'red', warn: 'yellow', error: 'magenta', stale: 'gray', ok: 'green', none: 'dim'};

export interface DetailLine {
  text: string;
  style?: StyleName;
}

/** "12s ago" from an ISO time. */
export function ago(isoTime: string | null, now: number): string {
  if (isoTime === null) return 'never';
  return `${formatDuration(Math.max(0, Math.round((now - Date.parse(isoTime)) / 1000)) * 1000)} ago`;
}

const pairs = (map: Record<string, number | string | boolean | null>) => {
  const entries = Object.entries(map);
  return entries.length === 0 ? '(none)' : entries.map(([key, value]) => `${sanitizeText(redact(key))}=${sanitizeText(redact(String(value)))}`).join(', ');
};

/** What a regrade from the board came to: its result, or the error that kept it from one. */
export type Regrade = {state: 'running'} | {state: 'done'; result: HealthcheckResult; at: number} | {state: 'failed'; message: string};

export function detailLines(cell: BoardCell, now: number, regrade?: Regrade): DetailLine[] {
  const lines: DetailLine[] = [
    {text: `${cell.check} for org ${cell.org}: ${cell.severity.toUpperCase()}`, style: SEVERITY_COLOR[cell.severity]},
    {text: `graded      ${cell.grade ?? 'never'}${cell.gradedAt === null ? '' : ` at ${cell.gradedAt} (${ago(cell.gradedAt, now)})`}`},
    {text: `last run    ${cell.lastRunAt === null ? 'never' : `${cell.lastRunAt} (${ago(cell.lastRunAt, now)}), every ${formatDuration(cell.everyMs)}`}`},
    {text: `observed    ${pairs(cell.observed)}`},
    {text: `thresholds  ${pairs(cell.thresholds)}`},
  ];
  if (cell.error !== null) lines.push({text: `error       ${cell.error}`, style: 'magenta'});
  if (cell.appUrl !== null) lines.push({text: `app         ${cell.appUrl}`});
  const runbook = runbookUrl(cell);
  if (runbook !== null) lines.push({text: `runbook     ${runbook}`});
  lines.push({text: ''});
  if (regrade === undefined) {
    lines.push({text: 'findings    press r to grade it now (one upstream call) and see its findings', style: 'dim'});
  } else if (regrade.state === 'running') {
    lines.push({text: 'grading it now…', style: 'dim'});
  } else if (regrade.state === 'failed') {
    lines.push({text: `regrade failed: ${regrade.message}`, style: 'red'});
  } else {
    lines.push(...resultLines(regrade.result, regrade.at, now));
  }
  return lines;
}

/**
 * "10 of 14 (pendingCount)" where the upstream lists fewer findings than a count it
 * observed: "findings 10" beside pendingCount=14 read as ten pending. The count is the one
 * observed `...Count` above the number listed (the API documents no total of its own).
 */
function findingsCount(result: HealthcheckResult): string {
  const listed = result.findings.length;
  const counts = Object.entries(result.observed).filter(([key, value]) => /count$/i.test(key) && typeof value === 'number' && Number.isInteger(value) && value > listed);
  if (counts.length !== 1) return listed === 0 ? 'none' : String(listed);
  const [key, total] = counts[0]!;
  // The key is the upstream's text: stripped as every other upstream string here.
  return `${listed} of ${total} (${sanitizeText(redact(key))})`;
}

function resultLines(result: HealthcheckResult, at: number, now: number): DetailLine[] {
  const text = (value: string | null | undefined) => sanitizeText(redact(value ?? '-'));
  const lines: DetailLine[] = [
    {text: `graded now  ${result.severity.toUpperCase()} ${ago(new Date(at).toISOString(), now)}: observed ${pairs(result.observed)}; thresholds ${pairs(result.threshold)}`, style: SEVERITY_COLOR[result.severity]},
    {text: `findings    ${findingsCount(result)}`},
  ];
  for (const finding of result.findings) {
    const ref = finding.ref === null ? '' : ` ${text(finding.ref)}`;
    lines.push({text: `  ${finding.severity.padEnd(4)} ${text(finding.kind)}${ref}: ${text(finding.message)}`, style: SEVERITY_COLOR[finding.severity]});
  }
  if (result.suggestedAction !== null) lines.push({text: `suggested   ${text(result.suggestedAction)}`});
  return lines;
}
