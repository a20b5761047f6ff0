import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {ListReportsFilters, ListReportsResult} from '../../../src/api/wire/index.js';
import type {LoadPage} from '../../../src/ui/browser/browser-effects.js';
import {Browser} from '../../../src/ui/browser/browser.js';
import type {ReviewProposal} from '../../../src/ui/browser/review-state.js';
import {makePages, makeReport} from '../fixtures.js';
import {KEYS, fakeEnd, press, settled, SETTLE} from '../helpers.js';

const pages = makePages(7, 3);

/** Serves `pages` by cursor and records every request the browser makes. */
function fakeLoader(source: ListReportsResult[] = pages) {
  const calls: Array<{filters: ListReportsFilters; cursor: string | undefined}> = [];
  const loadPage: LoadPage = async (filters, cursor) => {
    calls.push({filters, cursor});
    return source[cursor === undefined ? 0 : Number(cursor.slice(1))]!;
  };
  return {calls, loadPage};
}

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanup) fn();
  cleanup = [];
});

/** Outside the review queue nothing may be reviewed: a call fails the test. */
const noReview: ReviewProposal = async () => {
  throw new Error('a review was sent outside the review queue');
};

async function mount(loadPage: LoadPage, filters: ListReportsFilters = {slug: 'acme', limit: 3}) {
  const end = fakeEnd();
  const app = await settled(() => render(<Browser filters={filters} loadPage={loadPage} review={noReview} end={end} />));
  cleanup.push(() => app.unmount());
  return {...app, end, frame: () => app.lastFrame() ?? ''};
}

