import {describe, expect, it} from 'vitest';
import {initialState, rangeLabel, reducer, selectedReport, type Action, type BrowserState} from '../../../src/ui/browser/browser-state.js';
import {makePages} from '../fixtures.js';

const pages = makePages(7, 3); // pages of 3, 3, 1; cursors c1, c2

function run(state: BrowserState, ...actions: Action[]): BrowserState {
  return actions.reduce(reducer, state);
}

/** Answers the pending load with the page its cursor names, as the component would. */
function answer(state: BrowserState): BrowserState {
  const load = state.load!;
  const index = load.cursor === undefined ? 0 : Number(load.cursor.slice(1));
  return reducer(state, {type: 'loaded', generation: load.generation, pageIndex: load.pageIndex, result: pages[index]!});
}

describe('browser state', () => {
  it('starts by asking for the first page with the starting cursor', () => {
    const state = initialState({slug: 'acme', limit: 3, cursor: 'c1'});
    expect(state.load).toEqual({pageIndex: 0, cursor: 'c1', generation: 0});
    expect(state.filters).toEqual({slug: 'acme', limit: 3});
  });

  it('moves the highlight within the page and clamps at both ends', () => {
    let state = answer(initialState({slug: 'acme'}));
    state = run(state, {type: 'move', delta: 1}, {type: 'move', delta: 1}, {type: 'move', delta: 1});
    expect(state.selected).toBe(2);
    state = run(state, {type: 'move', delta: -5});
    expect(state.selected).toBe(0);
    state = run(state, {type: 'moveTo', index: 'last'});
    expect(selectedReport(state)?.id).toBe('r3');
  });

  it('fetches the next page with its cursor, then goes back to the cached page without a fetch', () => {
    let state = answer(initialState({slug: 'acme'}));
    state = reducer(state, {type: 'nextPage'});
    expect(state.load).toMatchObject({pageIndex: 1, cursor: 'c1'});
    state = answer(state);
    expect(selectedReport(state)?.id).toBe('r4');
    expect(rangeLabel(state)).toBe('4-6 of 7 (page 2)');
    state = reducer(state, {type: 'prevPage'});
    expect(state.load).toBeNull();
    expect(selectedReport(state)?.id).toBe('r1');
    state = reducer(state, {type: 'nextPage'});
    expect(state.load).toBeNull();
    expect(state.pageIndex).toBe(1);
  });

  it('says so at the last and the first page instead of fetching', () => {
    let state = answer(initialState({slug: 'acme'}));
    state = reducer(state, {type: 'prevPage'});
    expect(state.notice).toBe('this is the first page');
    state = answer(reducer(state, {type: 'nextPage'}));
    state = answer(reducer(state, {type: 'nextPage'}));
    expect(rangeLabel(state)).toBe('7-7 of 7 (page 3)');
    state = reducer(state, {type: 'nextPage'});
    expect(state.load).toBeNull();
    expect(state.notice).toBe('this is the last page');
    expect(reducer(state, {type: 'move', delta: 0}).notice).toBeNull();
  });

  it('ignores an answer to a request that a newer one replaced', () => {
    let state = answer(initialState({slug: 'acme'}));
    state = reducer(state, {type: 'nextPage'});
    const stale = state.load!;
    state = reducer(state, {type: 'prevPage'});
    state = reducer(state, {type: 'loaded', generation: stale.generation, pageIndex: 1, result: pages[1]!});
    expect(state.pages[1]).toBeUndefined();
    expect(state.pageIndex).toBe(0);
  });

  it('shows an error in place and retries the same page', () => {
    let state = answer(initialState({slug: 'acme'}));
    state = reducer(state, {type: 'nextPage'});
    state = reducer(state, {type: 'failed', generation: state.load!.generation, pageIndex: 1, message: 'upstream unavailable'});
    expect(state.error).toBe('upstream unavailable');
    expect(reducer(state, {type: 'nextPage'})).toEqual(state);
    state = reducer(state, {type: 'retry'});
    expect(state.error).toBeNull();
    expect(state.load).toMatchObject({pageIndex: 1, cursor: 'c1'});
  });

  it('refresh refetches the current page and forgets the others but keeps their cursors', () => {
    let state = answer(initialState({slug: 'acme'}));
    state = answer(reducer(state, {type: 'nextPage'}));
    state = reducer(state, {type: 'refresh'});
    expect(state.load).toMatchObject({pageIndex: 1, cursor: 'c1'});
    state = answer(state);
    state = reducer(state, {type: 'prevPage'});
    expect(state.load).toMatchObject({pageIndex: 0, cursor: undefined});
  });

  it('a new search or filter starts over from the first page', () => {
    let state = answer(initialState({slug: 'acme', status: 'TODO'}));
    state = answer(reducer(state, {type: 'nextPage'}));
    state = reducer(state, {type: 'editSearch'});
    expect(state.mode).toBe('search');
    state = reducer(state, {type: 'setSearch', search: '  wallet '});
    expect(state.filters).toEqual({slug: 'acme', status: 'TODO', search: 'wallet'});
    expect(state).toMatchObject({mode: 'table', pageIndex: 0, pages: [], cursors: [undefined]});
    expect(state.load).toMatchObject({pageIndex: 0, cursor: undefined});
    state = reducer(answer(state), {type: 'setSearch', search: ''});
    expect(state.filters).toEqual({slug: 'acme', status: 'TODO'});
    state = reducer(state, {type: 'setFilters', filters: {slug: 'acme', needsCustomerReview: true}});
    expect(state.filters).toEqual({slug: 'acme', needsCustomerReview: true});
    expect(state.load).not.toBeNull();
  });

  it('opens the highlighted report and goes back to the table', () => {
    let state = answer(initialState({slug: 'acme'}));
    state = run(state, {type: 'move', delta: 1}, {type: 'open'}, {type: 'scroll', delta: 3}, {type: 'scroll', delta: -10});
    expect(state).toMatchObject({mode: 'detail', detailScroll: 0});
    expect(selectedReport(state)?.id).toBe('r2');
    state = reducer(state, {type: 'back'});
    expect(state.mode).toBe('table');
    expect(state.selected).toBe(1);
  });

  it('[ and ] step through the reports of the page inside the detail view', () => {
    let state = run(answer(initialState({slug: 'acme'})), {type: 'open'}, {type: 'scroll', delta: 2, max: 10});
    state = reducer(state, {type: 'key', input: ']', key: {}, pageRows: 10, detailMax: 10});
    expect(state).toMatchObject({mode: 'detail', selected: 1, detailScroll: 0});
    state = run(state, {type: 'move', delta: 1}, {type: 'move', delta: 1});
    expect(state).toMatchObject({selected: 2, notice: 'this is the last report on this page'});
    state = reducer(state, {type: 'key', input: '[', key: {}, pageRows: 10, detailMax: 10});
    expect(state).toMatchObject({selected: 1, notice: null});
  });

  it('does not open anything on an empty page', () => {
    const empty = reducer(initialState({slug: 'acme'}), {type: 'loaded', generation: 0, pageIndex: 0, result: {reports: [], nextCursor: null, totalCount: 0}});
    expect(reducer(empty, {type: 'open'}).mode).toBe('table');
    expect(rangeLabel(empty)).toBe('0 of 0 (page 1)');
  });

  it('a search adds the loaded reports whose assets match, only those of the same filters', () => {
    // pages: r1-r3 (site1-3.example), r4-r6, r7; the upstream finds r5 by its title.
    let state = answer(reducer(answer(initialState({slug: 'acme'})), {type: 'nextPage'}));
    const upstream = {reports: [pages[1]!.reports[1]!], nextCursor: null, totalCount: 1};
    const search = (s: BrowserState, words: string) => {
      const next = reducer(s, {type: 'setSearch', search: words});
      return reducer(next, {type: 'loaded', generation: next.load!.generation, pageIndex: 0, result: upstream});
    };
    state = search(state, 'SITE');
    // Every loaded report but r5 (already the upstream's) leads the page; r7 was never loaded.
    expect(state.pages[0]!.reports.map(r => r.id)).toEqual(['r1', 'r2', 'r3', 'r4', 'r6', 'r5']);
    expect(rangeLabel(state)).toBe('1-1 of 1 (page 1) · 5 more by asset, from the 6 loaded reports');
    expect(search(state, 'site2.').pages[0]!.reports.map(r => r.id)).toEqual(['r2', 'r5']);
    // Other filters: those pages say nothing about the reports of the new query.
    state = reducer(state, {type: 'setFilters', filters: {slug: 'acme', status: 'CLOSED', search: 'site'}});
    state = reducer(state, {type: 'loaded', generation: state.load!.generation, pageIndex: 0, result: upstream});
    expect(state.pages[0]!.reports.map(r => r.id)).toEqual(['r5']);
    expect(rangeLabel(state)).toBe('1-1 of 1 (page 1) · 0 more by asset, from the 0 loaded reports');
    // No search, no asset rows and no label.
    state = reducer(state, {type: 'setSearch', search: ''});
    state = answer(state);
    expect(rangeLabel(state)).toBe('1-3 of 7 (page 1)');
  });
});
