import type {Key} from 'ink';
import type {Regrade} from './detail.js';
import {buildBoard, cellKey, filterBoard, type Board, type BoardFilter, type BoardView} from './model.js';
import type {BoardReading} from './source.js';
import {moveCursor, placeCursor, START_CURSOR, type Cursor} from './viewport.js';
import {noListReason} from '../healthcheck/finding-list.js';

/**
 * The live board's state, pure (no React): the latest board, the cursor (a cell, kept across
 * refreshes), the filters, which screen is open and what each key does. The component
 * (src/ui/health-board/) renders it and runs what it asks for (a regrade, the review browser);
 * ./board-poller.ts feeds it the reads.
 */
export interface BoardState {
  board: Board | undefined;
  view: BoardView;
  liveWorkers: number;
  /** org -> the reference of its own key, for the detail. */
  keyRefs: ReadonlyMap<string, string>;
  /** Stored entries the last read skipped for not parsing (the snapshot names them). */
  skipped: number;
  /** Why the last read failed (Redis gone); the last board stays on screen. */
  readError: string | null;
  filter: BoardFilter;
  /** The `/` line being typed, or null. */
  filterLine: string | null;
  cursor: Cursor;
  mode: 'grid' | 'detail' | 'help';
  /** Regrades made here, by cell key: the detail shows the last one of its cell. */
  regrades: Map<string, Regrade>;
  /** A regrade to start (the component runs it once per request). */
  regradeRequest: {key: string; check: string; org: string; seq: number} | null;
  /** The org whose review queue is open (`v`), or null. */
  reviewing: string | null;
  /** The cell whose finding list is open (`v` on a takedowns, assets or detections cell), or null. */
  listing: {check: string; org: string} | null;
  notice: string | null;
  quit: boolean;
}

export const initialBoardState = (): BoardState => ({
  board: undefined,
  view: {orgs: [], checks: []},
  liveWorkers: 0,
  keyRefs: new Map(),
  skipped: 0,
  readError: null,
  filter: {text: '', notOkOnly: false},
  filterLine: null,
  cursor: START_CURSOR,
  mode: 'grid',
  regrades: new Map(),
  regradeRequest: null,
  reviewing: null,
  listing: null,
  notice: null,
  quit: false,
});

export type BoardAction =
  | {type: 'read'; reading: BoardReading; now: number}
  | {type: 'readFailed'; message: string}
  | {type: 'key'; input: string; key: Key; pageRows: number}
  | {type: 'regraded'; key: string; regrade: Regrade}
  | {type: 'reviewClosed'}
  | {type: 'listClosed'};

/** Checks whose id starts so open their org's review queue with `v`. */
const REVIEWING = 'reviewing.';

function withView(state: BoardState, board: Board | undefined, filter: BoardFilter): BoardState {
  const view = board === undefined ? {orgs: [], checks: []} : filterBoard(board, filter);
  return {...state, board, filter, view, cursor: placeCursor(view, state.cursor)};
}

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'read':
      return {...withView(state, buildBoard(action.reading.stored, action.now, action.reading.held), state.filter), liveWorkers: action.reading.liveWorkers, keyRefs: action.reading.keyRefs ?? new Map(), skipped: action.reading.skipped?.length ?? 0, readError: null};
    case 'readFailed':
      return {...state, readError: action.message};
    case 'regraded': {
      const regrades = new Map(state.regrades);
      regrades.set(action.key, action.regrade);
      return {...state, regrades};
    }
    case 'reviewClosed':
      return {...state, reviewing: null};
    case 'listClosed':
      return {...state, listing: null};
    case 'key':
      return onKey(state, action.input, action.key, action.pageRows);
  }
}

/**
 * The key actions of one input event. Keys typed faster than a frame (or pasted) arrive as one
 * string: each character is its own key, a carriage return an Enter.
 */
export function keyActions(input: string, key: Key, pageRows: number): BoardAction[] {
  if (input.length > 1 && !key.ctrl && !key.meta) {
    return [...input].map(char => ({type: 'key', input: char === '\r' ? '' : char, key: {...key, return: char === '\r'}, pageRows}));
  }
  return [{type: 'key', input, key, pageRows}];
}

