import {listAssets} from '../../api/wire/endpoints/asset-list.js';
import {assetListResponseOutSchema, listAssetsPage} from '../data/asset-views.js';
import {serve} from './serve.js';

/** POST /asset/list (docs/contract.md#listing-assets): any key; the blocklist is global. */
export const assetListServed = serve(listAssets, {
  answer: assetListResponseOutSchema,
  answers: 'One page of assets; next_page is null on the last',
  example: {type: 'URL', startDate: '2026-01-01'},
  handle: ({input, ctx}) => listAssetsPage(ctx.store, ctx.now(), input),
});
