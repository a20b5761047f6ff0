import type {FastifyInstance} from 'fastify';
import {HEALTHCHECK_LIST_PATH} from '../../api/wire/index.js';
import type {SandboxContext} from '../context.js';
import {registryBody, routeOf, SANDBOX_CHECKS} from '../checks/registry.js';
import {parseOrBadRequest} from '../http-errors.js';
import {authenticate, authorizeOrg} from '../keys.js';

/** POST /healthchecks/list (the registry) and POST /healthchecks/<group>/<name> for each implemented check. */
export function healthcheckRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post(`/${HEALTHCHECK_LIST_PATH}`, async request => {
    authenticate(request.headers['x-api-key'], ctx.keys);
    return registryBody();
  });
  for (const check of SANDBOX_CHECKS) {
    app.post(routeOf(check), async request => {
      const access = authenticate(request.headers['x-api-key'], ctx.keys);
      const body = parseOrBadRequest(check.body, request.body);
      authorizeOrg(access, body.slug, slug => ctx.store.findOrg(slug));
      return check.run({store: ctx.store, now: ctx.now(), origin: ctx.origin()}, body);
    });
  }
}
