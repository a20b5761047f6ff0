import {revealInvisible, type Column} from '../../../output/index.js';

/** One checked asset as vigil prints it: the upstream's answer, or why there is none. */
export interface CheckedAsset {
  content: string;
  status?: string;
  source?: string;
  reason?: string;
  sources?: Array<{source?: string; status?: string}>;
  message?: string;
  code?: string;
  /** Set when the asset got no answer (the upstream failed for it). */
  error?: string;
}

export interface CheckSummary {
  checked: number;
  blocked: number;
  allowed: number;
  unknown: number;
  errored: number;
}

export function emptySummary(): CheckSummary {
  return {checked: 0, blocked: 0, allowed: 0, unknown: 0, errored: 0};
}

/** Counts one result; a status the docs do not list counts as unknown. */
export function count(summary: CheckSummary, row: CheckedAsset): void {
  summary.checked++;
  if (row.error !== undefined) summary.errored++;
  else if (row.status === 'BLOCKED') summary.blocked++;
  else if (row.status === 'ALLOWED') summary.allowed++;
  else summary.unknown++;
}

export const CHECK_COLUMNS: ReadonlyArray<Column<CheckedAsset>> = [
  {header: 'ASSET', value: row => revealInvisible(row.content), minWidth: 20, maxWidth: 60},
  {header: 'STATUS', value: row => (row.error === undefined ? row.status : 'ERROR'), whole: true, style: row => (row.status === 'BLOCKED' ? 'red' : row.error !== undefined ? 'yellow' : undefined)},
  {header: 'SOURCE', value: row => row.source, whole: true},
  {header: 'REASON', value: row => row.reason ?? row.error, maxWidth: 40},
  {header: 'SOURCES', value: row => row.sources?.map(s => `${s.source ?? '-'}:${s.status ?? '-'}`).join(','), maxWidth: 40, dropOrder: 1},
];

export function summaryLine(summary: CheckSummary): string {
  return `checked ${summary.checked}: ${summary.blocked} blocked, ${summary.allowed} allowed, ${summary.unknown} unknown, ${summary.errored} errored`;
}
