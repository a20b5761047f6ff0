import {LIST_FILTERS, type ListFilterKey, type ListReportsFilters} from './list-filters.js';

/** vigil filter key -> upstream query parameter, in the order they are sent (from LIST_FILTERS). */
export const LIST_QUERY_PARAMS = {
  slug: 'slug' as const,
  ...(Object.fromEntries(Object.entries(LIST_FILTERS).map(([key, filter]) => [key, filter.wire])) as {[K in ListFilterKey]: (typeof LIST_FILTERS)[K]['wire']}),
};

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
