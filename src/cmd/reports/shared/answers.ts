import {normalizeAssetContent, type SearchHit} from '../../../api/wire/index.js';

export interface ReportRef {
  id: string;
  /** Absent when the upstream left it out (shown as `-`). */
  status?: string;
}

/** The answer for one queried asset. */
export interface AssetAnswer {
  content: string;
  /**
   * true/false when known. null when the upstream matched reports without saying which
   * asset each covers (hits without `assets`) and more than one asset was queried; `reports`
   * then lists those reports, which match the query as a whole.
   */
  reported: boolean | null;
  reports: ReportRef[];
}

/**
 * Answers "is this asset already reported?" per queried asset, from ONE search response.
 * A hit that lists its `assets` covers the queried assets equal to one of them once
 * normalised as the upstream matches (docs/contract.md#searching-reports). A hit without `assets` matched the
 * query as a whole: it can be attributed only when a single asset was queried.
 */
export function answerPerAsset(
  queried: readonly string[],
  hits: readonly SearchHit[],
): {answers: AssetAnswer[]; perAsset: boolean; unmatched: ReportRef[]} {
  const ref = (hit: SearchHit): ReportRef => (hit.status === undefined ? {id: hit.id} : {id: hit.id, status: hit.status});
  const unattributed = hits.filter(hit => hit.assets === undefined);
  const single = queried.length === 1;
  const answers = queried.map((content): AssetAnswer => {
    const key = normalizeAssetContent(content);
    const covering = hits.filter(hit =>
      hit.assets === undefined ? single : hit.assets.some(asset => normalizeAssetContent(asset) === key),
    );
    if (covering.length > 0) return {content, reported: true, reports: covering.map(ref)};
    // Reports matched the query as a whole: they may or may not cover this asset.
    if (unattributed.length > 0) return {content, reported: null, reports: unattributed.map(ref)};
    return {content, reported: false, reports: []};
  });
  // Hits that list assets none of which is a queried one (the upstream normalised differently):
  // returned for this query all the same, so the caller says so rather than drop them.
  const keys = new Set(queried.map(normalizeAssetContent));
  const unmatched = hits
    .filter(hit => hit.assets !== undefined && !hit.assets.some(asset => keys.has(normalizeAssetContent(asset))))
    .map(ref);
  return {answers, perAsset: unattributed.length === 0 || single, unmatched};
}
