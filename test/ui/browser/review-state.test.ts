import {describe, expect, it} from 'vitest';
import type {ListReportsResult} from '../../../src/api/wire/index.js';
import {ApiError, ContractError, InputError, OutcomeUnknownError, ReviewConflictError, ReviewLimitError, UnavailableError} from '../../../src/errors.js';
import {bindingsFor, formatFooter} from '../../../src/ui/browser/keys.js';
import {applyReview, pendingIndexes, reviewTarget, type ReviewTarget} from '../../../src/ui/browser/queue.js';
import {dialogKey, openDialog, reviewBody, type ReviewDialog} from '../../../src/ui/browser/review-dialog-state.js';
import {classifyReviewError} from '../../../src/ui/browser/review-state.js';
import {initialState, reducer, type Action, type BrowserState} from '../../../src/ui/browser/browser-state.js';
import {makeReport} from '../fixtures.js';

const waiting = (n: number) => ({id: `p${n}`, reviewStatus: 'PENDING_CUSTOMER_REVIEW', asset: {id: `${700 + n}`, type: 'URL', content: `s${n}.example`, status: 'UNKNOWN'}});
const queuePage = (cursor: string | null, ...ns: number[]): ListReportsResult => ({reports: ns.map(n => makeReport(n, {proposals: [waiting(n)]})), nextCursor: cursor, totalCount: 9});

function run(state: BrowserState, ...actions: Action[]): BrowserState {
  return actions.reduce(reducer, state);
}
const key = (input: string, k: Record<string, boolean> = {}): Action => ({type: 'key', input, key: k, pageRows: 10, detailMax: 0});
const loaded = (state: BrowserState, result: ListReportsResult): BrowserState => reducer(state, {type: 'loaded', generation: state.load!.generation, pageIndex: state.load!.pageIndex, result});

describe('the queue: which proposals wait and which one a key acts on', () => {
  it('counts the proposals awaiting the org, or every undecided one when the listing names none', () => {
    const mixed = makeReport(1, {proposals: [{...waiting(1), reviewStatus: 'PENDING'}, waiting(2), {...waiting(3), reviewStatus: 'APPROVED'}]});
    expect(pendingIndexes(mixed)).toEqual([1]);
    const plain = makeReport(2, {proposals: [{...waiting(1), reviewStatus: undefined}, {...waiting(2), reviewStatus: 'REJECTED'}, {...waiting(3), reviewStatus: 'PENDING'}]});
    expect(pendingIndexes(plain)).toEqual([0, 2]);
  });

  it('outside the queue only a proposal marked as awaiting the org counts: an unmarked one may wait for anyone', () => {
    const mixed = makeReport(1, {proposals: [{...waiting(1), reviewStatus: 'PENDING'}, waiting(2)]});
    expect(pendingIndexes(mixed, false)).toEqual([1]);
    const plain = makeReport(2, {proposals: [{...waiting(1), reviewStatus: undefined}, {...waiting(3), reviewStatus: 'PENDING'}]});
    expect(pendingIndexes(plain, false)).toEqual([]);
    expect(reviewTarget(plain, 1, false)).toEqual({reason: "proposal 2 of report r2 is not waiting for your organization's review (review: PENDING)"});
  });

  it('says why a proposal cannot be reviewed: none, decided, no id, no asset id, an asset id that is not a number', () => {
    const reason = (proposals: unknown[], index: number | undefined) => {
      const found = reviewTarget(makeReport(1, {proposals: proposals as never}), index);
      return 'reason' in found ? found.reason : 'ok';
    };
    expect(reason([], undefined)).toBe('report r1 has no proposals to review');
    expect(reason([{...waiting(1), reviewStatus: 'APPROVED'}], undefined)).toBe("report r1 has no proposal waiting for your organization's review");
    expect(reason([waiting(1), {...waiting(2), reviewStatus: 'APPROVED'}], 1)).toBe("proposal 2 of report r1 is not waiting for your organization's review (review: APPROVED)");
    expect(reason([{...waiting(1), id: ''}], 0)).toMatch(/came without an id, which the review needs/);
    expect(reason([{...waiting(1), asset: undefined}], 0)).toMatch(/came without an asset id/);
    expect(reason([{...waiting(1), asset: {id: 'ast_9'}}], 0)).toBe('proposal 1 of report r1 has asset id ast_9; the review takes a numeric asset id');
    expect(reviewTarget(makeReport(1, {proposals: [waiting(1)]}), 0)).toEqual({target: {reportId: 'r1', index: 0, proposalId: 'p1', assetId: 701, assetType: 'URL', content: 's1.example'}});
  });

  it('after a review: the proposal shows its new state, or the report leaves the page and the total shrinks', () => {
    const page: ListReportsResult = {reports: [makeReport(1, {proposals: [waiting(1), waiting(2)]}), makeReport(3, {proposals: [waiting(3)]})], nextCursor: 'c', totalCount: 5};
    const target = (reportId: string, index: number, n: number): ReviewTarget => ({reportId, index, proposalId: `p${n}`, assetId: 700 + n, assetType: 'URL', content: undefined});
    const one = applyReview(page, target('r1', 0, 1), 'APPROVED');
    expect(one.left).toBe(false);
    expect(one.remaining).toBe(1);
    expect(one.page.reports[0]!.proposals![0]!.reviewStatus).toBe('APPROVED');
    expect(one.page.totalCount).toBe(5);
    const gone = applyReview(page, target('r3', 0, 3), 'REJECTED');
    expect(gone.left).toBe(true);
    expect(gone.page.reports.map(r => r.id)).toEqual(['r1']);
    expect(gone.page.totalCount).toBe(4);
    // Any other listing keeps the report: it still matches the filters.
    const kept = applyReview(page, target('r3', 0, 3), 'REJECTED', false);
    expect(kept.left).toBe(false);
    expect(kept.page.reports.map(r => r.id)).toEqual(['r1', 'r3']);
    expect(kept.page.reports[1]!.proposals![0]!.reviewStatus).toBe('REJECTED');
    expect(kept.page.totalCount).toBe(5);
  });
});

