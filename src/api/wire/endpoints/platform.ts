import * as z from 'zod';
import {memo} from '../../../memo.js';
import {defineEndpoint} from '../endpoint.js';

/*
 * The platform's plain reads (docs/contract.md#passthrough-reads): metrics, the queue
 * snapshot, the current user, organizations, the allowlist, asset groups and brands. Only
 * the request fields the docs name are declared, so only they are sent: a POST whose fields
 * the docs leave unstated declares none and sends `{}`. The answer is read by no schema
 * (`z.unknown()`): vigil hands it back as the upstream sent it, and src/cli/passthrough.ts
 * shows what it can read of it.
 */

/** The answer as sent: any JSON (a body that is not JSON is still a ContractError). */
const asSent = memo(() => z.unknown());
/** A POST body with no documented field: vigil sends `{}`; the sandbox accepts any object and reads nothing of it. */
const noDocumentedFields = memo(() => z.looseObject({}).describe('The upstream documents no request field; vigil sends {}'));
/** A GET with no documented query parameter. */
const noQuery = memo(() => z.object({}));

const DATE_ERROR = 'Invalid date format. Use ISO 8601 format.';
const isoText = () => z.string().refine(text => !Number.isNaN(Date.parse(text)), DATE_ERROR);

export const orgMetricsQuerySchema = memo(() => z.object({
  brandSlug: z.string().min(1).optional().describe('Only this brand (the upstream needs its brands-metrics feature)'),
  startDate: isoText().optional().describe('ISO 8601, inclusive; default: the beginning of time'),
  endDate: isoText().optional().describe('ISO 8601, inclusive; default: now'),
}));

/** vigil's input of GET /organization/metrics. */
export interface OrgMetricsFilters {
  brandSlug?: string;
  from?: string;
  to?: string;
}

export const organizationMetrics = defineEndpoint({
  name: 'organizationMetrics',
  method: 'GET',
  path: 'organization/metrics',
  summary: "The key's organization's counts: reports, threats, takedowns; blocked threats by type and by day",
  tag: 'platform',
  request: orgMetricsQuerySchema,
  toWire: (filters: OrgMetricsFilters) => ({brandSlug: filters.brandSlug, startDate: filters.from, endDate: filters.to}),
  response: asSent,
  repeat: 'idempotent',
});

const UNSTATED = ' (the upstream documents no request fields and no response schema)';
// The build lists each `defineEndpoint({` it finds (scripts/gen/registries.mjs): one spelt out per read.
export const metricsSummary = defineEndpoint({name: 'metricsSummary', method: 'POST', path: 'metrics/summary', summary: `The key's organization's customer-facing metrics${UNSTATED}`, tag: 'platform', request: noDocumentedFields, response: asSent, repeat: 'idempotent'});
export const metricsFound = defineEndpoint({name: 'metricsFound', method: 'POST', path: 'metrics/found', summary: `The key's organization's found metric (new threats)${UNSTATED}`, tag: 'platform', request: noDocumentedFields, response: asSent, repeat: 'idempotent'});
export const queuesSnapshot = defineEndpoint({name: 'queuesSnapshot', method: 'POST', path: 'operations/queues/snapshot', summary: `The pending review and takedown queues, with age buckets${UNSTATED}`, tag: 'platform', request: noDocumentedFields, response: asSent, repeat: 'idempotent'});
export const userMe = defineEndpoint({name: 'userMe', method: 'POST', path: 'user/me', summary: `Who the key belongs to${UNSTATED}`, tag: 'platform', request: noDocumentedFields, response: asSent, repeat: 'idempotent'});

export const userOrgs = defineEndpoint({
  name: 'userOrgs',
  method: 'POST',
  path: 'user/orgs',
  summary: 'The organizations the key reaches (the documented example body is {}; its filters have no documented types)',
  tag: 'platform',
  request: noDocumentedFields,
  response: asSent,
  repeat: 'idempotent',
});

export const userOrg = defineEndpoint({
  name: 'userOrg',
  method: 'GET',
  path: 'user/orgs/{slug}',
  summary: 'One organization the key reaches (no documented response schema)',
  tag: 'platform',
  request: noQuery,
  toWire: (_input: {slug: string}) => ({}),
  params: input => ({slug: input.slug}),
  response: asSent,
  repeat: 'idempotent',
});

/** Documented page bounds of GET /organization/assets (`per_page`). */
export const ORG_ASSETS_PAGE_MAX = 1000;
const perPageMessage = `per_page must be an integer from 1 to ${ORG_ASSETS_PAGE_MAX}`;

/** The documented query of GET /organization/assets (docs/contract.md#the-organizations-allowlist), as the sandbox checks it. */
export const orgAssetsQuerySchema = memo(() => z.object({
  type: z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'Invalid asset type provided').optional().describe('One asset type'),
  groupId: z.string().regex(/^-?\d+$/, 'groupId must be an integer').transform(Number).optional().describe('-1: assets in no group'),
  query: z.string().optional().describe('Case-insensitive, over content, name and description'),
  per_page: z.string().regex(/^\d+$/, perPageMessage).transform(Number).pipe(z.number().int().min(1, perPageMessage).max(ORG_ASSETS_PAGE_MAX, perPageMessage)).optional().describe('1-1000, default 100'),
  next_page: z.string().regex(/^[1-9]\d*$/, 'next_page must be the next_page of the previous answer').optional().describe('The next_page of the previous answer'),
}));

/** vigil's input of GET /organization/assets. */
export interface OrgAssetsFilters {
  type?: string;
  groupId?: number;
  query?: string;
  perPage?: number;
  nextPage?: string;
}

export const organizationAssets = defineEndpoint({
  name: 'organizationAssets',
  method: 'GET',
  path: 'organization/assets',
  summary: "The key's organization's own assets (its allowlist), paged by next_page",
  tag: 'platform',
  request: orgAssetsQuerySchema,
  toWire: (filters: OrgAssetsFilters) => ({type: filters.type, groupId: filters.groupId?.toString(), query: filters.query, per_page: filters.perPage?.toString(), next_page: filters.nextPage}),
  response: asSent,
  repeat: 'idempotent',
});

export const organizationAssetGroups = defineEndpoint({
  name: 'organizationAssetGroups',
  method: 'GET',
  path: 'organization/asset-groups',
  summary: "The key's organization's asset groups with their asset counts (not paged)",
  tag: 'platform',
  request: noQuery,
  response: asSent,
  repeat: 'idempotent',
});

export const organizationBrands = defineEndpoint({
  name: 'organizationBrands',
  method: 'GET',
  path: 'organization/brands',
  summary: "The key's organization's brands (not paged; no documented response schema)",
  tag: 'platform',
  request: noQuery,
  response: asSent,
  repeat: 'idempotent',
});
