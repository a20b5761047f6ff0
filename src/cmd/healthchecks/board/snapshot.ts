import {formatDuration} from '../../../checks/duration.js';
import type {Column} from '../../../output/columns.js';
import {SEVERITY_COLOR} from '../../../board/detail.js';
import {boardCells, type Board, type BoardCell} from '../../../board/model.js';
import type {BoardReading} from '../../../board/source.js';
import {isoTime} from '../../../stored-time.js';

const pairs = (map: Record<string, number>) =>
  Object.entries(map)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');

/** The snapshot's fields, one row per (check, org); the live grid's cells carry the same. */
export const BOARD_COLUMNS: Column<BoardCell>[] = [
  {header: 'CHECK', value: cell => cell.check, minWidth: 32},
  {header: 'ORG', value: cell => cell.org, whole: true},
  {header: 'SEVERITY', value: cell => cell.severity, style: cell => SEVERITY_COLOR[cell.severity]},
  {header: 'GRADE', value: cell => cell.grade},
  {header: 'GRADED AT', value: cell => cell.gradedAt, minWidth: 24},
  {header: 'LAST RUN', value: cell => cell.lastRunAt, minWidth: 24, dropOrder: 4},
  {header: 'EVERY', value: cell => formatDuration(cell.everyMs), align: 'right', dropOrder: 3},
  {header: 'OBSERVED', value: cell => pairs(cell.observed), maxWidth: 40, dropOrder: 1},
  {header: 'THRESHOLDS', value: cell => pairs(cell.thresholds), dropOrder: 2},
  {header: 'ERROR', value: cell => cell.error, dropOrder: 1},
];

/** The snapshot's column for pairs a maintenance window holds (shown only when one is). */
export const HELD_COLUMN: Column<BoardCell> = {header: 'HELD BY', value: cell => cell.heldBy ?? null};

/** What `--json` prints: every cell, the header's counts, and whether a worker is writing. */
export interface BoardJson {
  cells: BoardCell[];
  counts: Board['counts'];
  newestGradeAt: string | null;
  liveWorkers: number;
  readAt: string;
  /** Stored entries (results, heartbeats) left out for not parsing: the first SKIPPED_LISTED, id and problem each cut to 200 characters. */
  skipped: {id: string; problem: string}[];
  /** How many were left out in all. */
  skippedCount: number;
}

/** How many skipped entries `--json` lists: a Redis full of planted ones must not make the snapshot huge. */
export const SKIPPED_LISTED = 100;

export function boardJson(board: Board, reading: BoardReading, now: number): BoardJson {
  const skipped = reading.skipped ?? [];
  return {
    skipped: skipped.slice(0, SKIPPED_LISTED).map(({id, problem}) => ({id: id.slice(0, 200), problem: problem.slice(0, 200)})),
    skippedCount: skipped.length,
    cells: boardCells(board),
    counts: board.counts,
    newestGradeAt: isoTime(board.newestGradeAt),
    liveWorkers: reading.liveWorkers,
    readAt: new Date(now).toISOString(),
  };
}

/** The stderr line of a cell whose last grade reached --fail-on. */
export function breachedLine(cell: BoardCell): string {
  const stale = cell.severity === 'stale' || cell.severity === 'error' ? ` (last graded ${cell.gradedAt}; now ${cell.severity})` : '';
  return `breached: ${cell.check} is ${cell.grade!.toUpperCase()} for org ${cell.org}: observed ${pairs(cell.observed) || '(none)'}; thresholds ${pairs(cell.thresholds) || '(none)'}${stale}\n`;
}
