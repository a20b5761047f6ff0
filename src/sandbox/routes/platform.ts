import type {FastifyInstance} from 'fastify';
import {PATHS} from '../../api/wire/index.js';
import type {SandboxContext} from '../context.js';
import {assetListRequestSchema, assetSearchRequestSchema, listAssets, searchAsset} from '../data/asset-views.js';
import {detectionListRequestSchema, detectionSources, listDetections} from '../data/detections.js';
import {listThreats, threatsListRequestSchema} from '../data/threats.js';
import {parseOrBadRequest} from '../http-errors.js';
import {authenticate, authorizeOrg} from '../keys.js';

/**
 * The platform's reads beyond takedowns (docs/contract.md#searching-an-asset and the
 * sections after it): each checks the key, then the body against the documented request
 * (a 400 naming the field), then answers from the store.
 */
export function platformRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post(`/${PATHS.searchAsset}`, async request => {
    const access = authenticate(request.headers['x-api-key'], ctx.keys);
    return searchAsset(ctx.store, access, parseOrBadRequest(assetSearchRequestSchema(), request.body ?? {}));
  });
  app.post(`/${PATHS.listAssets}`, async request => {
    authenticate(request.headers['x-api-key'], ctx.keys);
    return listAssets(ctx.store, ctx.now(), parseOrBadRequest(assetListRequestSchema(), request.body ?? {}));
  });
  app.post(`/${PATHS.listThreats}`, async request => {
    const access = authenticate(request.headers['x-api-key'], ctx.keys);
    return listThreats(ctx.store, access, ctx.now(), parseOrBadRequest(threatsListRequestSchema(), request.body ?? {}));
  });
  app.post(`/${PATHS.listDetections}`, async request => {
    const access = authenticate(request.headers['x-api-key'], ctx.keys);
    const body = parseOrBadRequest(detectionListRequestSchema(), request.body ?? {});
    const org = authorizeOrg(access, body.slug, slug => ctx.store.findOrg(slug));
    return listDetections(ctx.store, org.id, body);
  });
  app.get(`/${PATHS.listDetectionSources}`, async request => {
    authenticate(request.headers['x-api-key'], ctx.keys);
    return detectionSources();
  });
}