describe('the review dialog', () => {
  const target: ReviewTarget = {reportId: 'r1', index: 0, proposalId: 'p1', assetId: 701, assetType: 'URL', content: 's1.example'};
  const keys = (dialog: ReviewDialog, ...presses: Array<[string, Record<string, boolean>?]>) =>
    presses.reduce<{dialog: ReviewDialog; outcome: string}>((acc, [input, k]) => (acc.outcome === 'open' ? dialogKey(acc.dialog, input, k ?? {}) : acc), {dialog, outcome: 'open'});

  it('approve asks for a label, a brand id and a note (all optional), then a confirmation; only the confirmation sends', () => {
    const dialog = openDialog('APPROVE', target);
    expect(dialog).toMatchObject({step: 'details', field: 'label'});
    const bare = keys(dialog, ['', {return: true}]);
    expect(bare).toMatchObject({outcome: 'open', dialog: {step: 'confirm'}});
    expect(reviewBody(bare.dialog, 'acme')).toEqual({assetId: 701, decision: 'APPROVE', slug: 'acme'});
    const confirm = keys(dialog, ['phishing'], ['', {tab: true}], ['42'], ['', {downArrow: true}], ['ok'], ['', {return: true}]);
    expect(confirm).toMatchObject({outcome: 'open', dialog: {step: 'confirm'}});
    expect(keys(confirm.dialog, ['y']).outcome).toBe('send');
    expect(reviewBody(confirm.dialog, 'acme')).toEqual({assetId: 701, decision: 'APPROVE', slug: 'acme', label: 'phishing', brandId: 42, note: 'ok'});
    // ↑ from the label goes round to the note.
    expect(keys(dialog, ['', {upArrow: true}]).dialog.field).toBe('note');
  });

  it('a brand id that is not a positive whole number stays in the fields, says why, and sends nothing', () => {
    const typed = keys(openDialog('APPROVE', target), ['', {tab: true}], ['3x'], ['', {return: true}]);
    expect(typed).toMatchObject({outcome: 'open', dialog: {step: 'details', field: 'brand', problem: 'brand id must be a whole number at least 1 (got "3x")'}});
    const fixed = keys(typed.dialog, ['', {backspace: true}], ['', {return: true}]);
    expect(fixed.dialog).toMatchObject({step: 'confirm', problem: null});
    expect(reviewBody(fixed.dialog, undefined)).toEqual({assetId: 701, decision: 'APPROVE', brandId: 3});
  });

  it('reject and watchlist ask for a reason first, and send only the reason of their decision', () => {
    const reject = keys(openDialog('REJECT', target), ['j'], ['j'], ['', {return: true}], ['', {return: true}]);
    expect(reviewBody(reject.dialog, undefined)).toEqual({assetId: 701, decision: 'REJECT', rejectReason: 'insufficient_evidence'});
    const watch = keys(openDialog('WATCHLIST', target), ['k'], ['', {return: true}], ['', {return: true}]);
    expect(reviewBody(watch.dialog, undefined)).toEqual({assetId: 701, decision: 'WATCHLIST', watchlistReason: 'OTHER'});
  });

  it('at the confirmation only y sends: Enter, pressed once more from the fields, does not', () => {
    const confirm = keys(openDialog('APPROVE', target), ['', {return: true}]);
    expect(confirm.dialog.step).toBe('confirm');
    expect(keys(confirm.dialog, ['', {return: true}])).toEqual({dialog: confirm.dialog, outcome: 'open'});
    expect(keys(confirm.dialog, ['', {return: true}], ['', {return: true}], ['y']).outcome).toBe('send');
  });

  it('esc cancels before sending; while sending no key does anything', () => {
    expect(keys(openDialog('REJECT', target), ['', {escape: true}]).outcome).toBe('cancel');
    expect(keys(openDialog('APPROVE', target), ['', {return: true}], ['n']).outcome).toBe('cancel');
    const sending = keys(openDialog('APPROVE', target), ['', {return: true}], ['y']).dialog;
    expect(sending.step).toBe('sending');
    expect(keys(sending, ['', {escape: true}], ['y'], ['q'])).toEqual({dialog: sending, outcome: 'open'});
  });
});

