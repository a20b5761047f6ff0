import * as z from 'zod';
import {
  createReportRequestSchema, HEALTHCHECK_LIST_PATH, healthcheckRegistryWireSchema, healthcheckResultWireSchema, PATHS, PROPOSAL_REVIEW_PATH, REVIEW_LIMIT_PER_DAY, reviewRequestSchema,
  searchReportsRequestSchema,
} from '../api/wire/index.js';
import {routeOf, SANDBOX_CHECKS} from './checks/registry.js';
import {takedownsListBodySchema, takedownsListResponseOutSchema} from './takedowns.js';
import {assetCheckBodySchema, assetCheckResponseOutSchema} from './routes/assets.js';
import {assetListRequestSchema, assetListResponseOutSchema, assetSearchRequestSchema, assetSearchResponseOutSchema} from './data/asset-views.js';
import {threatsListRequestSchema, threatsListResponseOutSchema} from './data/threats.js';
import {detectionListRequestSchema, detectionListResponseOutSchema, detectionSourcesResponseOutSchema} from './data/detections.js';
import {
  createReportResponseOutSchema, errorBodySchema, listReportsQuerySchema, nestedErrorBodySchema,
  listReportsResponseOutSchema, reviewResponseOutSchema, searchReportsResponseOutSchema,
} from './schemas.js';

/*
 * GET /api/v2/openapi.json: OpenAPI 3.1 built from the very schemas the routes validate
 * with and answer in (z.toJSONSchema, JSON Schema 2020-12 as OpenAPI 3.1 uses), so the
 * published contract cannot drift from the code.
 */

type Json = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const {$schema: _ignored, ...rest} = z.toJSONSchema(schema, {io, unrepresentable: 'any'}) as Json;
  return rest;
}

const errorResponse = (description: string, schema = 'Error') => ({description, content: {'application/json': {schema: {$ref: `#/components/schemas/${schema}`}}}});
/** The errors every operation may answer, in the operation's error shape (http-errors.ts). */
const commonErrors = (schema: 'Error' | 'NestedError' = 'Error') => ({
  400: errorResponse(`Invalid input data (code BAD_REQUEST); ${schema === 'Error' ? 'issues lists' : 'the message names'} every problem`, schema),
  401: errorResponse('Authorization not provided (code UNAUTHORIZED)', schema),
  403: errorResponse('Insufficient access (code FORBIDDEN)', schema),
  413: errorResponse('Request body over the size limit', schema),
  500: errorResponse('Internal server error (code INTERNAL_SERVER_ERROR)', schema),
});
const COMMON_ERRORS = commonErrors();
/** Operations with a JSON body also refuse any other content type. */
const BODY_ERRORS = {...COMMON_ERRORS, 415: errorResponse('The body is not application/json (code UNSUPPORTED_MEDIA_TYPE)')};

function jsonBody(schema: z.ZodType): Json {
  return {required: true, content: {'application/json': {schema: schemaOf(schema, 'input')}}};
}

function ok(description: string, schema: z.ZodType): Json {
  return {description, content: {'application/json': {schema: schemaOf(schema, 'output')}}};
}

function queryParameters(): Json[] {
  return Object.entries(listReportsQuerySchema.shape).map(([name, schema]) => {
    const field = schema as z.ZodType;
    const optional = field instanceof z.ZodOptional;
    const inner = optional ? (field as z.ZodOptional<z.ZodType>).unwrap() : field;
    const json = schemaOf(inner, 'input');
    const description = field.description ?? inner.description;
    return {name, in: 'query', required: !optional, ...(description ? {description} : {}), ...(name === 'excludeAutomation' ? {deprecated: true} : {}), schema: json};
  });
}

/** `takedowns.cancelled-count` -> `healthchecksTakedownsCancelledCount`. */
function operationId(checkId: string): string {
  return `healthchecks${checkId.split(/[.-]/).map(word => word.charAt(0).toUpperCase() + word.slice(1)).join('')}`;
}

