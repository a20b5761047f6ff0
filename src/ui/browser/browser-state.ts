import type {ListReportsFilters, ListReportsResult, Report} from '../../api/wire/index.js';
import {addToPool, assetMatches, assetMatchesLabel, emptyPool, poolKey, type AssetMatches, type AssetPool} from './asset-search.js';
import {editLine, lineOf, splitKeys, type EditKey, type Line} from '../hooks/line-edit.js';
import {applyDraft, filterEditorKey, initialFilterEditor, type FilterEditorState} from './filter-state.js';
import {keyToAction} from './keys.js';
import type {Decision} from './queue.js';
import {dialogKey, type ReviewDialog, type ReviewFailure} from './review-dialog-state.js';
import {pickProposal, reviewFailed, reviewSucceeded, sendReview, startReview, type PendingReview, type ReviewOutcome} from './review-state.js';

/*
 * The review browser as a pure reducer: which page is shown, which row is highlighted, which
 * pages are cached, what must be fetched next. The component only renders this state and
 * runs `state.load` when it changes, so every key binding is testable without a terminal.
 */

/** The filters a query is made of (the cursor belongs to a page, not to the query). */
export type QueryFilters = Omit<ListReportsFilters, 'cursor'>;

export type Mode = 'table' | 'detail' | 'search' | 'filters';

/** A fetch the component must run; `generation` tells a stale answer from the current one. */
export interface PendingLoad {
  pageIndex: number;
  cursor: string | undefined;
  generation: number;
}

export interface BrowserState {
  filters: QueryFilters;
  /** cursors[i] fetches page i; cursors[0] is the starting cursor (usually none). */
  cursors: Array<string | undefined>;
  /** Cached pages by index: going back never refetches. */
  pages: Array<ListReportsResult | undefined>;
  /** starts[i] is the row number page i starts at; kept across refreshes for the header. */
  starts: number[];
  pageIndex: number;
  selected: number;
  mode: Mode;
  /** Scroll offset of the detail view, in lines. */
  detailScroll: number;
  load: PendingLoad | null;
  error: string | null;
  generation: number;
  /** The search being typed (mode 'search'). */
  searchLine: Line | null;
  /** The filter editor's draft (mode 'filters'). */
  filterEditor: FilterEditorState | null;
  /** A short line for the footer ("last page", ...), cleared by the next key. */
  notice: string | null;
  /** The proposal picked in the detail view (index); null: the first one waiting. */
  proposal: number | null;
  /** The open review dialog (queue only). */
  review: ReviewDialog | null;
  /** A review the component must send now. */
  sending: PendingReview | null;
  /** Why the review keys are off for the rest of the session (the daily limit). */
  reviewsOff: string | null;
  /** The `?` overlay is open. */
  help: boolean;
  /** Reports loaded under the current filters (search aside): a search also matches their assets. */
  assetPool: AssetPool;
  /** What the current search added from `assetPool` to its first page. */
  assetMatches: AssetMatches | null;
  /** The session must end: credentials rejected or no access (no retry can help). */
  fatal: {code: number; message: string} | null;
  quit: boolean;
}

export type Action =
  | {type: 'key'; input: string; key: EditKey & {pageUp?: boolean; pageDown?: boolean}; pageRows: number; detailMax: number}
  | {type: 'move'; delta: number}
  | {type: 'moveTo'; index: 'first' | 'last'}
  | {type: 'open'}
  | {type: 'back'}
  | {type: 'scroll'; delta: number; max?: number}
  | {type: 'nextPage'}
  | {type: 'prevPage'}
  | {type: 'refresh'}
  | {type: 'retry'}
  | {type: 'editSearch'}
  | {type: 'editFilters'}
  | {type: 'cancelEdit'}
  | {type: 'setSearch'; search: string}
  | {type: 'setFilters'; filters: QueryFilters}
  | {type: 'loaded'; generation: number; pageIndex: number; result: ListReportsResult}
  | {type: 'failed'; generation: number; pageIndex: number; message: string}
  | {type: 'help'}
  | {type: 'review'; decision: Decision}
  | {type: 'pickProposal'; delta: number}
  | {type: 'pickProposal'; index: number}
  | {type: 'reviewed'; outcome: ReviewOutcome}
  | {type: 'reviewFailed'; failure: ReviewFailure}
  | {type: 'fatal'; code: number; message: string}
  | {type: 'quit'};

