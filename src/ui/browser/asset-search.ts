import type {ListReportsFilters, Report} from '../../api/wire/index.js';

/*
 * The upstream's `search` reads titles and descriptions only (docs/contract.md#listing-reports),
 * so `/acmewallet` would never find a report whose only trace of it is the asset
 * `t.me/acmewalletsupport`. The browser adds what it can without another request: the
 * reports it has already loaded under the same filters (search aside) whose assets contain
 * the words. That is a partial answer, and the header says where those rows come from.
 */

/** Reports loaded under one set of filters, search aside (`key`), by id. */
export interface AssetPool {
  key: string;
  reports: Map<string, Report>;
}

/** What a search added from the pool, for the header. */
export interface AssetMatches {
  /** Rows added to the first page of the search. */
  added: number;
  /** How many loaded reports were looked through. */
  pool: number;
}

export const emptyPool: AssetPool = {key: '', reports: new Map()};

/** The filters a pool belongs to: every filter but the search and the cursor. */
export function poolKey(filters: Omit<ListReportsFilters, 'cursor'>): string {
  const {search: _search, ...rest} = filters as ListReportsFilters;
  delete rest.cursor;
  return JSON.stringify(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b)));
}

/** The pool with `reports` added; reports of other filters start a new pool. */
export function addToPool(pool: AssetPool, key: string, reports: readonly Report[]): AssetPool {
  const kept = pool.key === key ? new Map(pool.reports) : new Map<string, Report>();
  for (const report of reports) kept.set(report.id, report);
  return {key, reports: kept};
}

/** Loaded reports, not already in `shown`, one of whose assets contains `search` (case aside). */
export function assetMatches(pool: AssetPool, search: string, shown: readonly Report[]): Report[] {
  const words = search.toLowerCase();
  const ids = new Set(shown.map(report => report.id));
  return [...pool.reports.values()].filter(report =>
    !ids.has(report.id) && (report.proposals ?? []).some(p => (p.asset?.content ?? '').toLowerCase().includes(words)));
}

/** "1 more by asset, from the 40 loaded reports": where the added rows come from. */
export function assetMatchesLabel(matches: AssetMatches): string {
  return `${matches.added} more by asset, from the ${matches.pool} loaded ${matches.pool === 1 ? 'report' : 'reports'}`;
}
