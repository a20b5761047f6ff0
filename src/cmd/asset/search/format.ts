import type {AssetSearchResult} from '../../../api/wire/index.js';
import {revealInvisible, type Column} from '../../../output/index.js';

/** One searched asset: what was asked and what the upstream answered (no asset: not found). */
export interface SearchedAsset {
  query: string;
  result: AssetSearchResult;
}

const show = (value: string | undefined) => (value === undefined ? undefined : revealInvisible(value));

/** One row per searched asset, for every format; TSV and CSV carry the report ids, a table also lists them below. */
export const SEARCH_COLUMNS: ReadonlyArray<Column<SearchedAsset>> = [
  {header: 'QUERY', value: s => revealInvisible(s.query), maxWidth: 40, dropOrder: 4},
  {header: 'ID', value: s => s.result.asset?.id, whole: true},
  {header: 'ASSET', value: s => show(s.result.asset?.content), minWidth: 20, maxWidth: 50},
  {header: 'TYPE', value: s => s.result.asset?.type, whole: true, dropOrder: 3},
  {header: 'STATUS', value: s => (s.result.asset ? s.result.asset.status : 'NOT FOUND'), whole: true, style: s => (s.result.asset?.status === 'BLOCKED' ? 'red' : s.result.asset ? undefined : 'yellow')},
  {header: 'WATCH', value: s => s.result.asset?.watchStatus, whole: true, dropOrder: 2},
  {header: 'REPORTS', value: s => (s.result.reports.length === 0 ? undefined : s.result.reports.map(r => r.id ?? '?').join(',')), maxWidth: 30},
  {header: 'TAKEDOWN', value: s => (s.result.takedown ? `${s.result.takedown.id ?? '?'}:${s.result.takedown.status ?? '-'}` : undefined), whole: true},
  {header: 'BLOCKED BY', shortHeader: 'BY', value: s => (s.result.blockedBy.length === 0 ? undefined : s.result.blockedBy.map(b => show(b.consumer ?? b.name) ?? '?').join(',')), maxWidth: 40, dropOrder: 1},
];

type Report = AssetSearchResult['reports'][number];
export const REPORT_COLUMNS: ReadonlyArray<Column<Report>> = [
  {header: 'REPORT', value: r => r.id, whole: true},
  {header: 'STATUS', value: r => r.status, whole: true},
  {header: 'TITLE', value: r => show(r.title), maxWidth: 60},
  {header: 'CREATED', value: r => r.createdAt, whole: true},
];

type Task = NonNullable<AssetSearchResult['takedown']>['tasks'][number];
export const TASK_COLUMNS: ReadonlyArray<Column<Task>> = [
  {header: 'TASK', value: t => t.id, whole: true},
  {header: 'TYPE', value: t => t.type, whole: true},
  {header: 'STATUS', value: t => t.status, whole: true},
  {header: 'PROVIDER', value: t => show(t.takedownProvider?.name), maxWidth: 30},
  {header: 'SUBMITTED', value: t => t.submittedAt, whole: true},
];

type Consumer = AssetSearchResult['blockedBy'][number];
export const CONSUMER_COLUMNS: ReadonlyArray<Column<Consumer>> = [
  {header: 'BLOCKED BY', value: b => show(b.consumer), whole: true},
  {header: 'NAME', value: b => show(b.name), maxWidth: 40},
  {header: 'SINCE', value: b => b.consumedAt, whole: true},
];