describe('review browser', () => {
  it('shows the first page with org, filters, range and key bindings, first row highlighted', async () => {
    const {loadPage, calls} = fakeLoader();
    const app = await mount(loadPage, {slug: 'acme', limit: 3, status: 'TODO'});
    await vi.waitFor(() => expect(app.frame()).toContain('r1'), SETTLE);
    const frame = app.frame();
    expect(frame).toContain('vigil reports · org acme · --status TODO');
    expect(frame).toContain('Showing 1-3 of 7 (page 1)');
    // Every row is TODO under --status TODO: the column would say nothing, the note says it once.
    expect(frame).toMatch(/ID\s+TITLE\s+ASSETS\s+CREATED/);
    expect(frame).toMatch(/› r1\s+Phishing site number 1/);
    expect(frame).toContain('every row: STATUS TODO');
    expect(frame).toContain('enter open · n/p next/prev page · / search · f filters · r refresh · ? help · q quit');
    expect(calls).toEqual([{filters: {slug: 'acme', limit: 3, status: 'TODO'}, cursor: undefined}]);
  });

  it('moves the highlight with arrows and j/k', async () => {
    const app = await mount(fakeLoader().loadPage);
    await vi.waitFor(() => expect(app.frame()).toContain('r1'), SETTLE);
    app.stdin.write('j');
    await vi.waitFor(() => expect(app.frame()).toMatch(/› r2/), SETTLE);
    app.stdin.write(KEYS.down);
    await vi.waitFor(() => expect(app.frame()).toMatch(/› r3/), SETTLE);
    await press(app, 'k');
    app.stdin.write(KEYS.up);
    await vi.waitFor(() => expect(app.frame()).toMatch(/› r1/), SETTLE);
  });

  it('pages forward with n and back with p, from the cache', async () => {
    const {loadPage, calls} = fakeLoader();
    const app = await mount(loadPage);
    await vi.waitFor(() => expect(app.frame()).toContain('r1'), SETTLE);
    app.stdin.write('n');
    await vi.waitFor(() => expect(app.frame()).toContain('Showing 4-6 of 7 (page 2)'), SETTLE);
    expect(app.frame()).toMatch(/› r4/);
    expect(calls.map(call => call.cursor)).toEqual([undefined, 'c1']);
    expect(calls[1]!.filters.cursor).toBe('c1');
    app.stdin.write('n');
    await vi.waitFor(() => expect(app.frame()).toContain('Showing 7-7 of 7 (page 3)'), SETTLE);
    app.stdin.write('n');
    await vi.waitFor(() => expect(app.frame()).toContain('this is the last page'), SETTLE);
    await press(app, 'p');
    app.stdin.write('p');
    await vi.waitFor(() => expect(app.frame()).toContain('Showing 1-3 of 7 (page 1)'), SETTLE);
    expect(calls).toHaveLength(3);
  });

  it('opens the detail view with enter and goes back with esc', async () => {
    const app = await mount(fakeLoader().loadPage);
    await vi.waitFor(() => expect(app.frame()).toContain('r1'), SETTLE);
    await press(app, 'j');
    app.stdin.write(KEYS.enter);
    await vi.waitFor(() => expect(app.frame()).toContain('Report r2 · TODO'), SETTLE);
    const detail = app.frame();
    expect(detail).toContain('Description of report 2');
    expect(detail).toContain('proposal: p2  review: PENDING');
    expect(detail).toContain('asset: a2  type: URL  status: BLOCKED');
    expect(detail).toContain('esc back');
    app.stdin.write(']');
    await vi.waitFor(() => expect(app.frame()).toContain('Report r3 · TODO'), SETTLE);
    app.stdin.write('[');
    await vi.waitFor(() => expect(app.frame()).toContain('Report r2 · TODO'), SETTLE);
    app.stdin.write(KEYS.escape);
    await vi.waitFor(() => expect(app.frame()).toMatch(/› r2/), SETTLE);
  });

  it('scrolls a long detail view within the terminal height', async () => {
    const many = Array.from({length: 30}, (_, i) => ({id: `prop${i}`, reviewStatus: 'PENDING', asset: {id: `asset${i}`, type: 'URL', content: `x${i}.example`, status: 'BLOCKED'}}));
    const app = await mount(async () => ({reports: [makeReport(1, {proposals: many})], nextCursor: null, totalCount: 1}));
    await vi.waitFor(() => expect(app.frame()).toContain('r1'), SETTLE);
    app.stdin.write(KEYS.enter);
    await vi.waitFor(() => expect(app.frame()).toContain('Report r1'), SETTLE);
    expect(app.frame()).not.toContain('prop29');
    app.stdin.write('j'.repeat(200));
    await vi.waitFor(() => expect(app.frame()).toContain('prop29'), SETTLE);
    app.stdin.write('k');
    await vi.waitFor(() => expect(app.frame()).toContain('prop29'), SETTLE);
  });

  it('edits the search with / and starts over from the first page', async () => {
    const {loadPage, calls} = fakeLoader();
    const app = await mount(loadPage);
    await vi.waitFor(() => expect(app.frame()).toContain('r1'), SETTLE);
    app.stdin.write('n');
    await vi.waitFor(() => expect(app.frame()).toContain('page 2'), SETTLE);
    app.stdin.write('/');
    await vi.waitFor(() => expect(app.frame()).toContain('Search:'), SETTLE);
    await press(app, 'quick wallet');
    app.stdin.write(KEYS.enter);
    await vi.waitFor(() => expect(calls).toHaveLength(3), SETTLE);
    expect(calls[2]).toEqual({filters: {slug: 'acme', limit: 3, search: 'quick wallet'}, cursor: undefined});
    await vi.waitFor(() => expect(app.frame()).toContain("--search 'quick wallet'"), SETTLE);
    expect(app.end.codes).toEqual([]);
  });

  it('keeps keys typed faster than the screen redraws: "/wallet⏎" in one chunk', async () => {
    const {loadPage, calls} = fakeLoader();
    const app = await mount(loadPage);
    await vi.waitFor(() => expect(app.frame()).toContain('r1'), SETTLE);
    app.stdin.write('/wallet\r');
    await vi.waitFor(() => expect(calls).toHaveLength(2), SETTLE);
    expect(calls[1]!.filters.search).toBe('wallet');
    app.stdin.write('f');
    app.stdin.write('l');
    app.stdin.write('\r');
    await vi.waitFor(() => expect(calls).toHaveLength(3), SETTLE);
    expect(calls[2]!.filters).toEqual({slug: 'acme', limit: 3, search: 'wallet', status: 'TODO'});
  });

  it('/ also finds reports by asset among the reports loaded, and says where they come from', async () => {
    const wallet = makeReport(2, {title: 'Fake support channel', proposals: [
      {id: 'p2', reviewStatus: 'PENDING', asset: {id: 'a2', type: 'TELEGRAM', content: 't.me/acmewalletsupport', status: 'BLOCKED'}},
    ]});
    const first: ListReportsResult = {reports: [makeReport(1), wallet, makeReport(3)], nextCursor: null, totalCount: 3};
    // The upstream's search reads titles and descriptions only (docs/contract.md): no hit.
    const calls: ListReportsFilters[] = [];
    const loadPage: LoadPage = async filters => {
      calls.push(filters);
      return filters.search ? {reports: [], nextCursor: null, totalCount: 0} : first;
    };
    const app = await mount(loadPage);
    await vi.waitFor(() => expect(app.frame()).toContain('r3'), SETTLE);
    app.stdin.write('/');
    await vi.waitFor(() => expect(app.frame()).toContain('assets: of loaded reports only'), SETTLE);
    app.stdin.write('AcmeWallet\r');
    await vi.waitFor(() => expect(calls).toHaveLength(2), SETTLE);
    expect(calls[1]!.search).toBe('AcmeWallet');
    await vi.waitFor(() => expect(app.frame()).toContain('Showing 0 of 0 (page 1) · 1 more by asset, from the 3 loaded reports'), SETTLE);
    expect(app.frame()).toMatch(/› r2 .*Fake support channel .*t\.me\/acmewallet/);
    expect(app.frame()).not.toContain('r1 ');
    expect(app.frame()).not.toContain('No reports match');
  });

  it('esc leaves the search unchanged', async () => {
    const {loadPage, calls} = fakeLoader();
    const app = await mount(loadPage);
    await vi.waitFor(() => expect(app.frame()).toContain('r1'), SETTLE);
    await press(app, '/');
    await press(app, 'abc');
    await press(app, KEYS.escape);
    expect(app.frame()).not.toContain('Search:');
    expect(app.frame()).toContain('no filters');
    expect(calls).toHaveLength(1);
  });

  it('edits filters with f and refetches with them', async () => {
    const {loadPage, calls} = fakeLoader();
    const app = await mount(loadPage);
    await vi.waitFor(() => expect(app.frame()).toContain('r1'), SETTLE);
    app.stdin.write('f');
    await vi.waitFor(() => expect(app.frame()).toContain('Needs customer review'), SETTLE);
    await press(app, KEYS.right); // status TODO
    await press(app, KEYS.down);
    await press(app, ' '); // APPROVE
    await press(app, KEYS.down);
    await press(app, KEYS.right); // needs customer review yes
    await press(app, KEYS.down);
    await press(app, KEYS.right); // reporter kind human
    app.stdin.write(KEYS.enter);
    await vi.waitFor(() => expect(calls).toHaveLength(2), SETTLE);
    expect(calls[1]!.filters).toEqual({slug: 'acme', limit: 3, status: 'TODO', reviewStatus: ['APPROVE'], needsCustomerReview: true, reporterKind: 'human'});
    await vi.waitFor(() => expect(app.frame()).toContain('PROPOSAL/ASSET'), SETTLE);
    expect(app.frame()).toMatch(/› r1 .* p1\/a1/);
  });

  it('r refreshes the current page', async () => {
    const {loadPage, calls} = fakeLoader();
    const app = await mount(loadPage);
    await vi.waitFor(() => expect(app.frame()).toContain('r1'), SETTLE);
    app.stdin.write('r');
    await vi.waitFor(() => expect(calls).toHaveLength(2), SETTLE);
    expect(calls[1]!.cursor).toBeUndefined();
  });

  it('shows a spinner while loading, an error in place, and retries with r', async () => {
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>(resolve => (release = resolve));
    const app = await mount(async () => {
      await gate;
      if (fail) throw new Error('connect ECONNREFUSED \u001b[31m127.0.0.1');
      return pages[0]!;
    });
    await vi.waitFor(() => expect(app.frame()).toContain('Loading page 1…'), SETTLE);
    release();
    await vi.waitFor(() => expect(app.frame()).toContain('Could not load page 1'), SETTLE);
    expect(app.frame()).toContain('ECONNREFUSED 127.0.0.1');
    expect(app.frame()).not.toContain('\u001b[31m');
    expect(app.frame()).toContain('r retry');
    fail = false;
    app.stdin.write('r');
    await vi.waitFor(() => expect(app.frame()).toContain('› r1'), SETTLE);
  });

  it('reflows the table when the terminal is resized', async () => {
    const app = await mount(fakeLoader().loadPage);
    await vi.waitFor(() => expect(app.frame()).toContain('CREATED'), SETTLE);
    Object.defineProperty(app.stdout, 'columns', {value: 50, configurable: true});
    app.stdout.emit('resize');
    await vi.waitFor(() => expect(app.frame()).not.toContain('CREATED'), SETTLE);
    expect(app.frame()).toMatch(/› r1/);
  });

  it('q quits with exit code 0 after the last frame', async () => {
    const app = await mount(fakeLoader().loadPage);
    await vi.waitFor(() => expect(app.frame()).toContain('r1'), SETTLE);
    app.stdin.write('q');
    await vi.waitFor(() => expect(app.end.codes).toEqual([0]), SETTLE);
    expect(app.end.interrupts).toBe(0);
    expect(app.frame()).toContain('r1');
  });

  it('Ctrl+C interrupts (exit 130) from the table, the search and the filters', async () => {
    for (const open of ['', '/', 'f']) {
      const app = await mount(fakeLoader().loadPage);
      await vi.waitFor(() => expect(app.frame()).toContain('r1'), SETTLE);
      if (open) await press(app, open);
      app.stdin.write(KEYS.ctrlC);
      await vi.waitFor(() => expect(app.end.interrupts).toBe(1), SETTLE);
      expect(app.end.codes).toEqual([]);
    }
  });

  it('Ctrl+C typed in one chunk with other keys interrupts too', async () => {
    const app = await mount(fakeLoader().loadPage);
    await vi.waitFor(() => expect(app.frame()).toContain('r1'), SETTLE);
    app.stdin.write('/abc\u0003');
    await vi.waitFor(() => expect(app.end.interrupts).toBe(1), SETTLE);
  });

  it('Ctrl+C while a page is loading interrupts too', async () => {
    const app = await mount(() => new Promise(() => {}));
    app.stdin.write(KEYS.ctrlC);
    await vi.waitFor(() => expect(app.end.interrupts).toBe(1), SETTLE);
  });
});