export function initialState(filters: ListReportsFilters): BrowserState {
  const {cursor, ...query} = filters;
  return {
    filters: query,
    cursors: [cursor],
    pages: [],
    starts: [0],
    pageIndex: 0,
    selected: 0,
    mode: 'table',
    detailScroll: 0,
    load: {pageIndex: 0, cursor, generation: 0},
    error: null,
    generation: 0,
    searchLine: null,
    filterEditor: null,
    notice: null,
    proposal: null,
    review: null,
    sending: null,
    reviewsOff: null,
    help: false,
    assetPool: emptyPool,
    assetMatches: null,
    fatal: null,
    quit: false,
  };
}

export function currentPage(state: BrowserState): ListReportsResult | undefined {
  return state.pages[state.pageIndex];
}

export function selectedReport(state: BrowserState): Report | undefined {
  return currentPage(state)?.reports[state.selected];
}

/** Shows page `index`: from the cache if it is there, else asks for it to be fetched. */
function goToPage(state: BrowserState, index: number): BrowserState {
  // A new generation either way: an answer still in flight is for a page we left.
  const generation = state.generation + 1;
  const moved = {...state, pageIndex: index, selected: 0, proposal: null, detailScroll: 0, error: null, mode: 'table' as const, searchLine: null, filterEditor: null, generation};
  if (moved.pages[index]) return {...moved, load: null};
  return {...moved, load: {pageIndex: index, cursor: moved.cursors[index], generation}};
}

/** A new query: forget every page and cursor and start from the first page. */
function newQuery(state: BrowserState, filters: QueryFilters): BrowserState {
  return goToPage({...state, filters, cursors: [undefined], pages: [], starts: [0], mode: 'table', assetMatches: null}, 0);
}

export function reducer(state: BrowserState, action: Action): BrowserState {
  const s = action.type === 'loaded' || action.type === 'failed' || action.type === 'reviewed' || action.type === 'reviewFailed' ? state : {...state, notice: null};
  switch (action.type) {
    case 'key':
      return splitKeys(action.input, action.key).reduce((acc, k) => routeKey(acc, {...action, ...k}), s);
    case 'move': {
      const count = currentPage(s)?.reports.length ?? 0;
      if (count === 0) return s;
      const selected = clamp(s.selected + action.delta, 0, count - 1);
      const edge = selected === s.selected && s.mode === 'detail' ? (action.delta > 0 ? 'this is the last report on this page' : 'this is the first report on this page') : null;
      return {...s, selected, proposal: selected === s.selected ? s.proposal : null, detailScroll: selected === s.selected ? s.detailScroll : 0, notice: edge};
    }
    case 'moveTo': {
      const count = currentPage(s)?.reports.length ?? 0;
      return {...s, selected: action.index === 'first' ? 0 : Math.max(0, count - 1), proposal: null};
    }
    case 'open':
      return selectedReport(s) ? {...s, mode: 'detail', detailScroll: 0, proposal: null} : s;
    case 'back':
      return {...s, mode: 'table', detailScroll: 0};
    case 'scroll':
      return {...s, detailScroll: clamp(s.detailScroll + action.delta, 0, Math.max(0, action.max ?? Infinity))};
    case 'nextPage': {
      if (s.load || s.error) return s;
      const next = currentPage(s)?.nextCursor;
      if (!next) return {...s, notice: 'this is the last page'};
      const cursors = [...s.cursors];
      // A refresh may have moved the cursor of the next page: the answer we hold wins.
      if (cursors[s.pageIndex + 1] !== next) {
        cursors[s.pageIndex + 1] = next;
        cursors.length = s.pageIndex + 2;
        return goToPage({...s, cursors, pages: s.pages.slice(0, s.pageIndex + 1)}, s.pageIndex + 1);
      }
      return goToPage(s, s.pageIndex + 1);
    }
    case 'prevPage':
      if (s.pageIndex === 0) return {...s, notice: 'this is the first page'};
      return goToPage(s, s.pageIndex - 1);
    case 'refresh':
      // Pages other than this one may have changed too: drop them, keep their cursors.
      return goToPage({...s, pages: []}, s.pageIndex);
    case 'retry':
      return s.error ? goToPage(s, s.pageIndex) : s;
    case 'editSearch':
      return {...s, mode: 'search', searchLine: lineOf(s.filters.search ?? '')};
    case 'editFilters':
      return {...s, mode: 'filters', filterEditor: initialFilterEditor(s.filters)};
    case 'cancelEdit':
      return {...s, mode: 'table', searchLine: null, filterEditor: null};
    case 'setSearch': {
      const search = action.search.trim();
      const {search: _old, ...rest} = s.filters;
      return newQuery(s, search === '' ? rest : {...rest, search});
    }
    case 'setFilters':
      return newQuery(s, action.filters);
    case 'loaded': {
      if (action.generation !== s.generation) return s;
      // Rows left this page (reviewed) and none came after them: show the page before.
      if (action.result.reports.length === 0 && action.pageIndex > 0) {
        // That page's own cached answer points here: fetch it again too.
        return {...goToPage({...s, pages: s.pages.slice(0, action.pageIndex - 1), cursors: s.cursors.slice(0, action.pageIndex)}, action.pageIndex - 1), notice: `page ${action.pageIndex + 1} is empty now`};
      }
      const key = poolKey(s.filters);
      const pool = s.assetPool.key === key ? s.assetPool : emptyPool;
      // The search's first page leads with the loaded reports whose assets match (asset-search.ts).
      const extra = action.pageIndex === 0 && s.filters.search ? assetMatches(pool, s.filters.search, action.result.reports) : [];
      const pages = [...s.pages];
      pages[action.pageIndex] = extra.length === 0 ? action.result : {...action.result, reports: [...extra, ...action.result.reports]};
      const count = action.result.reports.length;
      const starts = [...s.starts];
      starts[action.pageIndex + 1] = (starts[action.pageIndex] ?? 0) + count;
      const matches = action.pageIndex !== 0 ? s.assetMatches : s.filters.search ? {added: extra.length, pool: pool.reports.size} : null;
      const assetPool = addToPool(s.assetPool, key, action.result.reports);
      return {...s, pages, starts, assetPool, assetMatches: matches, load: null, error: null, selected: clamp(s.selected, 0, Math.max(0, count + extra.length - 1))};
    }
    case 'failed':
      if (action.generation !== s.generation) return s;
      return {...s, load: null, error: action.message};
    case 'help':
      return {...s, help: true};
    case 'review':
      return startReview(s, action.decision);
    case 'pickProposal':
      return pickProposal(s, action);
    case 'reviewed':
      return reviewSucceeded(s, action.outcome);
    case 'reviewFailed':
      return reviewFailed(s, action.failure);
    case 'fatal':
      return {...s, fatal: {code: action.code, message: action.message}, review: null, help: false, load: null};
    case 'quit':
      return {...s, quit: true};
  }
}

