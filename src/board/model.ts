import type {StoredCheck} from '../metrics/store.js';
import {sanitizeText} from '../output/sanitize.js';
import {redact} from '../secrets.js';
import {isoTime} from '../stored-time.js';

/**
 * The health board's grid, built from the worker's result store (src/metrics/store.ts):
 * one row per org, one column per check, one cell per (check, org). Pure: the command's
 * snapshot and the Ink board (src/ui/health-board/) both read it, and it knows nothing of React.
 * Every string that came from Redis is sanitised here, once, and masked with `redact`,
 * so neither view can draw a terminal control or the key.
 */

/** What a cell shows: the last grade, or why there is none to trust. */
export const CELL_SEVERITIES = ['fail', 'warn', 'error', 'stale', 'ok', 'none'] as const;
export type CellSeverity = (typeof CELL_SEVERITIES)[number];

/** Worst first: the order of rows and the meaning of "worst" everywhere on the board. */
export const SEVERITY_ORDER: Record<CellSeverity, number> = {fail: 0, warn: 1, error: 2, stale: 3, ok: 4, none: 5};

/** A cell's glyph, so the grid reads without colour (NO_COLOR, a monochrome terminal). */
export const SEVERITY_GLYPH: Record<CellSeverity, string> = {fail: '✖', warn: '▲', error: '!', stale: '~', ok: '✔', none: '·'};

/** A cell whose last run is older than this many of its intervals is stale. */
export const STALE_INTERVALS = 2;

/** One (check, org): the fields of the snapshot (`--json`, TSV) and of the detail view. */
export interface BoardCell {
  check: string;
  org: string;
  severity: CellSeverity;
  /** Severity of the last successful grade (null: never graded), even when the cell is stale or errored since. */
  grade: 'ok' | 'warn' | 'fail' | null;
  /** When that grade was made, ISO 8601. */
  gradedAt: string | null;
  /** When the last run (graded or errored) ended, ISO 8601. */
  lastRunAt: string | null;
  /** The check's interval in the worker's checks file. */
  everyMs: number;
  /** Numeric observations of the last grade, as the upstream named them (sanitised). */
  observed: Record<string, number>;
  /** The thresholds that applied: the checks file's, else those the result stated. */
  thresholds: {warn?: number; fail?: number};
  /** The last run's error (kind: message), sanitised and masked; null after a success. */
  error: string | null;
  appUrl: string | null;
  /** What holds the pair's alerts now (a maintenance window), sanitised; absent when nothing does. */
  heldBy?: string;
}

export interface BoardCounts {
  fail: number;
  warn: number;
  error: number;
  stale: number;
  ok: number;
  none: number;
}

export interface Board {
  /** Every org, worst first, then by name. */
  orgs: string[];
  /** Every check, by group then name. */
  checks: string[];
  /** `check@org` -> cell; a (check, org) the worker does not schedule has none. */
  cells: Map<string, BoardCell>;
  counts: BoardCounts;
  /** The newest grade of any cell (epoch ms), for the header's "newest grade 4s ago". */
  newestGradeAt: number | undefined;
}

export const cellKey = (check: string, org: string) => `${check}@${org}`;

/**
 * Check ids, org slugs and observed keys repeat across thousands of cells: each is cleaned
 * once. Bounded, so a store of ever-new error texts cannot grow it without end.
 */
const cleaned = new Map<string, string>();
function clean(text: string): string {
  let out = cleaned.get(text);
  if (out === undefined) {
    out = sanitizeText(redact(text));
    if (cleaned.size >= 50_000) cleaned.clear();
    cleaned.set(text, out);
  }
  return out;
}

/**
 * The store hands out the very same object for a check that did not change since its last
 * read (src/metrics/store.ts), so its cell is built once and only its severity (which ages
 * into stale) is looked at again on each refresh.
 */
const cellCache = new WeakMap<StoredCheck, BoardCell>();
function cellOf(stored: StoredCheck, now: number): BoardCell {
  const cached = cellCache.get(stored);
  const severity = cellSeverity(stored, now);
  if (cached !== undefined && cached.severity === severity) return cached;
  const cell = cached === undefined ? toCell(stored, now) : {...cached, severity};
  cellCache.set(stored, cell);
  return cell;
}

/** The severity of a stored check at `now`. */
export function cellSeverity(stored: StoredCheck, now: number): CellSeverity {
  const run = stored.run;
  if (run === undefined) return 'none';
  if (now - run.at > STALE_INTERVALS * stored.spec.everyMs) return 'stale';
  return run.outcome;
}


