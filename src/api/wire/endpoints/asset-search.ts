import {defineEndpoint} from '../endpoint.js';
import {assetSearchBodySchema, assetSearchResponseSchema, type AssetSearchRequest} from '../asset-search.js';

/** One asset by content or id, with its reports, takedown and consumers (docs/contract.md#searching-an-asset): a read, safe to repeat. */
export const searchAsset = defineEndpoint({
  name: 'searchAsset',
  method: 'POST',
  path: 'asset/search',
  summary: 'Search an asset by content or id: its status, reports, takedown and who consumed the block (not found: asset null)',
  tag: 'asset',
  request: assetSearchBodySchema,
  toWire: (request: AssetSearchRequest) => request,
  response: assetSearchResponseSchema,
  repeat: 'idempotent',
});
