import type {Takedown} from '../../../api/wire/index.js';
import {revealInvisible, type Column} from '../../../output/index.js';

/*
 * The columns of `takedowns list`, one set for the table, TSV, markdown and CSV, so a
 * script's `cut -f1` and a person's table carry the same fields in the same order.
 */
export const TAKEDOWN_COLUMNS: ReadonlyArray<Column<Takedown>> = [
  {header: 'ID', value: t => t.id, whole: true},
  {header: 'STATUS', value: t => t.status, whole: true, style: t => statusStyle(t.status)},
  {header: 'ASSET', value: t => (t.asset?.content === undefined ? undefined : revealInvisible(t.asset.content)), minWidth: 20, maxWidth: 60},
  {header: 'TYPE', value: t => t.asset?.type, whole: true, omitIfUniform: true, dropOrder: 2},
  {header: 'LIVENESS', shortHeader: 'LIVE', value: t => t.asset?.livenessStatus, whole: true, style: t => (t.asset?.livenessStatus === 'DEAD' ? 'gray' : undefined)},
  {header: 'BRAND', value: t => t.brand?.name ?? t.brand?.slug, maxWidth: 20, dropOrder: 3, omitIfUniform: true},
  {header: 'ASSIGNEE', value: t => t.assignee?.fullName, maxWidth: 20, dropOrder: 1, omitIfUniform: true},
  {header: 'UPDATED', value: t => t.updatedAt, whole: true},
];

function statusStyle(status: string | undefined) {
  if (status === 'TODO') return 'yellow' as const;
  if (status === 'IN_PROGRESS') return 'cyan' as const;
  if (status === 'COMPLETED' || status === 'CANCELLED') return 'gray' as const;
  return undefined;
}