export function buildOpenApiDocument(version: string): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'External API v2 (vigil sandbox)',
      version: '2.0.0',
      description: `The subset of the External API v2 that vigil uses, as served by \`vigil sandbox\` ${version}. Authenticate with the X-API-KEY header.`,
    },
    servers: [{url: '/api/v2'}],
    security: [{apiKey: []}],
    tags: [{name: 'report'}, {name: 'proposals'}, {name: 'healthchecks'}, {name: 'takedowns'}, {name: 'asset'}, {name: 'threats'}, {name: 'detections'}],
    paths: {
      [`/${HEALTHCHECK_LIST_PATH}`]: {
        post: {
          operationId: 'healthchecksList',
          summary: 'The healthcheck registry: every check, including planned ones; only call those with implemented true',
          tags: ['healthchecks'],
          responses: {200: ok('The registry', healthcheckRegistryWireSchema()), ...COMMON_ERRORS},
        },
      },
      ...Object.fromEntries(SANDBOX_CHECKS.map(check => [routeOf(check), {
        post: {
          operationId: operationId(check.id),
          summary: check.summary,
          tags: ['healthchecks'],
          requestBody: jsonBody(check.body),
          responses: {200: ok('Healthcheck result', healthcheckResultWireSchema()), ...BODY_ERRORS},
        },
      }])),
      [`/${PATHS.createReport}`]: {
        post: {
          operationId: 'reportCreate',
          summary: 'Create a report with one or more assets',
          tags: ['report'],
          requestBody: jsonBody(createReportRequestSchema()),
          responses: {
            200: ok('Report created', createReportResponseOutSchema),
            ...BODY_ERRORS,
            422: errorResponse('Assets rejected; data.errors lists each (nothing was created)'),
          },
        },
      },
      [`/${PATHS.listReports}`]: {
        get: {
          operationId: 'organizationReports',
          summary: "List an organization's reports, newest first",
          tags: ['report'],
          parameters: queryParameters(),
          // docs/contract.md#errors: the listing's errors are {"error": {"code", "message"}} upstream.
          responses: {200: ok('One page of reports', listReportsResponseOutSchema), ...commonErrors('NestedError')},
        },
      },
      [`/${PROPOSAL_REVIEW_PATH}`]: {
        post: {
          operationId: 'organizationProposalReview',
          summary: 'Approve, reject or watchlist one proposal of the needs-customer-review queue (not idempotent)',
          description: `Label only with APPROVE, rejectReason only with REJECT, watchlistReason only with WATCHLIST. At most ${REVIEW_LIMIT_PER_DAY} reviews per organization per rolling 24 hours (every key of the org counts; \`vigil sandbox --review-limit\` changes it). A refused request does not count.`,
          tags: ['proposals'],
          parameters: [{name: 'proposalId', in: 'path', required: true, description: 'proposals[].id from the listing', schema: {type: 'string'}}],
          requestBody: jsonBody(reviewRequestSchema()),
          responses: {
            200: ok('Proposal reviewed', reviewResponseOutSchema),
            ...BODY_ERRORS,
            404: errorResponse('No such proposal (code NOT_FOUND)'),
            409: errorResponse("assetId is not the proposal's asset, or the proposal is not awaiting review (code CONFLICT)"),
            429: errorResponse(`Review limit of ${REVIEW_LIMIT_PER_DAY} per day reached for this organization (code TOO_MANY_REQUESTS)`),
          },
        },
      },
      [`/${PATHS.listTakedowns}`]: {
        post: {
          operationId: 'takedownsList',
          summary: "List the organization's takedowns (current state), filtered; newest update first unless sorting says otherwise",
          tags: ['takedowns'],
          requestBody: jsonBody(takedownsListBodySchema),
          responses: {200: ok('One page of takedowns; next_page is null on the last', takedownsListResponseOutSchema), ...BODY_ERRORS},
        },
      },
      [`/${PATHS.checkAsset}`]: {
        post: {
          operationId: 'assetCheck',
          summary: 'Check asset status: BLOCKED, ALLOWED or UNKNOWN, with the source that decided',
          tags: ['asset'],
          requestBody: jsonBody(assetCheckBodySchema),
          responses: {200: ok('The asset status', assetCheckResponseOutSchema), ...BODY_ERRORS},
        },
      },
      [`/${PATHS.searchAsset}`]: {
        post: {
          operationId: 'assetSearch',
          summary: 'Search an asset by content or id: its status, reports, takedown and who consumed the block (not found: asset null)',
          tags: ['asset'],
          requestBody: jsonBody(assetSearchRequestSchema()),
          responses: {200: ok('The asset and what refers to it', assetSearchResponseOutSchema), ...BODY_ERRORS},
        },
      },
      [`/${PATHS.listAssets}`]: {
        post: {
          operationId: 'assetList',
          summary: 'List the assets of one type in one status (default BLOCKED), updated in a date range (default the last day)',
          tags: ['asset'],
          requestBody: jsonBody(assetListRequestSchema()),
          responses: {200: ok('One page of assets; next_page is null on the last', assetListResponseOutSchema), ...BODY_ERRORS},
        },
      },
      [`/${PATHS.listThreats}`]: {
        post: {
          operationId: 'threatsList',
          summary: "List the threats (blocked assets) of the key's organization, filtered; the last day by default",
          tags: ['threats'],
          requestBody: jsonBody(threatsListRequestSchema()),
          responses: {200: ok('One page of threats; next_page is null on the last', threatsListResponseOutSchema), ...BODY_ERRORS},
        },
      },
      [`/${PATHS.listDetections}`]: {
        post: {
          operationId: 'detectionList',
          summary: "List an organization's threat detections, newest first, filtered; paged by cursor/nextCursor",
          tags: ['detections'],
          requestBody: jsonBody(detectionListRequestSchema()),
          responses: {200: ok('One page of detections; nextCursor is null on the last', detectionListResponseOutSchema), ...BODY_ERRORS},
        },
      },
      [`/${PATHS.listDetectionSources}`]: {
        get: {
          operationId: 'detectionSources',
          summary: "The catalog of detection sources (the sandbox's own shape: the upstream documents no field names)",
          tags: ['detections'],
          responses: {200: ok('The sources', detectionSourcesResponseOutSchema), ...COMMON_ERRORS},
        },
      },
      [`/${PATHS.searchReports}`]: {
        post: {
          operationId: 'reportsSearch',
          summary: 'Find reports covering the given asset contents (normalised matching)',
          tags: ['report'],
          requestBody: jsonBody(searchReportsRequestSchema()),
          responses: {200: ok('Matching reports, newest first', searchReportsResponseOutSchema), ...BODY_ERRORS},
        },
      },
    },
    components: {
      securitySchemes: {apiKey: {type: 'apiKey', in: 'header', name: 'X-API-KEY'}},
      schemas: {Error: schemaOf(errorBodySchema, 'output'), NestedError: schemaOf(nestedErrorBodySchema, 'output')},
    },
  };
}
