import * as z from 'zod';
import {memo} from '../../memo.js';

/*
 * POST /organization/proposals/{proposalId}/review (docs/contract.md#reviewing-a-proposal): one decision on one
 * proposal of the needs-customer-review queue. The request schema is what vigil sends and
 * what the sandbox accepts; the response is read tolerantly, since only proposal.id and
 * proposal.reviewStatus matter to vigil and the rest may be absent or reshaped.
 */

export const PROPOSAL_DECISIONS = ['APPROVE', 'REJECT', 'WATCHLIST'] as const;
export type ProposalDecision = (typeof PROPOSAL_DECISIONS)[number];

export const REJECT_REASONS = ['irrelevant', 'no_malicious_activity', 'insufficient_evidence', 'not_targeting_org', 'decayed'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const WATCHLIST_REASONS = ['DEAD', 'PARKING', 'NOT_ENOUGH_EVIDENCE', 'OTHER'] as const;
export type WatchlistReason = (typeof WATCHLIST_REASONS)[number];

/** The upstream's daily limit, per organization over a rolling 24 hours (docs/contract.md#rate-limits-and-retries). */
export const REVIEW_LIMIT_PER_DAY = 10;
export const REVIEW_LIMIT_MESSAGE = (limit: number) => `Review limit of ${limit} per day reached for this organization.`;

const positiveId = (field: string) =>
  z.number({error: `${field} must be a number`}).int(`${field} must be a whole number`).positive(`${field} must be a positive number`);

/** The body fields, without the rules that tie them together (see reviewRequestSchema()). */
export const reviewRequestFields = memo(() => z.object({
  assetId: positiveId('assetId').describe("The proposal's asset.id; a mismatch is 409 CONFLICT"),
  decision: z.enum(PROPOSAL_DECISIONS),
  slug: z.string().min(1).optional().describe('Organization slug'),
  label: z.string().min(1).optional().describe('Label for the approved asset (APPROVE only)'),
  brandId: positiveId('brandId').optional(),
  rejectReason: z.enum(REJECT_REASONS).optional().describe('REJECT only'),
  watchlistReason: z.enum(WATCHLIST_REASONS).optional().describe('WATCHLIST only'),
  note: z.string().optional(),
}));
export type ReviewRequest = z.infer<ReturnType<typeof reviewRequestFields>>;

/**
 * Which fields belong to which decision. The public docs list them per decision; a reason
 * sent with the wrong decision would be silently dropped or misread, so both vigil and the
 * sandbox refuse it.
 */
export const DECISION_ONLY_FIELDS = {label: 'APPROVE', rejectReason: 'REJECT', watchlistReason: 'WATCHLIST'} as const satisfies Partial<Record<keyof ReviewRequest, ProposalDecision>>;

type DecisionOnlyField = keyof typeof DECISION_ONLY_FIELDS;

/** Fields given with a decision they do not belong to, with the decision each needs (empty when fine). */
export function misplacedDecisionFields(body: {decision: ProposalDecision} & Partial<Record<DecisionOnlyField, unknown>>): Array<{field: DecisionOnlyField; requires: ProposalDecision}> {
  return (Object.entries(DECISION_ONLY_FIELDS) as Array<[DecisionOnlyField, ProposalDecision]>)
    .filter(([field, requires]) => body[field] !== undefined && body.decision !== requires)
    .map(([field, requires]) => ({field, requires}));
}

export const reviewRequestSchema = memo(() => reviewRequestFields().superRefine((body, ctx) => {
  for (const {field, requires} of misplacedDecisionFields(body)) {
    ctx.addIssue({code: 'custom', path: [field], message: `${field} is only allowed with decision ${requires} (decision is ${body.decision})`});
  }
}));

const idSchema = memo(() => z.union([z.number(), z.string().min(1)]).transform(String));
// A part vigil does not need must not turn a review that happened into a failure.
const optionalPart = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined).transform(value => value ?? undefined);
const text = memo(() => optionalPart(z.string()));

export const reviewResponseSchema = memo(() => z
  .object({
    proposal: z.object({
      id: idSchema(),
      reviewStatus: text(),
      asset: optionalPart(z.object({id: optionalPart(idSchema()), type: text(), content: text(), status: text()})),
    }),
    review: optionalPart(
      z.object({
        id: optionalPart(idSchema()),
        decision: text(),
        label: text(),
        brandId: optionalPart(idSchema()),
        comment: text(),
        createdAt: text(),
      }),
    ),
    watchlisted: optionalPart(z.boolean()),
  })
  .transform(body => ({
    proposalId: body.proposal.id,
    reviewStatus: body.proposal.reviewStatus,
    watchlisted: body.watchlisted,
    asset: body.proposal.asset,
    review: body.review,
  })));

/** What a review returned, in vigil's words: only proposalId is sure to be there. */
export type ReviewResult = z.output<ReturnType<typeof reviewResponseSchema>>;
