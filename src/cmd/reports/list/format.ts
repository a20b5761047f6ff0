import type {Proposal, Report} from '../../../api/wire/index.js';
import {ABSENT, revealInvisible, type Column} from '../../../output/index.js';
import {relativeAge} from '../shared/age.js';
import {awaitingIndexes, undecided} from '../shared/awaiting.js';

/*
 * The columns of `reports list`, shared by the table (TTY), TSV (pipe) and markdown, so a
 * script's `cut -f1` and a person's table carry the same fields in the same order.
 */

/**
 * The proposals of a report still waiting for review (no decision yet), each with whether it
 * awaits the organization's own review. docs/contract.md#listing-reports: the `id` and `asset.id` of one
 * that awaits the organization are what `vigil proposals review` takes.
 */
export function pendingProposals(report: Report): Array<{proposal: Proposal; awaiting: boolean}> {
  const awaiting = new Set(awaitingIndexes(report, true));
  return (report.proposals ?? []).flatMap((proposal, index) => (undecided(proposal) || awaiting.has(index) ? [{proposal, awaiting: awaiting.has(index)}] : []));
}

/** Marks a proposal id that awaits the organization's review in the listing's text formats. */
export const AWAITING_MARK = '*';

/**
 * A report of the needs-customer-review listing as `--json` prints it: each proposal says
 * whether it awaits the organization (`awaitingCustomer`), by the same rule as the marks.
 */
export function withAwaiting(report: Report): Omit<Report, 'proposals'> & {proposals: Array<Proposal & {awaitingCustomer: boolean}> | undefined} {
  if (!report.proposals) return {...report, proposals: undefined};
  const awaiting = new Set(awaitingIndexes(report, true));
  return {...report, proposals: report.proposals.map((proposal, index) => ({...proposal, awaitingCustomer: awaiting.has(index)}))};
}

function assetContents(report: Report): string {
  const contents = (report.proposals ?? []).map(proposal => proposal.asset?.content).filter((c): c is string => !!c);
  return revealInvisible(contents.join(', '));
}

/**
 * @param relativeTo a table's clock: CREATED then shows relative ages; TSV, markdown and
 * JSON keep the upstream's ISO 8601 (what a script parses).
 * @param queue the needs-customer-review listing: STATUS leaves before ASSETS (the asset is
 * what a reviewer decides on), and the ids columns need the room.
 * The width goes to what a reader reads: STATUS, LATEST REVIEW and CREATED are short and
 * never cut; ASSETS gives way before TITLE; a table leaves out STATUS, ASSETS and LATEST
 * REVIEW when they say nothing (all the same, as under --status TODO, or all empty). At 80
 * columns a title keeps at least 30 characters: LATEST REVIEW, then ASSETS leave first.
 */
export function reportColumns(relativeTo?: number, queue = false): ReadonlyArray<Column<Report>> {
  return [
    {header: 'ID', value: report => report.id, minWidth: 4},
    {header: 'STATUS', value: report => report.status, whole: true, omitIfUniform: true, ...(queue ? {dropOrder: 2} : {}), style: report => statusStyle(report.status)},
    {header: 'TITLE', value: report => report.title, minWidth: 30, maxWidth: 60},
    {header: 'ASSETS', value: assetContents, minWidth: 16, maxWidth: 50, dropOrder: 1, omitIfUniform: true},
    {header: 'LATEST REVIEW', shortHeader: 'REVIEW', value: report => report.latestReviewDecision ?? '', whole: true, dropOrder: 3, omitIfUniform: true},
    {header: 'CREATED', value: report => (relativeTo === undefined ? report.createdAt : relativeAge(report.createdAt, relativeTo)), whole: relativeTo !== undefined, minWidth: 10},
  ];
}

/**
 * Extra columns for the needs-customer-review queue: the ids of the proposals still
 * waiting and of their assets, pairwise, never cut (a reviewer copies them). A proposal id
 * marked `*` awaits the organization's own review: `vigil proposals review` takes it.
 */
export const PROPOSAL_COLUMNS: ReadonlyArray<Column<Report>> = [
  {header: 'PROPOSAL IDS', shortHeader: 'PROPOSALS', value: report => pendingProposals(report).map(({proposal, awaiting}) => `${proposal.id ?? ABSENT}${awaiting ? AWAITING_MARK : ''}`).join(','), whole: true},
  {header: 'ASSET IDS', value: report => pendingProposals(report).map(({proposal}) => proposal.asset?.id ?? ABSENT).join(','), whole: true},
];

export function listColumns(options: {proposals: boolean; relativeTo?: number}): ReadonlyArray<Column<Report>> {
  const columns = reportColumns(options.relativeTo, options.proposals);
  return options.proposals ? [...columns, ...PROPOSAL_COLUMNS] : columns;
}

function statusStyle(status: string | undefined) {
  if (status === 'TODO') return 'yellow' as const;
  if (status === 'IN_PROGRESS') return 'cyan' as const;
  if (status === 'CLOSED') return 'gray' as const;
  return undefined;
}
