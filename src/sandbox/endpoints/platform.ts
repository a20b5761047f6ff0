import {
  metricsFound, metricsSummary, organizationAssetGroups, organizationAssets, organizationBrands, organizationMetrics, queuesSnapshot, userMe, userOrg, userOrgs,
} from '../../api/wire/endpoints/platform.js';
import type {SandboxContext} from '../context.js';
import {
  assetGroupsOutSchema, brandsOutSchema, listAssetGroups, listBrands, listOrgAssets, orgAssetsOutSchema, orgOut, orgOutSchema, reachableOrgs, userMe as userMeOf, userMeOutSchema, userOrgsOutSchema,
} from '../data/orgs.js';
import {metricsFound as foundOf, metricsFoundOutSchema, metricsSummary as summaryOf, metricsSummaryOutSchema, orgMetrics, orgMetricsOutSchema, queuesSnapshot as snapshotOf, queuesSnapshotOutSchema} from '../data/metrics.js';
import {forbidden, SandboxHttpError, unauthorized} from '../http-errors.js';
import type {Access} from '../keys.js';
import type {Org} from '../model.js';
import {serve} from './serve.js';

/*
 * The platform's plain reads (docs/contract.md#passthrough-reads, docs/sandbox.md#platform-reads).
 * The org of the `organization/*` and `metrics/*` reads is the key's own, as the upstream
 * derives it: the all-orgs key reaches several and names none, so it is refused as the
 * upstream refuses a key without organization access. A POST whose fields the upstream leaves
 * unstated may carry any JSON object; the sandbox reads nothing of it.
 */

const ORG_KEY_NEEDED = 'API key with organization access required';

function keyOrg(access: Access, ctx: SandboxContext): Org {
  const org = access.kind === 'org' ? ctx.store.findOrg(access.slug) : undefined;
  if (org === undefined) throw unauthorized(ORG_KEY_NEEDED);
  return org;
}

function notFound(message: string): SandboxHttpError {
  return new SandboxHttpError(404, {message, code: 'NOT_FOUND', issues: []});
}

/** A bare date as an end is its whole day (UTC). */
const endOf = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T23:59:59.999Z`) : Date.parse(text));

export const organizationMetricsServed = serve(organizationMetrics, {
  answer: orgMetricsOutSchema,
  answers: 'The counts; createdAt within startDate/endDate, both inclusive',
  errors: {404: 'No such brand (code NOT_FOUND, "Brand not found")'},
  errorShape: 'nested',
  exampleKey: 'scoped',
  example: {startDate: '2026-01-01'},
  handle: ({input, access, ctx}) => {
    const org = keyOrg(access, ctx);
    const brand = input.brandSlug === undefined ? undefined : ctx.store.brands.find(b => b.orgSlug === org.slug && b.slug === input.brandSlug);
    if (input.brandSlug !== undefined && brand === undefined) throw notFound('Brand not found');
    const from = input.startDate === undefined ? undefined : Date.parse(input.startDate);
    return orgMetrics(ctx.store, org.slug, {from, to: input.endDate === undefined ? undefined : endOf(input.endDate), brandId: brand?.id});
  },
});

export const metricsSummaryServed = serve(metricsSummary, {
  answer: metricsSummaryOutSchema,
  answers: "The sandbox's summary: the organization metrics of all time, with the org",
  exampleKey: 'scoped',
  handle: ({access, ctx}) => summaryOf(ctx.store, keyOrg(access, ctx).slug),
});

export const metricsFoundServed = serve(metricsFound, {
  answer: metricsFoundOutSchema,
  answers: "The sandbox's found metric: the summary's newThreats",
  exampleKey: 'scoped',
  handle: ({access, ctx}) => foundOf(ctx.store, keyOrg(access, ctx).slug),
});

// Every org for the all-orgs key (the upstream CLI's staff-only --all), the key's own otherwise.
export const queuesSnapshotServed = serve(queuesSnapshot, {
  answer: queuesSnapshotOutSchema,
  answers: 'Per organization the key reaches: the review queue and the TODO and IN_PROGRESS takedowns, with age buckets',
  handle: ({access, ctx}) => snapshotOf(ctx.store, reachableOrgs(ctx.store, access).map(org => org.slug), ctx.now()),
});

export const userMeServed = serve(userMe, {
  answer: userMeOutSchema,
  answers: 'The all-orgs key is a staff user, a scoped key its org\'s machine user',
  handle: ({access, ctx}) => userMeOf(ctx.store, access),
});

export const userOrgsServed = serve(userOrgs, {
  answer: userOrgsOutSchema,
  answers: 'The organizations the key reaches (filters accepted and not applied)',
  handle: ({access, ctx}) => ({organizations: reachableOrgs(ctx.store, access).map(org => orgOut(ctx.store, org))}),
});

export const userOrgServed = serve(userOrg, {
  answer: orgOutSchema,
  answers: 'The organization',
  errors: {404: 'No such organization (code NOT_FOUND)'},
  exampleParams: {slug: 'acme'},
  handle: ({access, params, ctx}) => {
    const slug = params.slug ?? '';
    if (access.kind === 'org' && access.slug !== slug) throw forbidden([{message: 'Org-scoped API keys must match the requested slug'}]);
    const org = ctx.store.findOrg(slug);
    if (org === undefined) throw notFound(`Organization with slug '${slug}' not found`);
    return orgOut(ctx.store, org);
  },
});

export const organizationAssetsServed = serve(organizationAssets, {
  answer: orgAssetsOutSchema,
  answers: "One page of the org's own assets; next_page is null on the last",
  errorShape: 'nested',
  exampleKey: 'scoped',
  example: {per_page: '2'},
  handle: ({input, access, ctx}) => listOrgAssets(ctx.store, keyOrg(access, ctx), input),
});

export const organizationAssetGroupsServed = serve(organizationAssetGroups, {
  answer: assetGroupsOutSchema,
  answers: 'Every group with its asset count, empty ones included',
  errorShape: 'nested',
  exampleKey: 'scoped',
  handle: ({access, ctx}) => listAssetGroups(ctx.store, keyOrg(access, ctx)),
});

export const organizationBrandsServed = serve(organizationBrands, {
  answer: brandsOutSchema,
  answers: "The org's brands",
  errorShape: 'nested',
  exampleKey: 'scoped',
  handle: ({access, ctx}) => listBrands(ctx.store, keyOrg(access, ctx)),
});
