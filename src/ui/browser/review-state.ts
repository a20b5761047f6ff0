import type {Report} from '../../api/wire/index.js';
import {ApiError, CredentialsError, InputError, OutcomeUnknownError, ReviewConflictError, ReviewLimitError, UnavailableError} from '../../errors.js';
import {sanitizeText} from '../../output/sanitize.js';
import {applyReview, firstPending, pendingIndexes, reviewTarget, statusAfter, type Decision, type ReviewTarget} from './queue.js';
import {openDialog, reviewBody, type ReviewBody, type ReviewFailure} from './review-dialog-state.js';
import type {BrowserState} from './browser-state.js';

/*
 * The review actions of the browser over its state: open the dialog on the proposal a key
 * acts on (or say why it cannot), apply a success to the cached page, keep a failure in
 * place. Pure; the component sends the request that `state.sending` describes.
 */

/** A review the component must send (once: it is not idempotent). */
export interface PendingReview {
  proposalId: string;
  body: ReviewBody;
}

/** The answer of the review operation the browser reads (the rest may be absent). */
export interface ReviewOutcome {
  proposalId: string;
  reviewStatus?: string;
  watchlisted?: boolean;
}

/** Sends one review. Injected: the API client's reviewProposal in the command, a fake in tests. */
export type ReviewProposal = (proposalId: string, body: ReviewBody) => Promise<ReviewOutcome>;

/**
 * The needs-customer-review queue: every row awaits the organization, the table shows the
 * ids the keys act on, and a reviewed report leaves. Elsewhere the review keys act on a
 * proposal marked as awaiting the organization, and the report stays.
 */
export function inQueue(state: BrowserState): boolean {
  return state.filters.needsCustomerReview === true;
}

const page = (s: BrowserState) => s.pages[s.pageIndex];
const report = (s: BrowserState) => page(s)?.reports[s.selected];

/** The proposal the review keys act on: the one picked in the detail view, else the first pending. */
export function actingProposal(s: BrowserState): number | undefined {
  const current = report(s);
  if (!current) return undefined;
  if (s.mode === 'detail' && s.proposal !== null) return s.proposal;
  return firstPending(current, inQueue(s));
}

/** The highlighted report has a proposal awaiting the organization: the review keys act on it. */
export function canReview(s: BrowserState): boolean {
  const current = report(s);
  return current !== undefined && pendingIndexes(current, inQueue(s)).length > 0;
}

/** Tab (delta) or a digit (index) in the detail view: which proposal the keys act on. */
export function pickProposal(s: BrowserState, choice: {delta: number} | {index: number}): BrowserState {
  const count = report(s)?.proposals?.length ?? 0;
  if (count === 0) return {...s, notice: 'this report has no proposals'};
  const from = actingProposal(s) ?? -1;
  const next = 'index' in choice ? choice.index : (((from + choice.delta) % count) + count) % count;
  if (next >= count) return {...s, notice: `this report has ${count} proposal${count === 1 ? '' : 's'}`};
  return {...s, proposal: next};
}

/** a / x / w: the dialog, or a notice saying why the key is off. */
export function startReview(s: BrowserState, decision: Decision): BrowserState {
  if (s.reviewsOff) return {...s, notice: `reviews are off: ${s.reviewsOff}`};
  if (s.load && !page(s)) return s;
  const current = report(s);
  if (!current) return {...s, notice: 'no report selected'};
  const found = reviewTarget(current, actingProposal(s), inQueue(s));
  if ('reason' in found) return {...s, notice: `cannot review: ${found.reason}`};
  return {...s, review: openDialog(decision, found.target)};
}

/** The dialog's confirmation: ask the component to send the review. */
export function sendReview(s: BrowserState): BrowserState {
  if (!s.review) return s;
  return {...s, sending: {proposalId: s.review.target.proposalId, body: reviewBody(s.review, s.filters.slug)}};
}

/**
 * A review went through: the proposal shows its new state at once, in the queue a report
 * with nothing left to review leaves the page, and the page is fetched again in the background so the
 * rows after it move up and the totals and cursors stay right (later cached pages are
 * dropped: their first rows may now belong to this page).
 */
