import type {FastifyInstance} from 'fastify';
import * as z from 'zod';
import {PATHS} from '../../api/wire/index.js';
import type {SandboxContext} from '../context.js';
import {listAssetGroups, listBrands, listOrgAssets, orgAssetsQuerySchema, orgOut, reachableOrgs, userMe} from '../data/orgs.js';
import {metricsFound, metricsSummary, orgMetrics, queuesSnapshot} from '../data/metrics.js';
import {forbidden, NESTED_ERRORS, parseOrBadRequest, SandboxHttpError, unauthorized} from '../http-errors.js';
import {authenticate, type Access} from '../keys.js';
import type {Org} from '../model.js';

/*
 * The platform's plain reads (docs/contract.md#passthrough-reads, docs/sandbox.md#platform-reads).
 * The org of the `organization/*` and `metrics/*` reads is the key's own, as the upstream
 * derives it: the all-orgs key reaches several and names none, so it is refused as the
 * upstream refuses a key without organization access. The POST bodies whose fields the docs
 * leave unstated may be any JSON object; the sandbox reads nothing from them.
 */

export const anyObjectSchema = z.looseObject({});
const ORG_KEY_NEEDED = 'API key with organization access required';

function keyOrg(access: Access, ctx: SandboxContext): Org {
  const org = access.kind === 'org' ? ctx.store.findOrg(access.slug) : undefined;
  if (org === undefined) throw unauthorized(ORG_KEY_NEEDED);
  return org;
}

function notFound(message: string): SandboxHttpError {
  return new SandboxHttpError(404, {message, code: 'NOT_FOUND', issues: []});
}

const DATE_ERROR = 'Invalid date format. Use ISO 8601 format.';
const orgMetricsQuerySchema = z.object({
  brandSlug: z.string().min(1).optional(),
  startDate: z.string().refine(text => !Number.isNaN(Date.parse(text)), DATE_ERROR).optional(),
  endDate: z.string().refine(text => !Number.isNaN(Date.parse(text)), DATE_ERROR).optional(),
});

export function platformRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const access = (request: {headers: Record<string, string | string[] | undefined>}) => authenticate(request.headers['x-api-key'], ctx.keys);

  app.get(`/${PATHS.organizationMetrics}`, {config: NESTED_ERRORS}, async request => {
    const org = keyOrg(access(request), ctx);
    const query = parseOrBadRequest(orgMetricsQuerySchema, request.query);
    const brand = query.brandSlug === undefined ? undefined : ctx.store.brands.find(b => b.orgSlug === org.slug && b.slug === query.brandSlug);
    if (query.brandSlug !== undefined && brand === undefined) throw notFound('Brand not found');
    const end = query.endDate === undefined ? undefined : /^\d{4}-\d{2}-\d{2}$/.test(query.endDate) ? Date.parse(`${query.endDate}T23:59:59.999Z`) : Date.parse(query.endDate);
    return orgMetrics(ctx.store, org.slug, {from: query.startDate === undefined ? undefined : Date.parse(query.startDate), to: end, brandId: brand?.id});
  });

  app.post(`/${PATHS.metricsSummary}`, async request => {
    const org = keyOrg(access(request), ctx);
    parseOrBadRequest(anyObjectSchema, request.body ?? {});
    return metricsSummary(ctx.store, org.slug);
  });

  app.post(`/${PATHS.metricsFound}`, async request => {
    const org = keyOrg(access(request), ctx);
    parseOrBadRequest(anyObjectSchema, request.body ?? {});
    return metricsFound(ctx.store, org.slug);
  });

  // Every org for the all-orgs key (the upstream CLI's staff-only --all), the key's own otherwise.
  app.post(`/${PATHS.queuesSnapshot}`, async request => {
    const orgs = reachableOrgs(ctx.store, access(request));
    parseOrBadRequest(anyObjectSchema, request.body ?? {});
    return queuesSnapshot(ctx.store, orgs.map(org => org.slug), ctx.now());
  });

  app.post(`/${PATHS.userMe}`, async request => {
    const who = access(request);
    parseOrBadRequest(anyObjectSchema, request.body ?? {});
    return userMe(ctx.store, who);
  });

  app.post(`/${PATHS.userOrgs}`, async request => {
    const orgs = reachableOrgs(ctx.store, access(request));
    parseOrBadRequest(anyObjectSchema, request.body ?? {});
    return {organizations: orgs.map(org => orgOut(ctx.store, org))};
  });

  app.get(`/${PATHS.userOrg.replace('{slug}', ':slug')}`, async request => {
    const who = access(request);
    const {slug} = request.params as {slug: string};
    if (who.kind === 'org' && who.slug !== slug) throw forbidden([{message: 'Org-scoped API keys must match the requested slug'}]);
    const org = ctx.store.findOrg(slug);
    if (org === undefined) throw notFound(`Organization with slug '${slug}' not found`);
    return orgOut(ctx.store, org);
  });

  app.get(`/${PATHS.organizationAssets}`, {config: NESTED_ERRORS}, async request => {
    const org = keyOrg(access(request), ctx);
    const query = parseOrBadRequest(orgAssetsQuerySchema, request.query);
    return listOrgAssets(ctx.store, org, query);
  });

  app.get(`/${PATHS.organizationAssetGroups}`, {config: NESTED_ERRORS}, async request => listAssetGroups(ctx.store, keyOrg(access(request), ctx)));

  app.get(`/${PATHS.organizationBrands}`, {config: NESTED_ERRORS}, async request => listBrands(ctx.store, keyOrg(access(request), ctx)));
}
