import type {Report} from '../../api/wire/index.js';
import {relativeAge} from '../../cmd/reports/shared/age.js';
import {revealInvisible, sanitizeText} from '../../output/sanitize.js';
import {truncateToWidth} from '../../output/table.js';
import {textWidth as stringWidth} from '../../output/text-width.js';
import {firstPending, pendingIndexes} from './queue.js';

/*
 * The browser's table as plain strings fitted to the terminal width. The width goes to what
 * a reader reads: short columns take the width of their content, the title and assets
 * columns share what is left (the title keeps at least 30 cells outside the queue), CREATED
 * turns into an age ("3h ago") before anything is dropped, and narrow terminals then drop
 * the least useful columns. STATUS and REVIEW are left out when every row shows the same
 * (or nothing). Headers are never cut. Every cell is sanitised upstream text.
 */

interface Column {
  title: string;
  /** Fixed width, or null for a flexible column. */
  width: number | null;
  /** Share of the flexible space. */
  flex?: number;
  /** Narrowest a flexible column may get before other columns are dropped. */
  min?: number;
  /** Dropped first when the terminal is narrow (higher goes first). */
  dropOrder?: number;
  /** Left out when every row shows the same (two rows or more) or nothing. */
  omitIfUniform?: boolean;
  /** A narrower form of the column, used before any column is dropped. */
  short?: Omit<Column, 'title' | 'short'>;
  cell(report: Report): string;
}

export interface TableLayout {
  header: string;
  rows: string[];
  /** Columns left out because every row shows the same, and that value ("STATUS TODO"). */
  uniform: string[];
}

const GAP = '  ';
const MIN_FLEX = 12;

