import {searchAsset} from '../../api/wire/endpoints/asset-search.js';
import {assetSearchResponseOutSchema, searchAssetAnswer} from '../data/asset-views.js';
import {serve} from './serve.js';

/** POST /asset/search (docs/contract.md#searching-an-asset): any key; the reports shown are those of the orgs the key reaches. */
export const assetSearchServed = serve(searchAsset, {
  answer: assetSearchResponseOutSchema,
  answers: 'The asset and what refers to it; asset null when not found',
  example: {content: 'acme-wallet-verify.example'},
  handle: ({input, access, ctx}) => searchAssetAnswer(ctx.store, access, input),
});