/** A key, to the open editor or through the key map of the table and detail views. */
function routeKey(s: BrowserState, press: Extract<Action, {type: 'key'}>): BrowserState {
  const {input, key, pageRows, detailMax} = press;
  if (s.fatal || s.quit) return s;
  const typing = s.mode === 'search' || s.review?.step === 'details';
  // Outside a line being typed, several characters in one chunk are several key presses.
  if (!typing && input.length > 1 && !key.ctrl && !key.meta) {
    return [...input].reduce((acc, char) => routeKey(acc, {...press, input: char, key: {}}), s);
  }
  if (s.help) return {...s, help: false};
  if (s.review) {
    const {dialog, outcome} = dialogKey(s.review, input, key);
    if (outcome === 'send') return sendReview({...s, review: dialog});
    if (outcome === 'cancel') return {...s, review: null, notice: s.review.step === 'failed' ? null : 'review cancelled: nothing was sent'};
    if (outcome === 'refresh') return reducer({...s, review: null}, {type: 'refresh'});
    return {...s, review: dialog};
  }
  if (s.mode === 'search' && s.searchLine) {
    if (key.escape) return reducer(s, {type: 'cancelEdit'});
    if (key.return) return reducer(s, {type: 'setSearch', search: s.searchLine.value});
    return {...s, searchLine: editLine(s.searchLine, input, key)};
  }
  if (s.mode === 'filters' && s.filterEditor) {
    const editor = filterEditorKey(s.filterEditor, input, key);
    if (editor.outcome === 'applied') return reducer(s, {type: 'setFilters', filters: applyDraft(s.filters, editor.draft)});
    if (editor.outcome === 'cancelled') return reducer(s, {type: 'cancelEdit'});
    return {...s, filterEditor: editor};
  }
  const action = keyToAction(s.mode, input, key, {hasError: s.error !== null, pageRows});
  if (!action) return s;
  return reducer(s, action.type === 'scroll' ? {...action, max: detailMax} : action);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** "21-40 of 134 (page 2)": the rows on screen and the query's total, for the header. */
export function rangeLabel(state: BrowserState): string {
  const page = currentPage(state);
  if (!page) return `page ${state.pageIndex + 1}`;
  const offset = state.starts[state.pageIndex] ?? 0;
  const byAsset = state.pageIndex === 0 ? state.assetMatches : null;
  const count = page.reports.length - (byAsset?.added ?? 0);
  const range = count === 0 ? '0' : `${offset + 1}-${offset + count}`;
  const total = page.totalCount === null ? '' : ` of ${page.totalCount}`;
  return `${range}${total} (page ${state.pageIndex + 1})${byAsset ? ` · ${assetMatchesLabel(byAsset)}` : ''}`;
}
