import * as z from 'zod';
import {PATHS} from '../api/wire/index.js';
import {assetGroupsOutSchema, brandsOutSchema, orgAssetsOutSchema, orgAssetsQuerySchema, orgOutSchema, userMeOutSchema, userOrgsOutSchema} from './data/orgs.js';
import {metricsFoundOutSchema, metricsSummaryOutSchema, orgMetricsOutSchema, queuesSnapshotOutSchema} from './data/metrics.js';
import {anyObjectSchema} from './routes/platform.js';

/*
 * The OpenAPI entries of the platform's plain reads (routes/platform.ts), built by
 * openapi.ts's own helpers so they publish the schemas the routes answer in. Where the
 * upstream documents no request or response, the summary says so: the schema is the sandbox's.
 */

type Json = Record<string, unknown>;
export interface OpenApiHelpers {
  ok: (description: string, schema: z.ZodType) => Json;
  jsonBody: (schema: z.ZodType) => Json;
  schemaOf: (schema: z.ZodType, io: 'input' | 'output') => Json;
  errorResponse: (description: string, schema?: string) => Json;
  errors: (schema: 'Error' | 'NestedError') => Json;
}

const UNSTATED = ' (the upstream documents no request fields and no response schema; this is the sandbox\'s)';

export function platformOpenApiPaths(h: OpenApiHelpers): Record<string, Json> {
  const nested = {...h.errors('NestedError'), 404: h.errorResponse('Not found (code NOT_FOUND)', 'NestedError')};
  const query = (schema: z.ZodObject) => Object.entries(schema.shape).map(([name, field]) => ({name, in: 'query', required: false, schema: h.schemaOf((field as z.ZodOptional<z.ZodType>).unwrap(), 'input')}));
  const post = (operationId: string, summary: string, schema: z.ZodType) => ({
    post: {operationId, summary: summary + UNSTATED, tags: ['platform'], requestBody: h.jsonBody(anyObjectSchema), responses: {200: h.ok(summary, schema), ...h.errors('Error')}},
  });
  const get = (operationId: string, summary: string, schema: z.ZodType, extra: Json = {}) => ({get: {operationId, summary, tags: ['platform'], ...extra, responses: {200: h.ok(summary, schema), ...nested}}});
  return {
    [`/${PATHS.organizationMetrics}`]: get('organizationMetrics', "The key's organization's counts, blocked threats by type and by day", orgMetricsOutSchema, {
      parameters: [
        {name: 'brandSlug', in: 'query', required: false, schema: {type: 'string'}},
        {name: 'startDate', in: 'query', required: false, description: 'ISO 8601, inclusive, on createdAt', schema: {type: 'string'}},
        {name: 'endDate', in: 'query', required: false, description: 'ISO 8601, inclusive; a bare date is its whole day', schema: {type: 'string'}},
      ],
    }),
    [`/${PATHS.metricsSummary}`]: post('metricsSummary', "The key's organization's metrics summary", metricsSummaryOutSchema),
    [`/${PATHS.metricsFound}`]: post('metricsFound', "The key's organization's found metric (new threats)", metricsFoundOutSchema),
    [`/${PATHS.queuesSnapshot}`]: post('operationsQueuesSnapshot', 'Pending review and takedown queues with age buckets, per organization the key reaches', queuesSnapshotOutSchema),
    [`/${PATHS.userMe}`]: post('userMe', 'Who the key belongs to', userMeOutSchema),
    [`/${PATHS.userOrgs}`]: {
      post: {operationId: 'userOrgs', summary: 'The organizations the key reaches (filters accepted and ignored)', tags: ['platform'], requestBody: h.jsonBody(anyObjectSchema), responses: {200: h.ok('The organizations', userOrgsOutSchema), ...h.errors('Error')}},
    },
    [`/${PATHS.userOrg}`]: {
      get: {
        operationId: 'userOrgGet',
        summary: 'One organization the key reaches',
        tags: ['platform'],
        parameters: [{name: 'slug', in: 'path', required: true, schema: {type: 'string'}}],
        responses: {200: h.ok('The organization', orgOutSchema), ...h.errors('Error'), 404: h.errorResponse('No such organization (code NOT_FOUND)')},
      },
    },
    [`/${PATHS.organizationAssets}`]: get('organizationAssets', "The key's organization's own assets (its allowlist), paged by next_page", orgAssetsOutSchema, {parameters: query(orgAssetsQuerySchema)}),
    [`/${PATHS.organizationAssetGroups}`]: get('organizationAssetGroups', "The key's organization's asset groups with their asset counts (not paged)", assetGroupsOutSchema),
    [`/${PATHS.organizationBrands}`]: get('organizationBrands', "The key's organization's brands (not paged)", brandsOutSchema),
  };
}
