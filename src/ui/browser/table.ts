import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import type {Report} from '../../api/wire/index.js';
import {revealInvisible, sanitizeText} from '../../output/sanitize.js';
import {firstPending, pendingIndexes} from './queue.js';

/*
 * The browser's table as plain strings fitted to the terminal width: fixed columns keep
 * their width, the title and assets columns share what is left, narrow terminals drop the
 * least useful columns first. Every cell is sanitised upstream text.
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
  cell(report: Report): string;
}

export interface TableLayout {
  header: string;
  rows: string[];
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

function columns(reports: Report[], queue: boolean): Column[] {
  const idWidth = Math.min(24, Math.max(2, ...reports.map(r => stringWidth(sanitizeText(r.id)))));
  const id: Column = {title: 'ID', width: idWidth, cell: r => r.id};
  const review: Column = {title: 'REVIEW', width: 8, dropOrder: 2, cell: r => r.latestReviewDecision ?? ''};
  const created: Column = {title: 'CREATED', width: 16, dropOrder: 3, cell: r => formatCreated(r.createdAt)};
  if (queue) {
    // What a reviewer decides on comes first: the asset's content beside the ids it acts on.
    const idsWidth = Math.min(24, Math.max(14, ...reports.map(r => stringWidth(sanitizeText(idsCell(r))))));
    return [
      id,
      {title: 'TITLE', width: null, flex: 2, min: 12, cell: r => r.title ?? '-'},
      {title: 'PROPOSAL/ASSET', width: idsWidth, cell: idsCell},
      {title: 'ASSET', width: null, flex: 3, min: 32, cell: pendingContentCell},
      {title: 'STATUS', width: 11, dropOrder: 1, cell: r => r.status ?? '-'},
      {...review, dropOrder: 2},
      {...created, dropOrder: 3},
    ];
  }
  return [
    id,
    {title: 'STATUS', width: 11, cell: r => r.status ?? '-'},
    {title: 'TITLE', width: null, flex: 3, cell: r => r.title ?? '-'},
    {title: 'ASSETS', width: null, flex: 2, dropOrder: 1, cell: assetsCell},
    review,
    created,
  ];
}

function fit(text: string, width: number): string {
  const clean = sanitizeText(text);
  const cut = stringWidth(clean) > width ? cliTruncate(clean, width) : clean;
  return cut + ' '.repeat(Math.max(0, width - stringWidth(cut)));
}

/** Which columns fit `width`, and how wide each is. */
function plan(cols: Column[], width: number): Array<{column: Column; width: number}> {
  let kept = [...cols];
  for (;;) {
    const fixed = kept.reduce((sum, c) => sum + (c.width ?? 0), 0) + GAP.length * (kept.length - 1);
    const flexCols = kept.filter(c => c.width === null);
    const free = width - fixed;
    const droppable = kept.filter(c => c.dropOrder !== undefined).sort((a, b) => b.dropOrder! - a.dropOrder!);
    if (free >= flexCols.reduce((sum, c) => sum + (c.min ?? MIN_FLEX), 0) || droppable.length === 0) {
      const shares = flexCols.reduce((sum, c) => sum + (c.flex ?? 1), 0);
      let left = Math.max(free, flexCols.length);
      return kept.map(column => {
        if (column.width !== null) return {column, width: column.width};
        const isLast = column === flexCols.at(-1);
        const share = isLast ? left : Math.max(1, Math.floor((Math.max(free, 0) * (column.flex ?? 1)) / shares));
        left -= share;
        return {column, width: Math.max(1, share)};
      });
    }
    kept = kept.filter(c => c !== droppable[0]);
  }
}

/**
 * The header and one line per report, each exactly `width` columns wide (the marker of the
 * highlighted row is added by the component, so `width` excludes it).
 */
export function layoutTable(reports: Report[], width: number, options: {queue?: boolean} = {}): TableLayout {
  const widths = plan(columns(reports, options.queue === true), Math.max(20, width));
  const line = (cell: (column: Column) => string) => widths.map(({column, width: w}) => fit(cell(column), w)).join(GAP);
  return {
    header: line(column => column.title),
    rows: reports.map(report => line(column => column.cell(report))),
  };
}

/** The slice of rows to show so the highlighted one stays visible in `height` lines. */
export function visibleWindow(count: number, selected: number, height: number): {start: number; end: number} {
  const size = Math.max(1, height);
  if (count <= size) return {start: 0, end: count};
  const start = Math.min(Math.max(0, selected - Math.floor(size / 2)), count - size);
  return {start, end: start + size};
}
