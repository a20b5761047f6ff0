import type {BoardView} from './model.js';
import {splitCheck} from './model.js';

/**
 * Where the cursor is and which part of the grid is on screen. The cursor is a (check, org)
 * pair, not a position: when a refresh re-sorts the orgs (one turned red) the cursor stays
 * on its cell, and only a cell that left the view (filtered out) makes it fall back to the
 * same position.
 */

export interface Cursor {
  org: string | undefined;
  check: string | undefined;
  row: number;
  col: number;
}

export const START_CURSOR: Cursor = {org: undefined, check: undefined, row: 0, col: 0};

const clamp = (value: number, size: number) => Math.max(0, Math.min(value, size - 1));

/** The cursor re-found in `view`: on its (check, org) when still shown, else at its last position, clamped. */
export function placeCursor(view: BoardView, cursor: Cursor): Cursor {
  const orgAt = cursor.org === undefined ? -1 : view.orgs.indexOf(cursor.org);
  const checkAt = cursor.check === undefined ? -1 : view.checks.indexOf(cursor.check);
  const row = clamp(orgAt >= 0 ? orgAt : cursor.row, view.orgs.length);
  const col = clamp(checkAt >= 0 ? checkAt : cursor.col, view.checks.length);
  return {row, col, org: view.orgs[row], check: view.checks[col]};
}

/** The cursor moved by (rows, cols) within `view`, stopping at the edges. */
export function moveCursor(view: BoardView, cursor: Cursor, rows: number, cols: number): Cursor {
  const here = placeCursor(view, cursor);
  const row = clamp(here.row + rows, view.orgs.length);
  const col = clamp(here.col + cols, view.checks.length);
  return {row, col, org: view.orgs[row], check: view.checks[col]};
}

/** The first visible index so that `index` is within a window of `size` starting there (moved as little as possible). */
export function scrollTo(first: number, index: number, size: number, total: number): number {
  if (size <= 0) return 0;
  let next = first;
  if (index < next) next = index;
  else if (index >= next + size) next = index - size + 1;
  return Math.max(0, Math.min(next, Math.max(0, total - size)));
}

/** How the grid's columns fit the terminal. */
export interface ColumnLayout {
  orgWidth: number;
  cellWidth: number;
  /** How many check columns fit at once (the rest scroll sideways). */
  visible: number;
  /** Cells show the glyph and the severity's word; when false, the glyph alone. */
  words: boolean;
  /** Headers show `group.name` shortened to the name, under a group row. */
  groupRow: boolean;
}

const ORG_MIN = 8;
const ORG_MAX = 20;
/** Wide enough for "✖ error" plus a space. */
const WORD_CELL = 8;
/** A glyph and its gap: the narrowest a column gets before columns scroll sideways. */
const GLYPH_CELL = 3;
const CELL_MAX = 18;

/** Fits `checks` columns beside an org column into `width` terminal cells. */
export function layoutColumns(width: number, orgs: readonly string[], checks: number): ColumnLayout {
  const longest = orgs.reduce((max, org) => Math.max(max, org.length), 3);
  const orgWidth = Math.min(ORG_MAX, Math.max(ORG_MIN, longest)) + 1;
  const room = Math.max(GLYPH_CELL, width - orgWidth - 1);
  const fair = checks === 0 ? CELL_MAX : Math.floor(room / checks);
  const cellWidth = Math.max(GLYPH_CELL, Math.min(CELL_MAX, fair));
  return {orgWidth, cellWidth, visible: Math.max(1, Math.min(checks, Math.floor(room / cellWidth))), words: cellWidth >= WORD_CELL, groupRow: true};
}

/**
 * A column's header: the check's name without its group (the group row above says it). Cut
 * to the cell, "cancelled-count" and "cancelled-share" were both "canc…": a name of several
 * words is abbreviated word by word instead ("can-sh"), each word keeping its start.
 */
export function columnHeader(check: string, width: number): string {
  const [, name] = splitCheck(check);
  return abbreviate(name, width - 1);
}

/** `name` in at most `width` cells: whole, else each `-` word cut to share the room, else cut with `…`. */
export function abbreviate(name: string, width: number): string {
  const chars = [...name];
  if (chars.length <= width) return name;
  const words = name.split('-').filter(Boolean);
  const room = width - (words.length - 1);
  if (words.length < 2 || room < words.length) return fit(name, width);
  // Round-robin: every word gets a letter, then one more each, left to right, while room lasts.
  const kept = words.map(() => 0);
  for (let left = room; left > 0; ) {
    let grew = false;
    for (let i = 0; i < words.length && left > 0; i++) {
      if (kept[i]! < [...words[i]!].length) {
        kept[i]! += 1;
        left -= 1;
        grew = true;
      }
    }
    if (!grew) break;
  }
  return words.map((word, i) => [...word].slice(0, kept[i]).join('')).join('-');
}

/** The group row: each run of columns of one group labelled once, over the columns it spans. */
export function groupSpans(checks: readonly string[]): Array<{group: string; span: number}> {
  const spans: Array<{group: string; span: number}> = [];
  for (const check of checks) {
    const [group] = splitCheck(check);
    const last = spans.at(-1);
    if (last && last.group === group) last.span += 1;
    else spans.push({group, span: 1});
  }
  return spans;
}

/** `text` in at most `width` cells, cut with `…` (board text is already sanitised and single-line). */
export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  const chars = [...text];
  if (chars.length <= width) return text;
  return width === 1 ? '…' : `${chars.slice(0, width - 1).join('')}…`;
}
