import type {FastifyInstance} from 'fastify';
import * as z from 'zod';
import {HEALTHCHECK_DEFAULTS} from '../../api/wire/index.js';
import {ADMIN_PREFIX, type SandboxContext} from '../context.js';
import {cancelledCountResult} from '../healthcheck.js';
import {parseOrBadRequest} from '../http-errors.js';
import {authenticate, authorizeOrg, requireAllOrgs} from '../keys.js';
import type {Org, TakedownTransition} from '../model.js';
import {cancellationsBodySchema, transitionsBodySchema} from '../schemas.js';
import {iso} from '../serialize.js';

const HOUR = 3_600_000;
const slugParams = z.object({slug: z.string().min(1)});
const logQuery = z.object({status: z.string().regex(/^[A-Z_]+$/, 'status must be an upper-case takedown state').optional()});
const faultBody = z.object({
  status: z.union([z.literal(429), z.literal(500), z.literal(502), z.literal(503)]).default(500),
  times: z.number().int().min(1).max(100).default(1),
  pathPrefix: z
    .string()
    .default('')
    // Both forms: the path under /api/v2 (`healthchecks`) and the whole one (`/api/v2/healthchecks`).
    .transform(prefix => prefix.replace(/^\/?api\/v2(\/|$)/, '').replace(/^\//, ''))
    .refine(prefix => !/^(api(\/|$)|_sandbox)/.test(prefix), {
      message: 'pathPrefix must name an API path, under /api/v2 or without it (e.g. "healthchecks" or "/api/v2/healthchecks"): faults apply to API calls only, so this one could never match',
    }),
});

type AdminRequest = {headers: Record<string, unknown>; params: unknown};

/** The org of an admin route's `:slug`, for the all-orgs key only. */
export function adminOrg(ctx: SandboxContext, request: AdminRequest): Org {
  const access = authenticate(request.headers['x-api-key'] as string | undefined, ctx.keys);
  requireAllOrgs(access);
  const {slug} = parseOrBadRequest(slugParams, request.params);
  return authorizeOrg(access, slug, s => ctx.store.findOrg(s));
}

/**
 * Routes outside /api/v2 that let a demo or a test drive the sandbox: record takedown
 * transitions (move an org across a healthcheck threshold), read or clear an org's log, read
 * or reset an org's review limit, and queue failures for the next API calls. All need the
 * all-orgs key.
 */
export function adminRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const orgOf = (request: AdminRequest) => adminOrg(ctx, request);
  const summary = (slug: string) => {
    const result = cancelledCountResult(ctx.store, {slug}, ctx.now(), ctx.origin());
    return {cancelledCount: result.observed.cancelledCount, severity: result.severity, lookbackHours: HEALTHCHECK_DEFAULTS.lookbackHours};
  };
  const view = (t: TakedownTransition) => ({takedownId: t.takedownId, assetContent: t.assetContent, from: t.from, to: t.to, at: iso(t.at)});
  const when = (body: {at?: string | undefined; hoursAgo?: number | undefined}) =>
    body.at !== undefined ? Date.parse(body.at) : ctx.now() - (body.hoursAgo ?? 0) * HOUR;

  app.get(`${ADMIN_PREFIX}/orgs`, async request => {
    requireAllOrgs(authenticate(request.headers['x-api-key'], ctx.keys));
    return {
      orgs: ctx.store.orgs.map(org => ({
        ...org,
        reports: ctx.store.reports.filter(r => r.orgSlug === org.slug).length,
        defaultHealthcheck: summary(org.slug),
      })),
    };
  });

  app.get(`${ADMIN_PREFIX}/orgs/:slug/takedowns`, async request => {
    const org = orgOf(request);
    const {status} = parseOrBadRequest(logQuery, request.query ?? {});
    const log = ctx.store.takedowns.filter(t => t.orgSlug === org.slug && (status === undefined || t.to === status)).sort((a, b) => b.at - a.at);
    return {slug: org.slug, transitions: log.map(view), defaultHealthcheck: summary(org.slug)};
  });

  app.delete(`${ADMIN_PREFIX}/orgs/:slug/takedowns`, async request => {
    const org = orgOf(request);
    return {slug: org.slug, removed: ctx.store.clearTakedowns(org.slug), defaultHealthcheck: summary(org.slug)};
  });

  app.post(`${ADMIN_PREFIX}/orgs/:slug/takedowns/cancellations`, async request => {
    const org = orgOf(request);
    const body = parseOrBadRequest(cancellationsBodySchema, request.body ?? {});
    const at = when(body);
    const recorded = ctx.store.recordTransitions(
      Array.from({length: body.count}, () => ({orgSlug: org.slug, assetContent: `${org.slug}-takedown.example`, from: 'IN_PROGRESS', to: 'CANCELLED', at})),
    );
    return {slug: org.slug, recorded: recorded.map(view), defaultHealthcheck: summary(org.slug)};
  });

  app.post(`${ADMIN_PREFIX}/orgs/:slug/takedowns/transitions`, async request => {
    const org = orgOf(request);
    const body = parseOrBadRequest(transitionsBodySchema, request.body);
    const recorded = ctx.store.recordTransitions(
      body.transitions.map(t => ({
        ...(t.takedownId === undefined ? {} : {takedownId: t.takedownId}),
        orgSlug: org.slug,
        assetContent: t.assetContent ?? `${org.slug}-takedown.example`,
        from: t.from ?? null,
        to: t.to,
        at: when(t),
      })),
    );
    return {slug: org.slug, recorded: recorded.map(view), defaultHealthcheck: summary(org.slug)};
  });

  // The review limit counts accepted reviews over the rolling day; forgetting them lifts it.
  const reviewLimit = (slug: string) => {
    const since = ctx.now() - 24 * HOUR;
    const recent = ctx.store.reviewsSince(slug, since);
    const oldest = recent.reduce<number | undefined>((min, r) => (min === undefined || r.at < min ? r.at : min), undefined);
    return {
      slug,
      limit: ctx.reviewLimit,
      used: recent.length,
      remaining: Math.max(0, ctx.reviewLimit - recent.length),
      // When the oldest review of the window leaves it, one more review is allowed.
      nextFreeAt: recent.length >= ctx.reviewLimit && oldest !== undefined ? iso(oldest + 24 * HOUR) : null,
    };
  };

  app.get(`${ADMIN_PREFIX}/orgs/:slug/review-limit`, async request => reviewLimit(orgOf(request).slug));

  app.delete(`${ADMIN_PREFIX}/orgs/:slug/review-limit`, async request => {
    const org = orgOf(request);
    const removed = ctx.store.clearReviews(org.slug);
    return {...reviewLimit(org.slug), removed};
  });

  app.post(`${ADMIN_PREFIX}/faults`, async request => {
    requireAllOrgs(authenticate(request.headers['x-api-key'], ctx.keys));
    const body = parseOrBadRequest(faultBody, request.body ?? {});
    ctx.faults.push({status: body.status, pathPrefix: body.pathPrefix, remaining: body.times});
    return {queued: ctx.faults.map(f => ({...f}))};
  });
}
