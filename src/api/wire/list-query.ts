import type {ActorKind, ReportStatus, ReviewDecision} from '../enums.js';

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

/** vigil filter key -> upstream query parameter, in the order they are sent. */
export const LIST_QUERY_PARAMS = {
  slug: 'slug',
  limit: 'limit',
  cursor: 'cursor',
  status: 'status',
  search: 'search',
  reporterQuery: 'reporterQuery',
  reportedByCustomer: 'reportedByCustomer',
  needsCustomerReview: 'needsCustomerReview',
  reporterKind: 'reporterKind',
  reviewerKind: 'reviewerKind',
  onlyRejected: 'onlyRejected',
  reviewStatus: 'reviewStatus',
  assetType: 'assetType',
  brandIds: 'brandIds',
  countryCodes: 'countryCodes',
  reviewedByUserId: 'reviewedByUserId',
  from: 'startDate',
  to: 'endDate',
  updatedFrom: 'updatedStartDate',
  updatedTo: 'updatedEndDate',
} as const satisfies Record<keyof ListReportsFilters, string>;

export function toListQueryParams(filters: ListReportsFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, name] of Object.entries(LIST_QUERY_PARAMS) as Array<[keyof ListReportsFilters, string]>) {
    const value = filters[key];
    if (value === undefined) continue;
    if (key === 'onlyRejected' && value !== true) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(name, value.join(','));
    } else {
      params.set(name, String(value));
    }
  }
  return params;
}

/**
 * The cheapest authenticated request vigil knows: a one-report page of the listing (no key
 * check endpoint is documented). The org is sent when known; without it the upstream still
 * authenticates the key before it refuses the missing slug.
 */
export function keyCheckQuery(org: string | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (org !== undefined) params.set(LIST_QUERY_PARAMS.slug, org);
  params.set(LIST_QUERY_PARAMS.limit, '1');
  return params;
}