function onKey(state: BoardState, input: string, key: Key, pageRows: number): BoardState {
  if (state.filterLine !== null) return onFilterKey(state, input, key);
  if (state.mode === 'help') return input === 'q' || input === '?' || key.escape || key.return ? {...state, mode: 'grid'} : state;
  const cleared = {...state, notice: null};
  if (input === 'q') return {...state, quit: true};
  if (input === '?') return {...cleared, mode: 'help'};
  if (state.mode === 'detail' && (key.escape || key.return || input === 'h' || key.leftArrow)) return {...cleared, mode: 'grid'};
  const move = (rows: number, cols: number) => ({...cleared, cursor: moveCursor(state.view, state.cursor, rows, cols)});
  if (state.mode === 'grid') {
    if (key.upArrow || input === 'k') return move(-1, 0);
    if (key.downArrow || input === 'j') return move(1, 0);
    if (key.leftArrow || input === 'h') return move(0, -1);
    if (key.rightArrow || input === 'l') return move(0, 1);
    if (key.pageDown || input === ' ') return move(Math.max(1, pageRows), 0);
    if (key.pageUp) return move(-Math.max(1, pageRows), 0);
    if (input === 'g') return move(-state.view.orgs.length, 0);
    if (input === 'G') return move(state.view.orgs.length, 0);
    if (input === '/') return {...cleared, filterLine: state.filter.text};
    if (input === 'f') return {...withView(cleared, state.board, {...state.filter, notOkOnly: !state.filter.notOkOnly}), notice: state.filter.notOkOnly ? 'showing every row and column' : 'showing only rows and columns with something not ok'};
    if (key.escape && (state.filter.text !== '' || state.filter.notOkOnly)) return {...withView(cleared, state.board, {text: '', notOkOnly: false}), notice: 'filters cleared'};
  }
  const {org, check} = state.cursor;
  const onCell = org !== undefined && check !== undefined && state.board?.cells.has(cellKey(check, org)) === true;
  if (key.return && state.mode === 'grid') return onCell ? {...cleared, mode: 'detail'} : {...cleared, notice: 'no check here: the worker does not grade it for this org'};
  if (input === 'r') {
    if (!onCell) return {...cleared, notice: 'no check here to grade'};
    const keyOf = cellKey(check!, org!);
    const regrades = new Map(state.regrades);
    regrades.set(keyOf, {state: 'running'});
    return {...cleared, mode: 'detail', regrades, regradeRequest: {key: keyOf, check: check!, org: org!, seq: (state.regradeRequest?.seq ?? 0) + 1}};
  }
  if (input === 'v') {
    if (!onCell) return {...cleared, notice: 'v opens the list of a check\'s findings: no check here'};
    if (check!.startsWith(REVIEWING)) return {...cleared, reviewing: org!};
    // docs/interactive.md#from-a-cell-to-its-list: the list healthchecks run names for the check.
    const none = noListReason(check!);
    if (none !== undefined) return {...cleared, notice: `no list for ${check}: ${none}`};
    return {...cleared, listing: {check: check!, org: org!}};
  }
  return state;
}

function onFilterKey(state: BoardState, input: string, key: Key): BoardState {
  const line = state.filterLine!;
  if (key.escape) return {...state, filterLine: null};
  if (key.return) return {...withView(state, state.board, {...state.filter, text: line}), filterLine: null, notice: line.trim() === '' ? 'showing every org' : null};
  if (key.backspace || key.delete) return {...state, filterLine: line.slice(0, -1)};
  if (key.ctrl || key.meta || input === '') return state;
  // Typed text only: the filter matches org slugs, which have no controls.
  return {...state, filterLine: line + input.replace(/[^\x20-\x7e]/g, '')};
}

/** Every key the board answers: all of them in `?`, those with a `short` in the footer too. */
export const BOARD_KEYS: Array<{keys: string; does: string; short?: string; compact?: string}> = [
  {keys: '?', does: 'this help', short: 'help'},
  {keys: 'q', does: 'quit', short: 'quit'},
  {keys: '←↓↑→ hjkl', does: 'move', short: 'move', compact: 'hjkl move'},
  {keys: 'Enter', does: "the cell's detail: observed, thresholds, graded at, runbook", short: 'detail', compact: '⏎ detail'},
  {keys: 'r', does: 'grade this (check, org) now with one upstream call, and show its findings', short: 'regrade'},
  {keys: '/', does: 'filter orgs by name (Enter applies, Esc cancels)', short: 'filter'},
  {keys: 'f', does: 'only rows and columns with something not ok (again: everything)', short: 'not ok'},
  {keys: 'v', does: "the list of the cell's findings: the review queue, takedowns or detection configs (q there comes back here)", short: 'list'},
  {keys: 'PgUp PgDn g G', does: 'a page up or down, the first or last org'},
  {keys: 'Esc', does: 'back to the grid; on the grid, clears the filters'},
];

/**
 * The footer: every key with a `short`, spelt out where they fit; at 80 columns the compact
 * form (hjkl for the arrows, ⏎ for Enter, two spaces between) keeps them all, where cutting dropped
 * filter, not ok and review. Narrower still, as many as fit, help and quit first so `?`
 * is always there.
 */
export function footerText(width: number): string {
  const keys = BOARD_KEYS.filter(key => key.short !== undefined);
  const full = keys.map(key => `${key.keys} ${key.short}`).join(' · ');
  if (full.length <= width) return full;
  let text = '';
  for (const key of keys) {
    const next = `${text}${text === '' ? '' : '  '}${key.compact ?? `${key.keys} ${key.short}`}`;
    if (next.length > width) break;
    text = next;
  }
  return text;
}