export function toCell(stored: StoredCheck, now: number): BoardCell {
  const {spec, success, run} = stored;
  const thresholds: {warn?: number; fail?: number} = {...success?.threshold};
  if (spec.warnThreshold !== undefined) thresholds.warn = spec.warnThreshold;
  if (spec.failThreshold !== undefined) thresholds.fail = spec.failThreshold;
  const observed: Record<string, number> = {};
  for (const [key, value] of Object.entries(success?.observed ?? {})) observed[clean(key)] = value;
  return {
    check: clean(spec.check),
    org: clean(spec.org),
    severity: cellSeverity(stored, now),
    grade: success?.severity ?? null,
    gradedAt: isoTime(success?.at),
    lastRunAt: isoTime(run?.at),
    everyMs: spec.everyMs,
    observed,
    thresholds,
    error: run?.outcome === 'error' ? clean(`${run.errorKind ?? 'error'}: ${run.error ?? ''}`.replace(/: $/, '')) : null,
    appUrl: success?.appUrl == null ? null : clean(success.appUrl),
  };
}

/** The live board's word on stored entries it skipped (results, heartbeats that do not parse); the snapshot names each. */
export function skippedNote(count: number): string {
  return `${count} bad stored entr${count === 1 ? 'y' : 'ies'} skipped: --no-interactive names ${count === 1 ? 'it' : 'them'}`;
}

/** `takedowns.cancelled-count` -> [`takedowns`, `cancelled-count`]. */
export function splitCheck(check: string): [group: string, name: string] {
  const dot = check.indexOf('.');
  return dot < 0 ? ['', check] : [check.slice(0, dot), check.slice(dot + 1)];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The board of everything the store holds at `now`. */
export function buildBoard(stored: readonly StoredCheck[], now: number, held?: ReadonlyMap<string, string>): Board {
  const cells = new Map<string, BoardCell>();
  const worst = new Map<string, number>();
  const checks = new Set<string>();
  const counts: BoardCounts = {fail: 0, warn: 0, error: 0, stale: 0, ok: 0, none: 0};
  let newestGradeAt: number | undefined;
  for (const item of stored) {
    const plain = cellOf(item, now);
    const heldBy = held?.get(cellKey(item.spec.check, item.spec.org));
    const cell = heldBy === undefined ? plain : {...plain, heldBy: clean(heldBy)};
    cells.set(cellKey(cell.check, cell.org), cell);
    checks.add(cell.check);
    counts[cell.severity] += 1;
    const rank = SEVERITY_ORDER[cell.severity];
    worst.set(cell.org, Math.min(worst.get(cell.org) ?? rank, rank));
    const at = item.run?.at;
    if (at !== undefined && item.run?.outcome !== 'error' && (newestGradeAt === undefined || at > newestGradeAt)) newestGradeAt = at;
  }
  const orgs = [...worst.keys()].sort((a, b) => worst.get(a)! - worst.get(b)! || byText(a, b));
  return {orgs, checks: [...checks].sort(byText), cells, counts, newestGradeAt};
}

/** Every cell, row by row in the board's order: what the snapshot prints. */
export function boardCells(board: Board): BoardCell[] {
  const out: BoardCell[] = [];
  for (const org of board.orgs) {
    for (const check of board.checks) {
      const cell = board.cells.get(cellKey(check, org));
      if (cell) out.push(cell);
    }
  }
  return out;
}

const notOk = (cell: BoardCell | undefined) => cell !== undefined && cell.severity !== 'ok' && cell.severity !== 'none';

/** What the grid shows after `/` (orgs containing the text) and `f` (only rows and columns with something not ok). */
export interface BoardFilter {
  text: string;
  notOkOnly: boolean;
}

export interface BoardView {
  orgs: string[];
  checks: string[];
}

export function filterBoard(board: Board, filter: BoardFilter): BoardView {
  const needle = filter.text.trim().toLowerCase();
  let orgs = needle === '' ? board.orgs : board.orgs.filter(org => org.toLowerCase().includes(needle));
  let checks = board.checks;
  if (filter.notOkOnly) {
    orgs = orgs.filter(org => checks.some(check => notOk(board.cells.get(cellKey(check, org)))));
    checks = checks.filter(check => orgs.some(org => notOk(board.cells.get(cellKey(check, org)))));
  }
  return {orgs, checks};
}
