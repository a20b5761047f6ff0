import * as z from 'zod';
import {ASSET_STATUSES} from '../../api/enums.js';
import {normalizeAssetContent} from '../../api/wire/index.js';
import {checkAsset} from '../../api/wire/endpoints/assets.js';
import type {Store} from '../store.js';
import {assetIndex} from '../data/assets.js';
import {serve} from './serve.js';

export const assetCheckResponseOutSchema = z.object({
  status: z.enum(ASSET_STATUSES),
  source: z.string(),
  reason: z.string().optional(),
  sources: z.array(z.object({source: z.string(), status: z.enum(ASSET_STATUSES)})),
});

/**
 * An asset's status across every org's reports (the blocklist is global upstream): the
 * newest report's proposal holding the same normalised content decides (data/assets.ts,
 * which `asset list`, `asset search` and `threats list` read too); none is UNKNOWN with
 * reason `not-found`.
 */
export function assetStatus(store: Store, content: string): z.infer<typeof assetCheckResponseOutSchema> {
  const found = assetIndex(store).get(normalizeAssetContent(content));
  const status = found?.status ?? 'UNKNOWN';
  return {status, source: 'chainpatrol', ...(found === undefined ? {reason: 'not-found'} : {}), sources: [{source: 'chainpatrol', status}]};
}

/** POST /asset/check (docs/contract.md#checking-assets): any key; no org. */
export const assetCheckServed = serve(checkAsset, {
  answer: assetCheckResponseOutSchema,
  answers: 'The asset status',
  example: {content: 'acme-wallet-verify.example'},
  handle: ({input, ctx}) => assetStatus(ctx.store, input.content),
});
