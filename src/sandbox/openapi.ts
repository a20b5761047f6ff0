import {
  createReportRequestSchema, HEALTHCHECK_LIST_PATH, healthcheckRegistryWireSchema, healthcheckResultWireSchema, PATHS, PROPOSAL_REVIEW_PATH, REVIEW_LIMIT_PER_DAY, reviewRequestSchema,
  searchReportsRequestSchema,
} from '../api/wire/index.js';
import {routeOf, SANDBOX_CHECKS} from './checks/registry.js';
import {SERVED} from './endpoints/index.js';
import {servedPaths} from './endpoints/serve.js';
import {BODY_ERRORS, COMMON_ERRORS, commonErrors, errorResponse, jsonBody, ok, parametersOf, schemaOf, type Json} from './openapi-parts.js';
import {
  createReportResponseOutSchema, errorBodySchema, listReportsQuerySchema, nestedErrorBodySchema,
  listReportsResponseOutSchema, reviewResponseOutSchema, searchReportsResponseOutSchema,
} from './schemas.js';

/*
 * GET /api/v2/openapi.json: OpenAPI 3.1 built from the very schemas the routes validate
 * with and answer in (z.toJSONSchema, JSON Schema 2020-12 as OpenAPI 3.1 uses), so the
 * published contract cannot drift from the code.
 */

function queryParameters(): Json[] {
  return parametersOf(listReportsQuerySchema, new Set(['excludeAutomation']));
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
    tags: [...new Set(['report', 'proposals', 'healthchecks', ...SERVED.map(served => served.endpoint.tag)])].map(name => ({name})),
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
      [`/${PATHS.searchReports}`]: {
        post: {
          operationId: 'reportsSearch',
          summary: 'Find reports covering the given asset contents (normalised matching)',
          tags: ['report'],
          requestBody: jsonBody(searchReportsRequestSchema()),
          responses: {200: ok('Matching reports, newest first', searchReportsResponseOutSchema), ...BODY_ERRORS},
        },
      },
      // Each endpoint of src/api/wire/endpoints/ the sandbox serves: derived from its declaration.
      ...servedPaths(SERVED),
    },
    components: {
      securitySchemes: {apiKey: {type: 'apiKey', in: 'header', name: 'X-API-KEY'}},
      schemas: {Error: schemaOf(errorBodySchema, 'output'), NestedError: schemaOf(nestedErrorBodySchema, 'output')},
    },
  };
}