export function reviewSucceeded(s: BrowserState, outcome: ReviewOutcome): BrowserState {
  const dialog = s.review;
  const shown = page(s);
  if (!dialog || !shown) return {...s, review: null, sending: null};
  const status = outcome.reviewStatus ? outcome.reviewStatus : statusAfter(dialog.decision);
  const queue = inQueue(s);
  const result = applyReview(shown, dialog.target, status, queue);
  const pages = s.pages.slice(0, s.pageIndex + 1);
  pages[s.pageIndex] = result.page;
  const count = result.page.reports.length;
  const generation = s.generation + 1;
  // One footer line, cut at the end: what happened to the queue first, the asset last.
  const what = `${PAST[dialog.decision]} proposal ${sanitizeText(dialog.target.proposalId)} (${describeAsset(dialog.target)})`;
  const which = `report ${sanitizeText(dialog.target.reportId)}`;
  const after = result.left
    ? `${which} left the queue`
    : queue || result.remaining > 0
      ? `${which} has ${result.remaining} proposal${result.remaining === 1 ? '' : 's'} left`
      : `${which} has no proposal left for your review`;
  return {
    ...s,
    pages,
    cursors: s.cursors.slice(0, s.pageIndex + 1),
    selected: Math.min(s.selected, Math.max(0, count - 1)),
    proposal: null,
    detailScroll: result.left ? 0 : s.detailScroll,
    mode: s.mode === 'detail' && count === 0 ? 'table' : s.mode,
    review: null,
    sending: null,
    generation,
    load: {pageIndex: s.pageIndex, cursor: s.cursors[s.pageIndex], generation},
    notice: `✓ ${after}: ${what}`,
  };
}

const PAST: Record<Decision, string> = {APPROVE: 'approved', REJECT: 'rejected', WATCHLIST: 'watchlisted'};

/** The dialog shows the failure in place; after the daily limit the keys stay off. */
export function reviewFailed(s: BrowserState, failure: ReviewFailure): BrowserState {
  if (!s.review) return {...s, sending: null};
  const reviewsOff = failure.kind === 'limit' ? `${failure.message} (no review was recorded)` : s.reviewsOff;
  return {...s, sending: null, reviewsOff, review: {...s.review, step: 'failed', failure}};
}

function describeAsset(target: ReviewTarget): string {
  return target.content ? sanitizeText(target.content) : `asset ${target.assetId}`;
}

/** How many proposals of a report wait, for the confirmation ("2 waiting"). */
export function pendingCount(current: Report, queue: boolean): number {
  return pendingIndexes(current, queue).length;
}

/**
 * What went wrong with a review, and what to do: the upstream refusing it (409, 429, 403,
 * 400, 404) recorded nothing; a failure after the request left may have recorded it, and a
 * review is never retried on its own, so the reviewer is told how to check.
 */
export function classifyReviewError(error: unknown, target: ReviewTarget): ReviewFailure {
  const message = sanitizeText(error instanceof Error ? error.message : String(error));
  const proposal = sanitizeText(target.proposalId);
  if (error instanceof CredentialsError || (error instanceof ApiError && error.status === 401)) {
    return {kind: 'credentials', message, hint: 'the API key was rejected; check it with `vigil auth status`'};
  }
  if (error instanceof ReviewConflictError) {
    return {kind: 'conflict', message, hint: `nothing was recorded: the listing is out of date (asset ${target.assetId} is no longer proposal ${proposal}'s, or the proposal was reviewed elsewhere). Press r to refresh the page, then review again.`};
  }
  if (error instanceof ReviewLimitError) {
    return {kind: 'limit', message, hint: 'nothing was recorded. The limit counts the last 24 hours for every key of the organization: the review keys are off for the rest of this session.'};
  }
  if (error instanceof ApiError && error.status === 403) {
    return {kind: 'forbidden', message, hint: "nothing was recorded: this key may not review that organization's proposals. Retrying will not help; use a key with access."};
  }
  if (error instanceof ApiError && error.status < 500) {
    const hint = error.status === 404 ? 'nothing was recorded: the proposal is gone. Press r to refresh the page.' : 'nothing was recorded. Press r to refresh the page.';
    return {kind: 'refused', message, hint};
  }
  if (error instanceof InputError || (error instanceof UnavailableError && !(error instanceof OutcomeUnknownError))) {
    // Refused before anything was sent: the body did not validate, or no connection was made.
    return {kind: 'refused', message, hint: `nothing was recorded. ${error.hint ? sanitizeText(error.hint) : ''}`.trim()};
  }
  // A 5xx or a lost answer (OutcomeUnknownError), a 200 that did not parse, a bug: it may have acted.
  return {
    kind: 'unknown-outcome',
    // The client's own message already says the review may or may not have been recorded.
    message: error instanceof OutcomeUnknownError ? message : `the review of proposal ${proposal} may have been recorded: ${message}`,
    hint: `it was not retried (a review is not idempotent). Press r to refresh the page: if proposal ${proposal} no longer waits, the review went through; if it still does, review it again.`,
  };
}
