import type {ListReportsFilters, ListReportsResult} from '../../api/wire/index.js';
import {formatError} from '../../output/error-banner.js';
import {sanitizeText} from '../../output/sanitize.js';
import type {Action, PendingLoad, QueryFilters} from './browser-state.js';
import type {ReviewTarget} from './queue.js';
import {classifyReviewError, type PendingReview, type ReviewProposal} from './review-state.js';

/*
 * The two things the browser's state asks to be run (a page fetch, a review), each as one
 * function from the request to the action its outcome is. The component starts them; the
 * reducer (./browser-state.ts) takes what they give back.
 */

/** Fetches one page of reports for the filters, starting at `cursor`. */
export type LoadPage = (filters: ListReportsFilters, cursor: string | undefined, signal: AbortSignal) => Promise<ListReportsResult>;

/** Failures no retry can mend: the key is rejected (exit 2) or has no access (exit 5). */
const FATAL_EXIT_CODES = new Set([2, 5]);

const errorText = (error: unknown) => sanitizeText(formatError(error).text.trimEnd(), {multiline: true});

/** Runs `state.load`: the page, or why it failed; undefined when `signal` aborted it (a newer load replaced it). */
export async function loadAction(load: PendingLoad, filters: QueryFilters, loadPage: LoadPage, signal: AbortSignal): Promise<Action | undefined> {
  try {
    const result = await loadPage({...filters, ...(load.cursor === undefined ? {} : {cursor: load.cursor})}, load.cursor, signal);
    return {type: 'loaded', generation: load.generation, pageIndex: load.pageIndex, result};
  } catch (error) {
    if (signal.aborted) return undefined;
    const {exitCode} = formatError(error);
    if (FATAL_EXIT_CODES.has(exitCode)) return {type: 'fatal', code: exitCode, message: errorText(error)};
    return {type: 'failed', generation: load.generation, pageIndex: load.pageIndex, message: errorText(error)};
  }
}

/** Sends `state.sending` once (a review is not idempotent: never cancelled or repeated from here). */
export async function reviewAction(sending: PendingReview, target: ReviewTarget, review: ReviewProposal): Promise<Action> {
  try {
    return {type: 'reviewed', outcome: await review(sending.proposalId, sending.body)};
  } catch (error) {
    const failure = classifyReviewError(error, target);
    if (failure.kind === 'credentials') return {type: 'fatal', code: 2, message: errorText(error)};
    return {type: 'reviewFailed', failure};
  }
}
