import type {Key} from 'ink';

/*
 * The state of a finding's list (the board's `v` on a takedowns or detections cell), pure:
 * the pages read so far, the selected row, the table or one row's detail, and what each
 * key does. Like the review browser: move, Enter for the detail, `n`/`p` for the pages,
 * `o` for the web app link, `q` back to where it was opened from.
 */

export interface ListPage<Row> {
  rows: readonly Row[];
  /** The next page's cursor; null on the last. */
  next: string | null;
}

export interface ListState<Row> {
  /** The cursor of each page visited (undefined: the first). */
  cursors: Array<string | undefined>;
  pageIndex: number;
  page: ListPage<Row> | null;
  /** Which page to read (the component runs it once per generation). */
  load: {cursor: string | undefined; generation: number} | null;
  error: string | null;
  selected: number;
  mode: 'table' | 'detail';
  notice: string | null;
  quit: boolean;
}

export function initialListState<Row>(): ListState<Row> {
  return {cursors: [undefined], pageIndex: 0, page: null, load: {cursor: undefined, generation: 1}, error: null, selected: 0, mode: 'table', notice: null, quit: false};
}

export type ListAction<Row> =
  | {type: 'loaded'; generation: number; page: ListPage<Row>}
  | {type: 'failed'; generation: number; message: string}
  | {type: 'key'; input: string; key: Partial<Key>; pageRows: number; link: string | null};

function loadAt<Row>(state: ListState<Row>, pageIndex: number, cursors = state.cursors): ListState<Row> {
  return {...state, cursors, pageIndex, page: null, error: null, selected: 0, mode: 'table', notice: null, load: {cursor: cursors[pageIndex], generation: (state.load?.generation ?? 0) + 1}};
}

export function listReducer<Row>(state: ListState<Row>, action: ListAction<Row>): ListState<Row> {
  switch (action.type) {
    case 'loaded':
      if (state.load?.generation !== action.generation) return state;
      return {...state, page: action.page, load: null, selected: Math.min(state.selected, Math.max(0, action.page.rows.length - 1))};
    case 'failed':
      if (state.load?.generation !== action.generation) return state;
      return {...state, error: action.message, load: null};
    case 'key':
      return onKey(state, action.input, action.key, action.pageRows, action.link);
  }
}

function onKey<Row>(state: ListState<Row>, input: string, key: Partial<Key>, pageRows: number, link: string | null): ListState<Row> {
  if (input === 'q') return {...state, quit: true};
  const cleared = {...state, notice: null};
  if (input === 'o') return {...cleared, notice: link === null ? 'no web app link: the upstream documents none for these items' : `web app: ${link}`};
  if (state.error !== null) return input === 'r' ? loadAt(state, state.pageIndex) : state;
  const rows = state.page?.rows.length ?? 0;
  if (state.mode === 'detail') {
    if (key.escape || key.leftArrow || key.backspace || input === 'h') return {...cleared, mode: 'table'};
    // The next or previous row without going back to the table.
    if (input === ']' || input === '[') return {...cleared, selected: clamp(state.selected + (input === ']' ? 1 : -1), rows)};
    return state;
  }
  const move = (delta: number) => ({...cleared, selected: clamp(state.selected + delta, rows)});
  if (key.upArrow || input === 'k') return move(-1);
  if (key.downArrow || input === 'j') return move(1);
  if (key.pageUp) return move(-Math.max(1, pageRows));
  if (key.pageDown || input === ' ') return move(Math.max(1, pageRows));
  if (input === 'g') return move(-rows);
  if (input === 'G') return move(rows);
  if ((key.return || key.rightArrow || input === 'l') && rows > 0) return {...cleared, mode: 'detail'};
  if (input === 'r') return loadAt(state, state.pageIndex);
  if (input === 'n') {
    const next = state.page?.next ?? null;
    if (next === null) return {...cleared, notice: state.page === null ? null : 'this is the last page'};
    return loadAt(state, state.pageIndex + 1, [...state.cursors.slice(0, state.pageIndex + 1), next]);
  }
  if (input === 'p') return state.pageIndex === 0 ? {...cleared, notice: 'this is the first page'} : loadAt(state, state.pageIndex - 1);
  return state;
}

function clamp(index: number, rows: number): number {
  return Math.max(0, Math.min(index, rows - 1));
}

export const LIST_FOOTER = '↑↓ move · Enter detail · n/p page · o web app link · r reload · q back';
export const DETAIL_FOOTER = 'Esc the list · ]/[ next/previous · o web app link · q back';
