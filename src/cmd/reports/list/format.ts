import type {Proposal, Report} from '../../../api/wire/index.js';
import {ABSENT, revealInvisible, type Column} from '../../../output/index.js';

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
  return revealInvisible(contents.join(', '));
}

/**
 * "5m ago", "3h ago", "12d ago"; past 60 days the date. What a person scanning a terminal
 * table reads at a glance; the "ago" (or the full date) says what the number is.
 */
export function relativeAge(iso: string | undefined, now: number): string | undefined {
  if (iso === undefined) return undefined;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const seconds = Math.round((now - at) / 1000);
  if (seconds < 0) return new Date(at).toISOString().slice(0, 10);
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ago`;
  if (seconds < 60 * 86_400) return `${Math.floor(seconds / 86_400)}d ago`;
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * @param relativeTo a table's clock: CREATED then shows relative ages; TSV, markdown and
 * JSON keep the upstream's ISO 8601 (what a script parses).
 * At 80 columns a table keeps ID, STATUS, a title of at least 40 characters and CREATED,
 * dropping LATEST REVIEW, then ASSETS, as the browser does.
 */
export function reportColumns(relativeTo?: number): ReadonlyArray<Column<Report>> {
  return [
    {header: 'ID', value: report => report.id, minWidth: 4},
    {header: 'STATUS', value: report => report.status, minWidth: 6, style: report => statusStyle(report.status)},
    {header: 'TITLE', value: report => report.title, minWidth: 40, maxWidth: 60},
    {header: 'ASSETS', value: assetContents, minWidth: 10, maxWidth: 50, dropOrder: 1},
    {header: 'LATEST REVIEW', value: report => report.latestReviewDecision ?? '', dropOrder: 2},
    {header: 'CREATED', value: report => (relativeTo === undefined ? report.createdAt : relativeAge(report.createdAt, relativeTo)), minWidth: 10},
  ];
}

export const REPORT_COLUMNS: ReadonlyArray<Column<Report>> = reportColumns();

/** Extra columns for the needs-customer-review queue: pending proposal ids and their asset ids, pairwise. */
export const PROPOSAL_COLUMNS: ReadonlyArray<Column<Report>> = [
  {header: 'PROPOSAL IDS', value: report => pendingProposals(report).map(p => p.id ?? ABSENT).join(','), minWidth: 8},
  {header: 'ASSET IDS', value: report => pendingProposals(report).map(p => p.asset?.id ?? ABSENT).join(','), minWidth: 8},
];

export function listColumns(options: {proposals: boolean; relativeTo?: number}): ReadonlyArray<Column<Report>> {
  const columns = reportColumns(options.relativeTo);
  return options.proposals ? [...columns, ...PROPOSAL_COLUMNS] : columns;
}

function statusStyle(status: string | undefined) {
  if (status === 'TODO') return 'yellow' as const;
  if (status === 'IN_PROGRESS') return 'cyan' as const;
  if (status === 'CLOSED') return 'gray' as const;
  return undefined;
}
