import {
  PROPOSAL_DECISIONS, REJECT_REASONS, WATCHLIST_REASONS, proposalReviewPath, misplacedDecisionFields,
  type ReviewRequest, type ReviewResult,
} from '../../../api/wire/index.js';
import type {CommandContext} from '../../../cli/context.js';
import {ExitCode} from '../../../exit-codes.js';
import {redactDeep} from '../../../api/redact.js';
import {printJson, printRows, resolveOutputFormat, revealInvisible, sanitizeText, type Column, type OutputFlags, type OutputFormat} from '../../../output/index.js';
import * as z from 'zod';
import {checkFlags, checkValue, nonBlank, oneOf, wholeNumber} from '../../../cli/flag-values.js';
import {Problems, capture} from '../../../cli/problems.js';

/** The flags of `vigil proposals review`, as Pastel hands them over (all text). */
export interface ReviewFlags extends OutputFlags {
  /** Positionals: exactly one, the proposal's id (`proposals[].id` in the needs-customer-review listing). Required. */
  proposalIds?: string[];
  /** The proposal's `asset.id`; the upstream refuses a mismatch (409). Required. */
  assetId?: string;
  /** approve, reject or watchlist, any case. Required. */
  decision?: string;
  /** With reject only; one of REJECT_REASONS, any case. Default: none sent. */
  rejectReason?: string;
  /** With watchlist only; one of WATCHLIST_REASONS, any case. Default: none sent. */
  watchlistReason?: string;
  /** With approve only. Default: none sent. */
  label?: string;
  /** Brand the asset belongs to, a positive whole number. Default: none sent. */
  brandId?: string;
  /** Free text kept with the review. Default: none sent. */
  note?: string;
  /** Print the body that would be sent, send nothing. Default: false. */
  dryRun?: boolean;
}

/** What each flag's value must be (zod; an issue names its flag). */
const reviewValues = () =>
  z.object({
    assetId: wholeNumber({min: 1}).optional(),
    decision: oneOf(PROPOSAL_DECISIONS).optional(),
    rejectReason: oneOf(REJECT_REASONS).optional(),
    watchlistReason: oneOf(WATCHLIST_REASONS).optional(),
    label: nonBlank().optional(),
    brandId: wholeNumber({min: 1}).optional(),
    note: nonBlank().optional(),
  });

/** Which decision each decision-only flag belongs to, in the flag's words. */
const DECISION_FLAG = {label: '--label', rejectReason: '--reject-reason', watchlistReason: '--watchlist-reason'} as const;

export interface ValidatedReview {
  proposalId: string;
  body: ReviewRequest;
  format: OutputFormat;
}

/**
 * Every flag checked at once, each problem named by its flag, before anything is sent
 * (one InputError, exit 3). The browser's review keys build the same body from a row.
 */
export function validateReviewFlags(flags: ReviewFlags, ctx: CommandContext): ValidatedReview {
  const problems = new Problems();
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  const ids = flags.proposalIds ?? [];
  if (ids.length === 0) problems.add('<proposal-id>', 'required: `vigil proposals review <proposal-id> --asset-id <id> --decision approve|reject|watchlist`');
  if (ids.length > 1) problems.add('<proposal-id>', `one proposal per review (got ${ids.length}: ${ids.join(' ')})`);
  const proposalId = ids.length === 1 ? checkValue(wholeNumber({min: 1}), ids[0], '<proposal-id>', problems) : undefined;
  if (flags.assetId === undefined) problems.add('--asset-id', "required: the proposal's asset.id (`vigil reports list --needs-customer-review` shows it)");
  if (flags.decision === undefined) problems.add('--decision', 'required: approve, reject or watchlist');
  const {assetId, decision, rejectReason, watchlistReason, label, brandId, note} = checkFlags(reviewValues(), flags, problems) ?? {};
  if (decision !== undefined) {
    // Judged on what was given, valid or not: a reason with the wrong decision is wrong whatever its value.
    for (const {field, requires} of misplacedDecisionFields({...flags, decision})) {
      problems.add(DECISION_FLAG[field], `only allowed with --decision ${requires.toLowerCase()} (--decision is ${decision.toLowerCase()})`);
    }
  }
  problems.throwIfAny();
  const slug = ctx.settings.org?.value;
  const body: ReviewRequest = {
    assetId: assetId!,
    decision: decision!,
    ...(slug === undefined ? {} : {slug}),
    ...(label === undefined ? {} : {label}),
    ...(brandId === undefined ? {} : {brandId}),
    ...(rejectReason === undefined ? {} : {rejectReason}),
    ...(watchlistReason === undefined ? {} : {watchlistReason}),
    ...(note === undefined ? {} : {note}),
  };
  return {proposalId: String(proposalId), body, format: format!};
}

/** Shown by --dry-run when no base URL is configured: a dry run needs neither key nor URL. */
const BASE_URL_PLACEHOLDER = '<base-url>';

/**
 * `vigil proposals review`: one decision on one proposal, sent once. The upstream's refusals
 * surface as errors with their own exit codes (409: 9, daily limit: 10, may have acted: 8).
 */
export async function runProposalsReview(flags: ReviewFlags, ctx: CommandContext): Promise<number> {
  const {proposalId, body, format} = validateReviewFlags(flags, ctx);
  if (flags.dryRun === true) {
    const base = ctx.settings.baseUrl?.value.replace(/\/+$/, '') ?? BASE_URL_PLACEHOLDER;
    ctx.io.stderr.write(`dry run: POST ${base}/${proposalReviewPath(proposalId)} (nothing sent)\n`);
    printJson(ctx.io, body);
    return ExitCode.Ok;
  }
  const result = await ctx.client().reviewProposal(proposalId, body, {signal: ctx.signal});
  printReviewed(ctx, format, body, result);
  return ExitCode.Ok;
}

const RESULT_COLUMNS: ReadonlyArray<Column<ReviewResult>> = [
  {header: 'PROPOSAL', value: result => result.proposalId},
  {header: 'REVIEW STATUS', value: result => result.reviewStatus ?? ''},
  {header: 'WATCHLISTED', value: result => (result.watchlisted === undefined ? '' : result.watchlisted ? 'yes' : 'no')},
  {header: 'ASSET', value: result => revealInvisible(result.asset?.content ?? '')},
];

const PAST_TENSE = {APPROVE: 'Approved', REJECT: 'Rejected', WATCHLIST: 'Watchlisted'} as const;

function printReviewed(ctx: CommandContext, format: OutputFormat, body: ReviewRequest, answer: ReviewResult): void {
  // The upstream may echo anything it was sent or holds, the key included (review.comment).
  const result = redactDeep(answer);
  if (format === 'json') return printJson(ctx.io, result);
  if (format !== 'table') return printRows(ctx.io, format, [result], RESULT_COLUMNS);
  const asset = result.asset?.content === undefined ? `asset ${body.assetId}` : `asset ${body.assetId} ${revealInvisible(result.asset.content)}`;
  const lines = [
    `${PAST_TENSE[body.decision]} proposal ${result.proposalId} (${asset})`,
    `  review status: ${result.reviewStatus ?? '-'}`,
    ...(result.watchlisted === undefined ? [] : [`  watchlisted:   ${result.watchlisted ? 'yes' : 'no'}`]),
  ];
  ctx.io.stdout.write(lines.map(line => sanitizeText(line)).join('\n') + '\n');
}
