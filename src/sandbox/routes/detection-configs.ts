import type {FastifyInstance} from 'fastify';
import {PATHS} from '../../api/wire/index.js';
import type {SandboxContext} from '../context.js';
import {listDetectionConfigs, detectionConfigsListBodySchema} from '../data/detection-configs.js';
import {parseOrBadRequest} from '../http-errors.js';
import {authenticate} from '../keys.js';
import {platformOrg} from '../platform-org.js';

/** POST /detection/configs/list (docs/contract.md#listing-detection-configs). */
export function detectionConfigRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post(`/${PATHS.listDetectionConfigs}`, async request => {
    const access = authenticate(request.headers['x-api-key'], ctx.keys);
    const body = parseOrBadRequest(detectionConfigsListBodySchema, request.body ?? {});
    const org = platformOrg(access, body.slug, ctx);
    return listDetectionConfigs(ctx.store, org.slug);
  });
}
