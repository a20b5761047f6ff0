import type {FastifyInstance} from 'fastify';
import {PATHS} from '../../api/wire/index.js';
import type {SandboxContext} from '../context.js';
import {badRequest, parseOrBadRequest} from '../http-errors.js';
import {authenticate, authorizeOrg, type Access} from '../keys.js';
import type {Org} from '../model.js';
import {listTakedownsPage, takedownsListBodySchema} from '../takedowns.js';

/**
 * The org a platform listing acts on: `slug` when given (checked against the key), else the
 * scoped key's own org, as the upstream derives it from an org key; the all-orgs key must
 * name one, as the upstream asks of a key that reaches several orgs.
 */
export function platformOrg(access: Access, slug: string | undefined, ctx: SandboxContext): Org {
  if (slug !== undefined) return authorizeOrg(access, slug, s => ctx.store.findOrg(s));
  if (access.kind === 'org') return authorizeOrg(access, access.slug, s => ctx.store.findOrg(s));
  throw badRequest([{message: 'slug: required with a key that reaches several organizations', path: ['slug']}]);
}

/** POST /takedowns/list (docs/contract.md#listing-takedowns). */
export function takedownRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post(`/${PATHS.listTakedowns}`, async request => {
    const access = authenticate(request.headers['x-api-key'], ctx.keys);
    const body = parseOrBadRequest(takedownsListBodySchema, request.body ?? {});
    const org = platformOrg(access, body.slug, ctx);
    return listTakedownsPage(ctx.store, org.slug, body);
  });
}
