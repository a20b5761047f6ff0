import type {FastifyInstance} from 'fastify';
import * as z from 'zod';
import {ADMIN_PREFIX, type SandboxContext} from '../context.js';
import {awaitingReview} from '../checks/reviewing.js';
import {SANDBOX_CHECKS} from '../checks/registry.js';
import {parseOrBadRequest} from '../http-errors.js';
import type {Org, StoredReport} from '../model.js';
import {iso} from '../serialize.js';
import {adminOrg} from './admin.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const hours = z.number().min(0, 'must be at least 0').max(876_000, 'must be at most 876000 (100 years)');

const contactBody = z.object({contactUrl: z.url('contactUrl must be a URL').nullable()});
const serviceBody = z.object({
  enabled: z.boolean(),
  automationOffDaysAgo: z.number().min(0, 'automationOffDaysAgo must be at least 0').max(36_500).nullable().default(null).describe('null: automation on'),
});
const configsBody = z.object({
  configs: z.array(z.object({
    name: z.string().min(1),
    enabled: z.boolean().default(true),
    results: z.number().int().min(0).max(10_000).default(0).describe('Results it produced, all at hoursAgo'),
    hoursAgo: hours.default(1),
  })).max(100),
});
const deadBody = z.object({count: z.number().int().min(1).max(10_000), hoursAgo: hours.default(0)});
const queueBody = z.object({count: z.number().int().min(1).max(100), daysAgo: z.number().min(0).max(36_500).default(0)});

/**
 * Admin routes that change what the registry's checks read, one per kind of data (docs/sandbox.md):
 * contact URL, takedown service, detection configs, dead assets, the review queue. Takedown
 * states (TODO, IN_PROGRESS) go through `/takedowns/transitions`. Every answer is the org's
 * health picture: its data and every check graded with the defaults.
 */
export function adminHealthRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const picture = (org: Org) => {
    const health = ctx.store.healthOf(org.slug);
    const now = ctx.now();
    const checkCtx = {store: ctx.store, now, origin: ctx.origin()};
    return {
      slug: org.slug,
      contactUrl: health.contactUrl,
      takedownService: health.takedownService && {automationOffSince: health.takedownService.automationOffSince === null ? null : iso(health.takedownService.automationOffSince)},
      detectionConfigs: health.detectionConfigs.map(config => ({name: config.name, enabled: config.enabled, results: config.resultTimes.length})),
      deadAssets: ctx.store.deadAssetTimes(org.slug).length,
      reviewQueue: awaitingReview(ctx.store, org.slug).length,
      healthchecks: SANDBOX_CHECKS.map(check => {
        const result = check.run(checkCtx, check.body.parse({slug: org.slug}));
        return {id: check.id, severity: result.severity, observed: result.observed};
      }),
    };
  };
  const route = `${ADMIN_PREFIX}/orgs/:slug`;

  app.get(`${route}/health`, async request => picture(adminOrg(ctx, request)));

  app.put(`${route}/contact-url`, async request => {
    const org = adminOrg(ctx, request);
    ctx.store.healthOf(org.slug).contactUrl = parseOrBadRequest(contactBody, request.body).contactUrl;
    return picture(org);
  });

  app.put(`${route}/takedown-service`, async request => {
    const org = adminOrg(ctx, request);
    const body = parseOrBadRequest(serviceBody, request.body);
    const offSince = body.automationOffDaysAgo === null ? null : ctx.now() - body.automationOffDaysAgo * DAY;
    ctx.store.healthOf(org.slug).takedownService = body.enabled ? {automationOffSince: offSince} : null;
    return picture(org);
  });

  app.put(`${route}/detection-configs`, async request => {
    const org = adminOrg(ctx, request);
    const body = parseOrBadRequest(configsBody, request.body);
    const at = (hoursAgo: number) => ctx.now() - hoursAgo * HOUR;
    ctx.store.healthOf(org.slug).detectionConfigs = body.configs.map(config => ({name: config.name, enabled: config.enabled, resultTimes: Array.from({length: config.results}, () => at(config.hoursAgo))}));
    return picture(org);
  });

  app.post(`${route}/dead-assets`, async request => {
    const org = adminOrg(ctx, request);
    const body = parseOrBadRequest(deadBody, request.body);
    // Each dead asset is a takedown COMPLETED when its asset was found DEAD, as the seed's are.
    const deadAt = ctx.now() - body.hoursAgo * HOUR;
    for (let i = 0; i < body.count; i++) {
      const [done] = ctx.store.recordTransitions([{orgSlug: org.slug, assetContent: `${org.slug}-gone-${deadAt}-${i}.example`, from: 'IN_PROGRESS', to: 'COMPLETED', at: deadAt}]);
      ctx.store.setTakedownAsset(org.slug, done!.takedownId, {assetType: 'URL', liveness: 'DEAD', deadAt});
    }
    return picture(org);
  });

  app.delete(`${route}/dead-assets`, async request => {
    const org = adminOrg(ctx, request);
    ctx.store.reviveDeadAssets(org.slug);
    return picture(org);
  });

  app.get(`${route}/review-queue`, async request => {
    const org = adminOrg(ctx, request);
    return {
      slug: org.slug,
      proposals: awaitingReview(ctx.store, org.slug).map(entry => ({proposalId: entry.proposal.id, assetId: entry.proposal.asset.id, reportId: entry.report.id, pendingSince: iso(entry.since)})),
    };
  });

  app.post(`${route}/review-queue`, async request => {
    const org = adminOrg(ctx, request);
    const body = parseOrBadRequest(queueBody, request.body);
    const ids = ctx.store.newIds();
    const since = ctx.now() - body.daysAgo * DAY;
    for (let i = 0; i < body.count; i++) ctx.store.addReport(queuedReport(org.slug, ids, since));
    return picture(org);
  });
}

/** A report with one proposal awaiting the org's review since `since`. */
function queuedReport(slug: string, ids: ReturnType<SandboxContext['store']['newIds']>, since: number): StoredReport {
  const assetId = ids.asset();
  return {
    id: ids.report(), orgSlug: slug, title: `Queued for review ${assetId}`, description: 'Added by the sandbox admin route', contactInfo: null,
    status: 'IN_PROGRESS', createdAt: since, updatedAt: since, attachments: [],
    proposals: [{id: ids.proposal(), reviewStatus: 'PENDING_CUSTOMER_REVIEW', pendingSince: since, asset: {id: assetId, type: 'URL', content: `${slug}-queued-${assetId}.example`, status: 'UNKNOWN'}}],
    reporter: null, externalReporter: null, externalSubmissionLink: null, latestReviewDecision: null,
    reporterKind: 'automation', reviewerKind: null, reviewedByUserId: null, reportedByCustomer: false, brandIds: [], countryCode: null,
  };
}
