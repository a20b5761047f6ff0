import type {FastifyInstance} from 'fastify';
import * as z from 'zod';
import {ASSET_STATUSES} from '../../api/enums.js';
import {normalizeAssetContent, PATHS} from '../../api/wire/index.js';
import type {SandboxContext} from '../context.js';
import {parseOrBadRequest} from '../http-errors.js';
import {authenticate} from '../keys.js';
import type {Store} from '../store.js';
import {assetIndex} from '../data/assets.js';

export const assetCheckBodySchema = z.object({content: z.string().trim().min(1, 'content: required, the asset to check')});
export const assetCheckResponseOutSchema = z.object({
  status: z.enum(ASSET_STATUSES),
  source: z.string(),
  reason: z.string().optional(),
  sources: z.array(z.object({source: z.string(), status: z.enum(ASSET_STATUSES)})),
});

/**
 * An asset's status across every org's reports (the blocklist is global upstream): the
 * newest report's proposal holding the same normalised content decides (data/assets.ts,
 * which `asset list` and `asset search` read too); none is UNKNOWN with reason `not-found`.
 */
export function checkAsset(store: Store, content: string): z.infer<typeof assetCheckResponseOutSchema> {
  const found = assetIndex(store).get(normalizeAssetContent(content));
  const status = found?.status ?? 'UNKNOWN';
  return {status, source: 'chainpatrol', ...(found === undefined ? {reason: 'not-found'} : {}), sources: [{source: 'chainpatrol', status}]};
}

/** POST /asset/check (docs/contract.md#checking-assets): any key; no org. */
export function assetRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post(`/${PATHS.checkAsset}`, async request => {
    authenticate(request.headers['x-api-key'], ctx.keys);
    const body = parseOrBadRequest(assetCheckBodySchema, request.body ?? {});
    return checkAsset(ctx.store, body.content);
  });
}
