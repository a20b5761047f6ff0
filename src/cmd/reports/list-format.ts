import type {Proposal, Report} from '../../api/wire/index.js';
import type {Column} from '../../output/index.js';

/*
 * The columns of `reports list`, shared by the table (TTY), TSV (pipe) and markdown, so a
 * script's `cut -f1` and a person's table carry the same fields in the same order.
 */

/** Decisions after which a proposal no longer waits for the organization's approval. */
const DECIDED = new Set(['APPROVE', 'APPROVED', 'REJECT', 'REJECTED', 'SKIP', 'SKIPPED']);

/**
 * The proposals of a report still waiting for review: those without a final decision.
 * SPEC.md 4.3 rule 2: their `id` and `asset.id` are what the proposals-review command needs.
 */
export function pendingProposals(report: Report): Proposal[] {
  return (report.proposals ?? []).filter(proposal => !DECIDED.has((proposal.reviewStatus ?? '').toUpperCase()));
}

function assetContents(report: Report): string {
  const contents = (report.proposals ?? []).map(proposal => proposal.asset?.content).filter((c): c is string => !!c);
  return contents.join(', ');
}

export const REPORT_COLUMNS: ReadonlyArray<Column<Report>> = [
  {header: 'ID', value: report => report.id, minWidth: 4},
  {header: 'STATUS', value: report => report.status, minWidth: 6, style: report => statusStyle(report.status)},
  {header: 'TITLE', value: report => report.title, minWidth: 12, maxWidth: 60},
  {header: 'ASSETS', value: assetContents, minWidth: 10, maxWidth: 50},
  {header: 'LATEST REVIEW', value: report => report.latestReviewDecision ?? ''},
  {header: 'CREATED', value: report => report.createdAt, minWidth: 10},
];

/** Extra columns for the needs-customer-review queue: pending proposal ids and their asset ids, pairwise. */
export const PROPOSAL_COLUMNS: ReadonlyArray<Column<Report>> = [
  {header: 'PROPOSAL IDS', value: report => pendingProposals(report).map(p => p.id).join(','), minWidth: 8},
  {header: 'ASSET IDS', value: report => pendingProposals(report).map(p => p.asset?.id ?? '-').join(','), minWidth: 8},
];

export function listColumns(options: {proposals: boolean}): ReadonlyArray<Column<Report>> {
  return options.proposals ? [...REPORT_COLUMNS, ...PROPOSAL_COLUMNS] : REPORT_COLUMNS;
}

function statusStyle(status: string) {
  if (status === 'TODO') return 'yellow' as const;
  if (status === 'IN_PROGRESS') return 'cyan' as const;
  if (status === 'CLOSED') return 'gray' as const;
  return undefined;
}