export function formatCreated(value: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return sanitizeText(value);
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

/** "3: a.example, b.example". */
function assetsCell(report: Report): string {
  const proposals = report.proposals ?? [];
  const contents = proposals.map(p => p.asset?.content).filter((c): c is string => Boolean(c)).map(revealInvisible);
  return proposals.length === 0 ? '0' : `${proposals.length}: ${contents.join(', ')}`;
}

/** In the review queue: "5492/7492", the proposal and asset ids the review keys act on. */
function idsCell(report: Report): string {
  const index = firstPending(report);
  const proposal = index === undefined ? undefined : report.proposals?.[index];
  if (!proposal) return '-';
  return `${proposal.id || '-'}/${proposal.asset?.id || '-'}`;
}

/** Its asset's content, and how many other proposals of the report wait ("a.example +1"). */
function pendingContentCell(report: Report): string {
  const waiting = pendingIndexes(report);
  if (waiting.length === 0) return '(nothing waiting)';
  const content = report.proposals?.[waiting[0]!]?.asset?.content || '(no content)';
  return waiting.length > 1 ? `${content} +${waiting.length - 1}` : content;
}

/** As wide as the widest cell or the title. */
const widthOf = (reports: Report[], title: string, cell: (r: Report) => string) => Math.max(stringWidth(title), ...reports.map(r => stringWidth(sanitizeText(cell(r)))));

function columns(reports: Report[], queue: boolean, now: number): Column[] {
  const idWidth = Math.min(24, Math.max(2, ...reports.map(r => stringWidth(sanitizeText(r.id)))));
  const id: Column = {title: 'ID', width: idWidth, cell: r => r.id};
  const statusCell = (r: Report) => r.status ?? '-';
  const status: Column = {title: 'STATUS', width: widthOf(reports, 'STATUS', statusCell), omitIfUniform: true, cell: statusCell};
  const reviewCell = (r: Report) => r.latestReviewDecision ?? '';
  const review: Column = {title: 'REVIEW', width: widthOf(reports, 'REVIEW', reviewCell), omitIfUniform: true, cell: reviewCell};
  const ageCell = (r: Report) => relativeAge(r.createdAt, now) ?? '';
  const created: Column = {title: 'CREATED', width: 16, cell: r => formatCreated(r.createdAt), short: {width: widthOf(reports, 'CREATED', ageCell), cell: ageCell}};
  if (queue) {
    // What a reviewer decides on comes first: the asset's content beside the ids it acts on.
    const idsWidth = Math.min(24, Math.max(14, ...reports.map(r => stringWidth(sanitizeText(idsCell(r))))));
    // The content in full, up to 36 cells, before any other column is kept.
    const assetMin = Math.min(36, Math.max(32, widthOf(reports, 'ASSET', pendingContentCell)));
    return [
      id,
      {title: 'TITLE', width: null, flex: 2, min: 12, cell: r => r.title ?? '-'},
      {title: 'PROPOSAL/ASSET', width: idsWidth, cell: idsCell},
      {title: 'ASSET', width: null, flex: 3, min: assetMin, cell: pendingContentCell},
      {...status, dropOrder: 1},
      {...review, dropOrder: 3},
      {...created, dropOrder: 2},
    ];
  }
  return [
    id,
    status,
    {title: 'TITLE', width: null, flex: 3, min: 30, cell: r => r.title ?? '-'},
    {title: 'ASSETS', width: null, flex: 2, dropOrder: 1, cell: assetsCell},
    {...review, dropOrder: 3},
    {...created, dropOrder: 2},
  ];
}

function fit(text: string, width: number): string {
  const clean = sanitizeText(text);
  const cut = stringWidth(clean) > width ? truncateToWidth(clean, width) : clean;
  return cut + ' '.repeat(Math.max(0, width - stringWidth(cut)));
}

/** Leaves out the columns that would show one value on every row (saying which), or none. */
function leaveOutUniform(cols: Column[], reports: Report[]): {kept: Column[]; uniform: string[]} {
  const uniform: string[] = [];
  const kept = cols.filter(column => {
    if (!column.omitIfUniform || reports.length === 0) return true;
    const values = [...new Set(reports.map(r => sanitizeText(column.cell(r))))];
    if (values.every(value => value === '' || value === '-')) return false;
    if (values.length > 1 || reports.length < 2) return true;
    uniform.push(`${column.title} ${values[0]}`);
    return false;
  });
  return {kept, uniform};
}

/** Fixed width and flexible minimum of `cols`, gaps included. */
function needed(cols: Column[]): number {
  return cols.reduce((sum, c) => sum + (c.width ?? c.min ?? MIN_FLEX), 0) + GAP.length * (cols.length - 1);
}

/**
 * Which columns fit `width` (short forms first, then dropping the highest dropOrder until
 * the rest fit; a dropped column that fits again beside what is left comes back, the most
 * useful first), and how wide each is.
 */
function plan(cols: Column[], width: number): Array<{column: Column; width: number}> {
  const all = needed(cols) <= width ? cols : cols.map(c => (c.short ? {...c, ...c.short} : c));
  let kept = all;
  const dropped: Column[] = [];
  for (;;) {
    const droppable = kept.filter(c => c.dropOrder !== undefined).sort((a, b) => b.dropOrder! - a.dropOrder!);
    if (needed(kept) <= width || droppable.length === 0) break;
    dropped.push(droppable[0]!);
    kept = kept.filter(c => c !== droppable[0]);
  }
  for (const column of dropped.reverse()) {
    const back = all.filter(c => kept.includes(c) || c === column);
    if (needed(back) <= width) kept = back;
  }
  const fixed = kept.reduce((sum, c) => sum + (c.width ?? 0), 0) + GAP.length * (kept.length - 1);
  return shareFlex(kept, width - fixed);
}

/**
 * The flexible columns' widths: each its minimum (when they do not all fit, a part of the
 * room in proportion to it, never below its title), then the rest by share; the last
 * flexible column takes what rounding leaves.
 */
function shareFlex(kept: Column[], free: number): Array<{column: Column; width: number}> {
  const flexCols = kept.filter(c => c.width === null);
  const wanted = flexCols.reduce((sum, c) => sum + (c.min ?? MIN_FLEX), 0);
  const room = Math.max(free, 0);
  const floor = (c: Column) => Math.max(stringWidth(c.title), wanted <= room ? (c.min ?? MIN_FLEX) : Math.floor((room * (c.min ?? MIN_FLEX)) / wanted));
  const mins = flexCols.reduce((sum, c) => sum + floor(c), 0);
  const shares = flexCols.reduce((sum, c) => sum + (c.flex ?? 1), 0);
  const extra = Math.max(0, free - mins);
  let left = Math.max(free, mins);
  return kept.map(column => {
    if (column.width !== null) return {column, width: column.width};
    const isLast = column === flexCols.at(-1);
    const share = isLast ? left : floor(column) + Math.floor((extra * (column.flex ?? 1)) / shares);
    left -= share;
    return {column, width: Math.max(1, share)};
  });
}

/**
 * The header and one line per report, each exactly `width` columns wide (the marker of the
 * highlighted row is added by the component, so `width` excludes it). `now` dates the ages.
 */
export function layoutTable(reports: Report[], width: number, options: {queue?: boolean; now?: number} = {}): TableLayout {
  const {kept, uniform} = leaveOutUniform(columns(reports, options.queue === true, options.now ?? Date.now()), reports);
  const widths = plan(kept, Math.max(20, width));
  const line = (cell: (column: Column) => string) => widths.map(({column, width: w}) => fit(cell(column), w)).join(GAP);
  return {
    header: line(column => column.title),
    rows: reports.map(report => line(column => column.cell(report))),
    uniform,
  };
}

/** The slice of rows to show so the highlighted one stays visible in `height` lines. */
export function visibleWindow(count: number, selected: number, height: number): {start: number; end: number} {
  const size = Math.max(1, height);
  if (count <= size) return {start: 0, end: count};
  const start = Math.min(Math.max(0, selected - Math.floor(size / 2)), count - size);
  return {start, end: start + size};
}
