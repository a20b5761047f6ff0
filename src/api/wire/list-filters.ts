import type * as z from 'zod';
import {commaList, isoDate, nonBlank, oneOf, wholeNumber} from '../../cli/flag-values.js';
import {ACTOR_KINDS, KNOWN_ASSET_TYPES, REPORT_STATUSES, REVIEW_DECISIONS} from '../enums.js';
import type {ActorKind, ReportStatus, ReviewDecision} from '../enums.js';

/**
 * Each filter of GET /organization/reports declared once (docs/contract.md#listing-reports):
 * its `reports list` flag (the option's key, Pastel decamelizes it), its query parameter,
 * what its value must be (a zod schema from the flag's text) and its help. The query
 * (LIST_QUERY_PARAMS), the command's options, help, completion and MCP inputs
 * (src/cmd/reports/shared/filters.ts), the next-page command and the sandbox's query
 * names all follow from this table.
 */
/**
 * The validated filters of `reports list`, in vigil's own names. `toListQueryParams` is the
 * only place that knows the upstream's query parameter names (docs/contract.md#listing-reports).
 */
export interface ListReportsFilters {
  slug: string;
  limit?: number;
  cursor?: string;
  status?: ReportStatus;
  search?: string;
  reporterQuery?: string;
  reportedByCustomer?: boolean;
  needsCustomerReview?: boolean;
  reporterKind?: ActorKind;
  reviewerKind?: ActorKind;
  onlyRejected?: boolean;
  reviewStatus?: ReviewDecision[];
  assetType?: string[];
  brandIds?: string[];
  countryCodes?: string[];
  reviewedByUserId?: number;
  /** ISO 8601, filter on createdAt. */
  from?: string;
  to?: string;
  /** ISO 8601, filter on updatedAt. */
  updatedFrom?: string;
  updatedTo?: string;
}

export interface ListFilter {
  /** The option's key: `brand` is `--brand`. */
  flag: string;
  /** The upstream's query parameter. */
  wire: string;
  help: string;
  /** A flag taking a value: its label (`n` a whole number, `list`/`ids` a comma list) and its check. */
  value?: {label: string; schema: () => z.ZodType; values?: readonly string[]};
  /** No value: `triState` is `--x` / `--no-x`; `switch` only `--x`. */
  kind?: 'triState' | 'switch';
}

export const MAX_PAGE_SIZE = 20;

const upper = (item: string) => item.toUpperCase();

export const LIST_FILTERS = {
  limit: {flag: 'limit', wire: 'limit', help: `Page size, 1-${MAX_PAGE_SIZE}`, value: {label: 'n', schema: () => wholeNumber({min: 1, max: MAX_PAGE_SIZE})}},
  cursor: {flag: 'cursor', wire: 'cursor', help: 'Pagination cursor (printed as the next-page command)', value: {label: 'cursor', schema: nonBlank}},
  status: {flag: 'status', wire: 'status', help: 'TODO, IN_PROGRESS or CLOSED', value: {label: 'status', schema: () => oneOf(REPORT_STATUSES), values: REPORT_STATUSES}},
  search: {flag: 'search', wire: 'search', help: 'Search title and description', value: {label: 'query', schema: nonBlank}},
  reporterQuery: {flag: 'reporterQuery', wire: 'reporterQuery', help: 'Search by reporter name (legacy)', value: {label: 'query', schema: nonBlank}},
  reportedByCustomer: {flag: 'reportedByCustomer', wire: 'reportedByCustomer', help: 'Only customer-submitted reports (--no-reported-by-customer: only others)', kind: 'triState'},
  needsCustomerReview: {
    flag: 'needsCustomerReview',
    wire: 'needsCustomerReview',
    help: "Only reports awaiting your organization's approval, with their proposal and asset ids (--no-needs-customer-review: the others)",
    kind: 'triState',
  },
  reporterKind: {flag: 'reporterKind', wire: 'reporterKind', help: 'human or automation', value: {label: 'kind', schema: () => oneOf(ACTOR_KINDS), values: ACTOR_KINDS}},
  reviewerKind: {flag: 'reviewerKind', wire: 'reviewerKind', help: 'human or automation', value: {label: 'kind', schema: () => oneOf(ACTOR_KINDS), values: ACTOR_KINDS}},
  onlyRejected: {flag: 'onlyRejected', wire: 'onlyRejected', help: 'Only reports whose latest review decision was REJECT', kind: 'switch'},
  reviewStatus: {
    flag: 'reviewStatus',
    wire: 'reviewStatus',
    help: 'Comma list of APPROVE, REJECT, SKIP, ESCALATE',
    value: {
      label: 'list',
      values: REVIEW_DECISIONS,
      schema: () =>
        commaList({normalize: upper, empty: 'must list at least one decision'}).superRefine((items, ctx) => {
          const bad = items.filter(item => !(REVIEW_DECISIONS as readonly string[]).includes(item));
          if (bad.length > 0) ctx.addIssue({code: 'custom', message: `unknown decision ${bad.join(', ')}; use a comma list of ${REVIEW_DECISIONS.join(', ')}`});
        }),
    },
  },
  assetType: {
    flag: 'assetType',
    wire: 'assetType',
    help: 'Comma list of asset types (TWITTER, TELEGRAM, URL, ...)',
    // Unknown types are sent as is, with a warning (the upstream adds types): src/cmd/reports/list/options.ts.
    value: {label: 'list', values: KNOWN_ASSET_TYPES, schema: () => commaList({normalize: upper, empty: 'must list at least one asset type'})},
  },
  brandIds: {flag: 'brand', wire: 'brandIds', help: 'Comma list of brand IDs', value: {label: 'ids', schema: () => commaList({empty: 'must list at least one brand ID'})}},
  countryCodes: {
    flag: 'countryCode',
    wire: 'countryCodes',
    help: 'Comma list of 2-letter ISO country codes',
    value: {
      label: 'list',
      schema: () =>
        commaList({normalize: upper, empty: 'must list at least one country code'}).superRefine((items, ctx) => {
          const bad = items.filter(code => !/^[A-Z]{2}$/.test(code));
          if (bad.length > 0) ctx.addIssue({code: 'custom', message: `not a 2-letter ISO country code: ${bad.join(', ')}`});
        }),
    },
  },
  reviewedByUserId: {flag: 'reviewedByUserId', wire: 'reviewedByUserId', help: 'Only reports reviewed by this user ID', value: {label: 'n', schema: () => wholeNumber({min: 1})}},
  from: {flag: 'from', wire: 'startDate', help: 'Created at or after (ISO 8601; a bare date is its start, UTC)', value: {label: 'iso', schema: () => isoDate()}},
  to: {flag: 'to', wire: 'endDate', help: 'Created at or before (ISO 8601; a bare date is its end, UTC)', value: {label: 'iso', schema: () => isoDate({endOfDay: true})}},
  updatedFrom: {flag: 'updatedFrom', wire: 'updatedStartDate', help: 'Updated at or after (ISO 8601)', value: {label: 'iso', schema: () => isoDate()}},
  updatedTo: {flag: 'updatedTo', wire: 'updatedEndDate', help: 'Updated at or before (ISO 8601)', value: {label: 'iso', schema: () => isoDate({endOfDay: true})}},
} as const satisfies Record<Exclude<keyof ListReportsFilters, 'slug'>, ListFilter>;

export type ListFilterKey = keyof typeof LIST_FILTERS;
