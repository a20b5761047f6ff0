import {REVIEW_LIMIT_MESSAGE, reviewRequestSchema, type ProposalDecision, type ReviewRequest} from '../api/wire/index.js';
import {issuesOf, SandboxHttpError} from './http-errors.js';
import {authorizeOrg, type Access} from './keys.js';
import type {AssetStatus} from '../api/enums.js';
import type {ProposalReviewStatus} from './model.js';
import type {Store} from './store.js';
import type {ReviewResponse} from './schemas.js';

const DAY = 24 * 3_600_000;

/**
 * What each decision does to the proposal. docs/contract.md#reviewing-a-proposal: after a review reviewStatus is
 * APPROVED or REJECTED. A watchlisted asset is not blocked, only watched, so WATCHLIST
 * reads as REJECTED with `watchlisted: true`; the asset keeps its status.
 */
const OUTCOMES: Record<ProposalDecision, {reviewStatus: ProposalReviewStatus; assetStatus?: AssetStatus; watchlisted: boolean}> = {
  APPROVE: {reviewStatus: 'APPROVED', assetStatus: 'BLOCKED', watchlisted: false},
  REJECT: {reviewStatus: 'REJECTED', assetStatus: 'ALLOWED', watchlisted: false},
  WATCHLIST: {reviewStatus: 'REJECTED', watchlisted: true},
};

export interface ReviewInput {
  access: Access;
  /** The path parameter, as sent. */
  proposalId: string;
  body: unknown;
  /** Epoch ms. */
  now: number;
  /** Reviews per org per rolling 24 hours. */
  limit: number;
}

/**
 * POST /organization/proposals/{id}/review, checked in this order: body (400), proposal
 * (404, also for one the key cannot see), slug (403/404), state (409), daily limit (429). A refused review never counts
 * toward the limit; an accepted one changes the proposal at once, so the listing's
 * needsCustomerReview filter sees it.
 */
export function reviewProposal(store: Store, input: ReviewInput): ReviewResponse {
  const body = parseReviewBody(input.body);
  const id = /^\d{1,15}$/.test(input.proposalId) ? Number(input.proposalId) : Number.NaN;
  const found = store.findProposal(id);
  // A proposal the key cannot see is answered as one that does not exist, slug or not: a
  // 403 would tell a scoped key which ids exist in other organizations.
  if (!found || (input.access.kind === 'org' && input.access.slug !== found.report.orgSlug)) throw notFound(input.proposalId);
  const {report, proposal} = found;
  // A slug names the org the caller means; a proposal of another org is not in it.
  if (body.slug !== undefined) {
    authorizeOrg(input.access, body.slug, slug => store.findOrg(slug));
    if (body.slug !== report.orgSlug) throw notFound(input.proposalId, body.slug);
  }
  if (body.assetId !== proposal.asset.id) {
    throw conflict(`assetId ${body.assetId} is not the asset of proposal ${proposal.id} (its asset.id is ${proposal.asset.id})`);
  }
  if (proposal.reviewStatus !== 'PENDING_CUSTOMER_REVIEW') {
    throw conflict(notAwaitingYou(proposal.id, proposal.reviewStatus));
  }
  if (store.reviewsSince(report.orgSlug, input.now - DAY).length >= input.limit) {
    throw new SandboxHttpError(429, {message: REVIEW_LIMIT_MESSAGE(input.limit), code: 'TOO_MANY_REQUESTS'});
  }

  const outcome = OUTCOMES[body.decision];
  proposal.reviewStatus = outcome.reviewStatus;
  if (outcome.assetStatus) proposal.asset.status = outcome.assetStatus;
  report.updatedAt = input.now;
  const record = store.recordReview(report.orgSlug, proposal.id, input.now);
  return {
    proposal: {id: proposal.id, reviewStatus: proposal.reviewStatus, asset: {...proposal.asset}},
    review: {
      id: record.id,
      decision: body.decision,
      label: body.label ?? null,
      brandId: body.brandId ?? null,
      comment: body.note ?? null,
      createdAt: new Date(input.now).toISOString(),
    },
    watchlisted: outcome.watchlisted,
  };
}

/** 400 in the documented `{message, code}` shape; the message names every wrong field. */
function parseReviewBody(value: unknown): ReviewRequest {
  // No body at all: name each required field rather than "expected object".
  const result = reviewRequestSchema().safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = issuesOf(result.error);
  throw new SandboxHttpError(400, {message: `Invalid review: ${issues.map(issue => issue.message).join('; ')}`, code: 'BAD_REQUEST', issues});
}

function notFound(proposalId: string, slug?: string): SandboxHttpError {
  const where = slug === undefined ? '' : ` in organization "${slug}"`;
  return new SandboxHttpError(404, {message: `Proposal ${JSON.stringify(proposalId)} not found${where}`, code: 'NOT_FOUND'});
}

function conflict(message: string): SandboxHttpError {
  return new SandboxHttpError(409, {message, code: 'CONFLICT'});
}

/**
 * Why a proposal is not the caller's to review, saying whose it is: "not awaiting review
 * (reviewStatus PENDING)" read as a contradiction, since PENDING is pending the platform.
 */
function notAwaitingYou(id: number, status: string): string {
  if (status === 'PENDING') return `Proposal ${id} is not awaiting your review: it awaits the platform's analysts (reviewStatus PENDING; only PENDING_CUSTOMER_REVIEW is yours to review)`;
  return `Proposal ${id} is not awaiting your review: it was already reviewed (reviewStatus ${status})`;
}
