import {ACTOR_KINDS, REPORT_STATUSES, REVIEW_DECISIONS, type ActorKind, type ReportStatus, type ReviewDecision} from '../../api/enums.js';
import {FILTER_FLAGS} from '../../cmd/reports/shared/filters.js';
import {shellQuote} from '../../output/shell.js';
import type {KeyInfo} from './keys.js';
import type {QueryFilters} from './browser-state.js';

/*
 * The filter editor (`f`) as a pure reducer over a draft of the four filters a reviewer
 * switches most: status, review status, needs customer review, reporter kind. Every other
 * filter given on the command line is kept as it was.
 */

export interface FilterDraft {
  status: ReportStatus | undefined;
  reviewStatus: ReviewDecision[];
  needsCustomerReview: boolean | undefined;
  reporterKind: ActorKind | undefined;
}

export const FILTER_ROWS = ['status', 'reviewStatus', 'needsCustomerReview', 'reporterKind'] as const;
export type FilterRow = (typeof FILTER_ROWS)[number];

export const FILTER_LABELS: Record<FilterRow, string> = {
  status: 'Status',
  reviewStatus: 'Review status',
  needsCustomerReview: 'Needs customer review',
  reporterKind: 'Reporter kind',
};

/** The values a single-choice row cycles through; `undefined` is "any". */
export const SINGLE_CHOICES = {
  status: [undefined, ...REPORT_STATUSES],
  needsCustomerReview: [undefined, true, false],
  reporterKind: [undefined, ...ACTOR_KINDS],
} as const;

export interface FilterEditorState {
  draft: FilterDraft;
  row: number;
  /** The highlighted option of the review status row (a multiple choice). */
  option: number;
  outcome: 'editing' | 'applied' | 'cancelled';
}

export function initialFilterEditor(filters: QueryFilters): FilterEditorState {
  return {
    draft: {
      status: filters.status,
      reviewStatus: [...(filters.reviewStatus ?? [])],
      needsCustomerReview: filters.needsCustomerReview,
      reporterKind: filters.reporterKind,
    },
    row: 0,
    option: 0,
    outcome: 'editing',
  };
}

export function filterEditorKey(state: FilterEditorState, input: string, key: Partial<KeyInfo>): FilterEditorState {
  if (key.escape) return {...state, outcome: 'cancelled'};
  if (key.return) return {...state, outcome: 'applied'};
  const row = FILTER_ROWS[state.row] ?? 'status';
  if (key.upArrow || input === 'k') return {...state, row: wrap(state.row - 1, FILTER_ROWS.length)};
  if (key.downArrow || input === 'j' || input === '\t') return {...state, row: wrap(state.row + 1, FILTER_ROWS.length)};
  if (input === 'x') return {...state, draft: {status: undefined, reviewStatus: [], needsCustomerReview: undefined, reporterKind: undefined}};
  const delta = key.leftArrow || input === 'h' ? -1 : key.rightArrow || input === 'l' ? 1 : input === ' ' ? 0 : null;
  if (delta === null) return state;
  if (row === 'reviewStatus') {
    if (delta !== 0) return {...state, option: wrap(state.option + delta, REVIEW_DECISIONS.length)};
    const decision = REVIEW_DECISIONS[state.option]!;
    const chosen = state.draft.reviewStatus.includes(decision)
      ? state.draft.reviewStatus.filter(value => value !== decision)
      : REVIEW_DECISIONS.filter(value => value === decision || state.draft.reviewStatus.includes(value));
    return {...state, draft: {...state.draft, reviewStatus: chosen}};
  }
  const choices: readonly unknown[] = SINGLE_CHOICES[row];
  const current = choices.indexOf(state.draft[row]);
  const next = choices[wrap(current + (delta === 0 ? 1 : delta), choices.length)];
  return {...state, draft: {...state.draft, [row]: next}};
}

/** The query after applying the draft: the four edited filters replaced, the rest kept. */
export function applyDraft(filters: QueryFilters, draft: FilterDraft): QueryFilters {
  const {status: _s, reviewStatus: _r, needsCustomerReview: _n, reporterKind: _k, ...rest} = filters;
  return {
    ...rest,
    ...(draft.status ? {status: draft.status} : {}),
    ...(draft.reviewStatus.length > 0 ? {reviewStatus: draft.reviewStatus} : {}),
    ...(draft.needsCustomerReview === undefined ? {} : {needsCustomerReview: draft.needsCustomerReview}),
    ...(draft.reporterKind ? {reporterKind: draft.reporterKind} : {}),
  };
}

export function describeChoice(value: unknown): string {
  if (value === undefined) return 'any';
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return String(value);
}

function wrap(value: number, length: number): number {
  return ((value % length) + length) % length;
}

/** Not filters a reviewer thinks of: the org is in the header, the page size in the range. */
const NOT_SHOWN = new Set(['slug', 'limit', 'cursor']);

/**
 * The active filters spelled as `reports list` flags (`--status TODO --needs-customer-review`),
 * so what the header shows can be pasted into a script. Values are sanitised by the caller.
 */
export function describeFilters(filters: QueryFilters): string {
  const parts: string[] = [];
  for (const [key, flag] of Object.entries(FILTER_FLAGS) as Array<[keyof QueryFilters, string]>) {
    const value = filters[key];
    if (NOT_SHOWN.has(key) || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (key === 'onlyRejected' && value !== true) continue;
    if (value === true) parts.push(flag);
    else if (value === false) parts.push(flag.replace(/^--/, '--no-'));
    else parts.push(`${flag} ${shellQuote(Array.isArray(value) ? value.join(',') : String(value))}`);
  }
  return parts.length > 0 ? parts.join(' ') : 'no filters';
}
