import {defineEndpoint} from '../endpoint.js';
import {assetListBodySchema, listAssetsResponseSchema, toAssetListBody, type AssetListFilters} from '../asset-list.js';

/** One page of the assets of a type in a status (docs/contract.md#listing-assets): a read, safe to repeat. */
export const listAssets = defineEndpoint({
  name: 'listAssets',
  method: 'POST',
  path: 'asset/list',
  summary: 'List the assets of one type in one status (default BLOCKED), updated in a date range (default the last day)',
  tag: 'asset',
  request: assetListBodySchema,
  toWire: (filters: AssetListFilters) => toAssetListBody(filters),
  response: listAssetsResponseSchema,
  repeat: 'idempotent',
});
