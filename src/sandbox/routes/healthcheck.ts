import type {FastifyInstance} from 'fastify';
import {healthcheckPath} from '../../api/wire/index.js';
import type {SandboxContext} from '../context.js';
import {CANCELLED_COUNT_ID, cancelledCountResult} from '../healthcheck.js';
import {parseOrBadRequest} from '../http-errors.js';
import {authenticate, authorizeOrg} from '../keys.js';
import {cancelledCountBodySchema} from '../schemas.js';

/** POST /healthchecks/takedowns/cancelled-count (SPEC.md 4.1). */
export function healthcheckRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post(`/${healthcheckPath(CANCELLED_COUNT_ID)}`, async request => {
    const access = authenticate(request.headers['x-api-key'], ctx.keys);
    const body = parseOrBadRequest(cancelledCountBodySchema, request.body);
    authorizeOrg(access, body.slug, slug => ctx.store.findOrg(slug));
    return cancelledCountResult(ctx.store, body, ctx.now(), ctx.origin());
  });
}
