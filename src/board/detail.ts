import type {HealthcheckResult} from '../api/wire/index.js';
import {formatDuration} from '../checks/duration.js';
import type {StyleName} from '../output/color.js';
import {sanitizeText} from '../output/sanitize.js';
import type {Problems} from '../cli/problems.js';
import {redact} from '../secrets.js';
import {findingList} from '../healthcheck/finding-list.js';
import type {BoardCell, CellSeverity} from './model.js';

/**
 * The detail of one cell (Enter on the board): what was observed against which thresholds,
 * when it was graded, what to do (the alert's runbook), and, once `r` graded it here, the
 * findings with their refs (the store keeps only the numbers a metric can carry).
 */

/** The project's runbooks, as deploy/prometheus/alerts.yml links them (package.json's homepage). */
export const DEFAULT_RUNBOOKS = 'https://github.com/example/vigil/blob/main/docs/runbooks.md';
export const RUNBOOK_URL_ENV = 'VIGIL_RUNBOOK_URL';

/**
 * Where the on-call's copy of docs/runbooks.md is published (VIGIL_RUNBOOK_URL), so the board
 * links the same page as the alerts once they are pointed at it; a value that is no http(s)
 * URL is a problem naming the variable.
 */
export function resolveRunbooks(env: NodeJS.ProcessEnv, problems: Problems): string {
  const value = env[RUNBOOK_URL_ENV];
  if (value === undefined || value === '') return DEFAULT_RUNBOOKS;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (url === null || !['http:', 'https:'].includes(url.protocol) || url.hash !== '') {
    problems.add(RUNBOOK_URL_ENV, 'must be an http(s) URL of docs/runbooks.md without a #fragment, e.g. https://git.example.com/ops/vigil/-/blob/main/docs/runbooks.md');
    return DEFAULT_RUNBOOKS;
  }
  return value;
}

/**
 * The runbook of the alert a cell of this severity raises, as deploy/prometheus/alerts.yml's
 * `runbook_url` annotations spell it (test/board/model.test.ts reads that file to check).
 */
export function runbookUrl(cell: Pick<BoardCell, 'severity' | 'grade'>, runbooks = DEFAULT_RUNBOOKS): string | null {
  const anchor: Partial<Record<CellSeverity, string>> = {fail: 'vigilcheckfailing', warn: 'vigilcheckwarning', stale: 'vigilcheckstale', error: cell.grade === null ? 'vigilcheckneversucceeded' : 'vigilcheckstale'};
  const name = anchor[cell.severity];
  return name === undefined ? null : `${runbooks}#${name}`;
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

/** `keyRef`: the reference of the org's own key (`keys:` of the checks file); none for the worker's key. */
export function detailLines(cell: BoardCell, now: number, regrade?: Regrade, runbooks = DEFAULT_RUNBOOKS, keyRef?: string): DetailLine[] {
  const lines: DetailLine[] = [
    {text: `${cell.check} for org ${cell.org}: ${cell.severity.toUpperCase()}`, style: SEVERITY_COLOR[cell.severity]},
    {text: `graded      ${cell.grade ?? 'never'}${cell.gradedAt === null ? '' : ` at ${cell.gradedAt} (${ago(cell.gradedAt, now)})`}`},
    {text: `last run    ${cell.lastRunAt === null ? 'never' : `${cell.lastRunAt} (${ago(cell.lastRunAt, now)}), every ${formatDuration(cell.everyMs)}`}`},
    {text: `observed    ${pairs(cell.observed)}`},
    {text: `thresholds  ${pairs(cell.thresholds)}`},
  ];
  if (keyRef !== undefined) lines.push({text: `key         ${sanitizeText(keyRef)} (by reference, from the checks file)`});
  if (cell.error !== null) lines.push({text: `error       ${cell.error}`, style: 'magenta'});
  if (cell.appUrl !== null) lines.push({text: `app         ${cell.appUrl}`});
  if (cell.heldBy !== undefined) lines.push({text: `held by     ${cell.heldBy}`, style: 'yellow'});
  const runbook = runbookUrl(cell, runbooks);
  if (runbook !== null) lines.push({text: `runbook     ${runbook}`});
  // The list of what the findings refer to, as healthchecks run names it (v opens it here).
  const list = findingList(cell.check, cell.org, {observed: cell.observed, generatedAt: cell.gradedAt}, new Date(now));
  lines.push({text: 'command' in list ? `list (v)    ${sanitizeText(list.command)}` : `list        none: ${list.none}`});
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
