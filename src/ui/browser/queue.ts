import type {ListReportsResult, ProposalDecision, Report} from '../../api/wire/index.js';
import {awaitingIndexes} from '../../cmd/reports/shared/awaiting.js';
import {sanitizeText} from '../../output/sanitize.js';

/*
 * Reviews in the browser as plain data: which proposals of a report still wait for the
 * organization, which one a key acts on, whether that proposal carries what the review
 * operation needs, and what a page looks like once a review went through. `queue`: the
 * page is the needs-customer-review queue (see awaitingIndexes for what that changes).
 */

export type Decision = ProposalDecision;

/** What the review request needs of a proposal, read from the listing. */
export interface ReviewTarget {
  reportId: string;
  /** Index in report.proposals (the detail view numbers proposals from 1). */
  index: number;
  proposalId: string;
  assetId: number;
  assetType: string | undefined;
  /** Raw upstream text: sanitise before it reaches the terminal. */
  content: string | undefined;
}

/** The proposals a reviewer can act on: those awaiting the organization. */
export function pendingIndexes(report: Report, queue = true): number[] {
  return awaitingIndexes(report, queue);
}

/** The proposal the table's review keys act on: the first pending one. */
export function firstPending(report: Report, queue = true): number | undefined {
  return pendingIndexes(report, queue)[0];
}

/**
 * The proposal at `index` as a review target, or why it cannot be reviewed from here (the
 * tolerant reader keeps proposals without an id or asset id; the operation needs both).
 */
export function reviewTarget(report: Report, index: number | undefined, queue = true): {target: ReviewTarget} | {reason: string} {
  const id = sanitizeText(report.id);
  const proposals = report.proposals ?? [];
  if (proposals.length === 0) return {reason: `report ${id} has no proposals to review`};
  if (index === undefined) return {reason: `report ${id} has no proposal waiting for your organization's review`};
  const proposal = proposals[index];
  if (!proposal) return {reason: `report ${id} has no proposal ${index + 1}`};
  const which = `proposal ${index + 1} of report ${id}`;
  if (!pendingIndexes(report, queue).includes(index)) {
    return {reason: `${which} is not waiting for your organization's review (review: ${sanitizeText(proposal.reviewStatus ?? 'none')})`};
  }
  const proposalId = proposal.id === undefined || proposal.id === null ? '' : String(proposal.id);
  if (proposalId === '') return {reason: `${which} came without an id, which the review needs: review it in the web app`};
  const assetId = proposal.asset?.id === undefined || proposal.asset?.id === null ? '' : String(proposal.asset.id);
  if (assetId === '') return {reason: `${which} came without an asset id, which the review needs: review it in the web app`};
  if (!/^[1-9]\d{0,15}$/.test(assetId)) return {reason: `${which} has asset id ${sanitizeText(assetId)}; the review takes a numeric asset id`};
  return {target: {reportId: report.id, index, proposalId, assetId: Number(assetId), assetType: proposal.asset?.type, content: proposal.asset?.content}};
}

/** The status a proposal shows after a review the answer did not describe. */
export function statusAfter(decision: Decision): string {
  return decision === 'APPROVE' ? 'APPROVED' : decision === 'REJECT' ? 'REJECTED' : 'WATCHLISTED';
}

export interface Reviewed {
  page: ListReportsResult;
  /** The report has nothing left to review and was taken off the page. */
  left: boolean;
  /** Proposals of the report still waiting. */
  remaining: number;
}

/**
 * The page after a review of `target` went through: the proposal shows `reviewStatus`, and
 * in the queue a report with nothing left to review leaves it (and the total shrinks by
 * one); any other listing keeps the report, since it still matches the filters.
 */
export function applyReview(page: ListReportsResult, target: ReviewTarget, reviewStatus: string, queue = true): Reviewed {
  const report = page.reports.find(r => r.id === target.reportId);
  if (!report) return {page, left: false, remaining: 0};
  const before = pendingIndexes(report, queue);
  const remaining = before.filter(index => index !== target.index).length;
  if (remaining === 0 && queue) {
    const totalCount = page.totalCount === null ? null : Math.max(0, page.totalCount - 1);
    return {page: {...page, reports: page.reports.filter(r => r !== report), totalCount}, left: true, remaining};
  }
  const proposals = (report.proposals ?? []).map((p, index) => (index === target.index ? {...p, reviewStatus} : p));
  const updated = {...report, proposals};
  return {page: {...page, reports: page.reports.map(r => (r === report ? updated : r))}, left: false, remaining};
}
