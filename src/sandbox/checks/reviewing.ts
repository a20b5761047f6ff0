import type {StoredProposal, StoredReport} from '../model.js';
import type {Store} from '../store.js';
import {DAY, defineCheck, field, gradedBody, gradedResult, plural} from './define.js';

/*
 * The reviewing checks count the proposals awaiting the organization's own review (the
 * needs-customer-review queue, reviewStatus PENDING_CUSTOMER_REVIEW): the queue
 * `vigil proposals review` works through, so every review moves both checks.
 */

interface Awaiting {
  report: StoredReport;
  proposal: StoredProposal;
  since: number;
}

/** The org's proposals awaiting its review, oldest first. */
export function awaitingReview(store: Store, slug: string): Awaiting[] {
  return store.reports
    .filter(report => report.orgSlug === slug)
    .flatMap(report => report.proposals.filter(p => p.reviewStatus === 'PENDING_CUSTOMER_REVIEW').map(proposal => ({report, proposal, since: proposal.pendingSince ?? report.createdAt})))
    .sort((a, b) => a.since - b.since || a.proposal.id - b.proposal.id);
}

const finding = (entry: Awaiting, now: number) => ({
  kind: 'proposal_pending',
  ref: String(entry.proposal.id),
  message: `proposal ${entry.proposal.id} (${entry.proposal.asset.content}) of report ${entry.report.id} awaits review since ${Math.floor((now - entry.since) / DAY)} days`,
});

/** How many of the oldest a finding list shows. */
const LISTED = 10;

export const BACKLOG_DEFAULTS = {warn: 5, fail: 10};
const backlogNames = {warn: 'warnThreshold', fail: 'failThreshold'};

export const backlog = defineCheck({
  id: 'reviewing.backlog',
  title: 'Proposals awaiting review',
  category: 'reviewing',
  summary: 'Counts proposals awaiting the organization\'s review and grades the count against the thresholds',
  body: gradedBody(backlogNames, BACKLOG_DEFAULTS, {}),
  run(ctx, body) {
    const warn = field(body, backlogNames.warn, BACKLOG_DEFAULTS.warn);
    const fail = field(body, backlogNames.fail, BACKLOG_DEFAULTS.fail);
    const pending = awaitingReview(ctx.store, body.slug);
    return gradedResult(this, ctx, {
      slug: body.slug,
      value: pending.length,
      warn,
      fail,
      observed: {pendingCount: pending.length},
      threshold: {warnThreshold: warn, failThreshold: fail},
      findings: pending.slice(0, LISTED).map(entry => finding(entry, ctx.now)),
      action: `${plural(pending.length, 'proposal')} await your review (warn at ${warn}, fail at ${fail}). Work through the queue: \`vigil reports list --needs-customer-review\`, then \`vigil proposals review\`.`,
      page: 'review-queue',
    });
  },
});

export const OLD_PROPOSALS_DEFAULTS = {warn: 7, fail: 14};
const ageNames = {warn: 'warnAgeDays', fail: 'failAgeDays'};

export const oldProposals = defineCheck({
  id: 'reviewing.old-proposals',
  title: 'Old proposals awaiting review',
  category: 'reviewing',
  summary: 'Counts proposals awaiting review longer than the warn and fail ages (7 and 14 days) and lists the oldest',
  body: gradedBody(ageNames, OLD_PROPOSALS_DEFAULTS, {}),
  run(ctx, body) {
    const warn = field(body, ageNames.warn, OLD_PROPOSALS_DEFAULTS.warn);
    const fail = field(body, ageNames.fail, OLD_PROPOSALS_DEFAULTS.fail);
    const pending = awaitingReview(ctx.store, body.slug);
    const ageDays = (entry: Awaiting) => Math.floor((ctx.now - entry.since) / DAY);
    const oldest = pending[0] === undefined ? 0 : ageDays(pending[0]);
    const olderThan = (days: number) => pending.filter(entry => ageDays(entry) >= days);
    return gradedResult(this, ctx, {
      slug: body.slug,
      // Graded on the oldest age: fail when any is past the fail age, warn when any is past the warn age.
      value: oldest,
      warn,
      fail,
      observed: {pendingCount: pending.length, olderThanWarnAge: olderThan(warn).length, olderThanFailAge: olderThan(fail).length, oldestAgeDays: oldest},
      threshold: {warnAgeDays: warn, failAgeDays: fail},
      findings: olderThan(warn).slice(0, LISTED).map(entry => finding(entry, ctx.now)),
      action: `${plural(olderThan(warn).length, 'proposal')} have waited ${warn} days or more (the oldest ${oldest}). Review the oldest first: \`vigil reports list --needs-customer-review\`.`,
      page: 'review-queue',
    });
  },
});
