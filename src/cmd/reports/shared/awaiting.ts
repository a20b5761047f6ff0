import type {Proposal, Report} from '../../../api/wire/index.js';

/*
 * Which proposals of a report await the organization's own review (the ones
 * `vigil proposals review` and the browser's review keys act on). One rule for the
 * static listing and the browser, so both name the same proposals.
 */

/** The listing's (and the sandbox's) status of a proposal awaiting the organization. */
export const AWAITING_CUSTOMER = 'PENDING_CUSTOMER_REVIEW';

/** Not decided yet: no status, or one of the PENDING states. */
export function undecided(proposal: Proposal): boolean {
  return !proposal.reviewStatus || proposal.reviewStatus.toUpperCase().startsWith('PENDING');
}

/**
 * Indexes (in report.proposals) of the proposals awaiting the organization: those marked
 * PENDING_CUSTOMER_REVIEW. In the needs-customer-review queue (`queue`), a listing that
 * marks none (the upstream's docs do not pin the value) counts every undecided one, since
 * the filter already says the report awaits the organization; elsewhere an unmarked
 * proposal may be waiting for anyone, so none is counted.
 */
export function awaitingIndexes(report: Report, queue: boolean): number[] {
  const proposals = report.proposals ?? [];
  const marked = indexesWhere(proposals, p => p.reviewStatus?.toUpperCase() === AWAITING_CUSTOMER);
  if (marked.length > 0 || !queue) return marked;
  return indexesWhere(proposals, undecided);
}

function indexesWhere(proposals: readonly Proposal[], test: (p: Proposal) => boolean): number[] {
  return proposals.flatMap((p, index) => (test(p) ? [index] : []));
}
