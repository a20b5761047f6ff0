import type {ListReportsFilters} from '../../../api/wire/index.js';

/** Each filter's flag: error messages and the ready-to-run next-page command use it. */
export const FILTER_FLAGS = {
  slug: '--org',
  limit: '--limit',
  cursor: '--cursor',
  status: '--status',
  search: '--search',
  reporterQuery: '--reporter-query',
  reportedByCustomer: '--reported-by-customer',
  needsCustomerReview: '--needs-customer-review',
  reporterKind: '--reporter-kind',
  reviewerKind: '--reviewer-kind',
  onlyRejected: '--only-rejected',
  reviewStatus: '--review-status',
  assetType: '--asset-type',
  brandIds: '--brand',
  countryCodes: '--country-code',
  reviewedByUserId: '--reviewed-by-user-id',
  from: '--from',
  to: '--to',
  updatedFrom: '--updated-from',
  updatedTo: '--updated-to',
} as const satisfies Record<keyof ListReportsFilters, string>;
