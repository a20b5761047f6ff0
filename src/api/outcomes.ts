import {ApiError, ReviewConflictError, ReviewLimitError} from '../errors.js';
import {REVIEW_LIMIT_PER_DAY, type ReviewRequest} from './wire/index.js';
import {shellCommand, shellQuote} from '../output/shell.js';

/*
 * What the calls that are not safe to repeat (report create, proposal review) tell the user
 * when they fail. A review's refusals must also be told apart (fix the ids, come back
 * tomorrow, check before resending), so each becomes its own error with the next step.
 */

/** What to tell the user when a call that is not safe to repeat may have been acted on. */
export interface UnknownOutcome {
  /** Appended to the failure: "the report may or may not have been created". */
  what: string;
  /** The next step: the command that shows whether it happened. */
  check: string;
  /** Appended when a 2xx came back unreadable: the upstream did act. */
  acted: string;
  /** The next step then: the command that shows the result, never "run again". */
  show: string;
}

export const CREATE_OUTCOME: UnknownOutcome = {
  what: 'the report may or may not have been created',
  check: 'check with `vigil reports search <asset>` before trying again',
  acted: 'the upstream did create the report',
  show: 'do not create it again: see it with `vigil reports search <asset>`',
};

const orgWords = (slug: string | undefined) => (slug === undefined ? [] : ['--org', slug]);

/** The state check for a review that may have been recorded. */
export function reviewOutcome(proposalId: string, slug: string | undefined): UnknownOutcome {
  const list = shellCommand(['vigil', 'reports', 'list', ...orgWords(slug), '--all', '--json']);
  const program = `select(any(.proposals[]?; .id == ${JSON.stringify(proposalId)}))`;
  const show = `\`${list} | jq -c ${shellQuote(program)}\``;
  return {
    what: 'the review may or may not have been recorded',
    check: `do not send it again before checking the proposal's reviewStatus: ${show}`,
    acted: 'the upstream did record the review',
    show: `do not send it again: see the proposal's reviewStatus with ${show}`,
  };
}

/** The upstream's refusals of a review, as errors a script can tell apart by exit code. */
export function reviewRefusal(error: unknown, body: ReviewRequest): unknown {
  if (!(error instanceof ApiError)) return error;
  const errorBody = {status: error.status, code: error.code, message: error.message, issues: error.issues, ...(error.details ? {details: error.details} : {})};
  if (error.status === 409) {
    return new ReviewConflictError(errorBody, `--asset-id must be the proposal's asset.id, and the proposal must still be pending; see both with \`${shellCommand(['vigil', 'reports', 'list', '--needs-customer-review', ...orgWords(body.slug), '--json'])}\``);
  }
  if (error.status === 429) {
    return new ReviewLimitError(errorBody, `every key of the organization shares ${REVIEW_LIMIT_PER_DAY} reviews per rolling 24 hours; trying again now fails the same way: review again once the oldest review of the last 24 hours is a day old`);
  }
  return error;
}