describe('review actions over the browser state', () => {
  function queueOnPage2(): BrowserState {
    let state = loaded(initialState({slug: 'acme', limit: 2, needsCustomerReview: true}), queuePage('c1', 1, 2));
    state = loaded(reducer(state, {type: 'nextPage'}), queuePage('c2', 3, 4));
    state = loaded(reducer(state, {type: 'nextPage'}), queuePage(null, 5));
    return reducer(state, {type: 'prevPage'});
  }

  it('a success updates this page at once, drops the later pages, and refetches this one with its cursor', () => {
    let state = queueOnPage2();
    expect(state.pageIndex).toBe(1);
    state = run(state, key('a'), key('', {return: true}), key('y'));
    expect(state.sending).toEqual({proposalId: 'p3', body: {assetId: 703, decision: 'APPROVE', slug: 'acme'}});
    state = reducer(state, {type: 'reviewed', outcome: {proposalId: 'p3', reviewStatus: 'APPROVED'}});
    expect(state.pages[1]!.reports.map(r => r.id)).toEqual(['r4']);
    expect(state.pages).toHaveLength(2);
    expect(state.cursors).toEqual([undefined, 'c1']);
    expect(state.load).toMatchObject({pageIndex: 1, cursor: 'c1'});
    expect(state.notice).toBe('✓ report r3 left the queue: approved proposal p3 (s3.example)');
    state = loaded(state, queuePage('c3', 4, 5));
    state = reducer(state, {type: 'nextPage'});
    expect(state.load).toMatchObject({pageIndex: 2, cursor: 'c3'});
  });

  it('a page emptied by reviews gives way to the page before it', () => {
    let state = run(queueOnPage2(), key('a'), key('', {return: true}), key('y'));
    state = reducer(state, {type: 'reviewed', outcome: {proposalId: 'p3'}});
    state = loaded(state, {reports: [], nextCursor: null, totalCount: 2});
    expect(state.pageIndex).toBe(0);
    expect(state.notice).toBe('page 2 is empty now');
    expect(state.load).toMatchObject({pageIndex: 0, cursor: undefined});
  });

  it('after the daily limit no dialog opens, and the footer says the keys are off', () => {
    let state = run(queueOnPage2(), key('x'), key('', {return: true}), key('', {return: true}), key('y'));
    state = reducer(state, {type: 'reviewFailed', failure: {kind: 'limit', message: 'Review limit of 10 per day reached for this organization.', hint: ''}});
    state = run(state, key('', {escape: true}), key('a'));
    expect(state.review).toBeNull();
    expect(state.notice).toMatch(/^reviews are off: Review limit of 10 per day/);
    const footer = formatFooter(bindingsFor({mode: 'table', hasError: false, queue: true, reviewsOff: state.reviewsOff}));
    expect(footer).toContain('a/x/w off (see ?)');
  });

  it('fits the footer to the width, keeping ? help and q quit', () => {
    const bindings = bindingsFor({mode: 'table', hasError: false, queue: true});
    const footer = formatFooter(bindings, 79);
    expect(footer.length).toBeLessThanOrEqual(79);
    expect(footer).toMatch(/^↑↓\/jk move · enter open · a approve · x reject · w watchlist .*· \? help · q quit$/);
    expect(footer).not.toContain('g/G');
  });
});

describe('review errors, in the reviewer\'s words', () => {
  const target: ReviewTarget = {reportId: 'r1', index: 0, proposalId: 'p1', assetId: 701, assetType: 'URL', content: undefined};
  const body = (status: number, code: string) => ({status, code, message: `${code} message`, issues: []});
  it.each([
    [new ReviewConflictError(body(409, 'CONFLICT'), 'x'), 'conflict'],
    [new ReviewLimitError(body(429, 'TOO_MANY_REQUESTS'), 'x'), 'limit'],
    [new ApiError(body(401, 'UNAUTHORIZED')), 'credentials'],
    [new ApiError(body(403, 'FORBIDDEN')), 'forbidden'],
    [new ApiError(body(404, 'NOT_FOUND')), 'refused'],
    [new OutcomeUnknownError('timed out after sending', 'check', undefined), 'unknown-outcome'],
    [new UnavailableError('connect ECONNREFUSED'), 'refused'],
    [new TypeError('boom'), 'unknown-outcome'],
    [new ContractError('POST organization/proposals/1/review', ['proposal: required']), 'unknown-outcome'],
    [new InputError([{field: 'assetId', message: 'must be a positive number'}]), 'refused'],
  ])('%s is %s', (error, kind) => {
    expect(classifyReviewError(error, target).kind).toBe(kind);
  });
});
