import {z} from 'zod';
import {createReportRequestSchema, healthcheckPath, healthcheckResultSchema, PATHS, searchReportsRequestSchema} from '../api/wire/index.js';
import {CANCELLED_COUNT_ID} from './healthcheck.js';
import {
  cancelledCountBodySchema, createReportResponseOutSchema, errorBodySchema, listReportsQuerySchema,
  listReportsResponseOutSchema, searchReportsResponseOutSchema,
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

const errorRef = {$ref: '#/components/schemas/Error'};
const errorResponse = (description: string) => ({description, content: {'application/json': {schema: errorRef}}});
const COMMON_ERRORS = {
  400: errorResponse('Invalid input data (code BAD_REQUEST); issues lists every problem'),
  401: errorResponse('Authorization not provided (code UNAUTHORIZED)'),
  403: errorResponse('Insufficient access (code FORBIDDEN)'),
  413: errorResponse('Request body over the size limit'),
  500: errorResponse('Internal server error (code INTERNAL_SERVER_ERROR)'),
};

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
    tags: [{name: 'report'}, {name: 'healthchecks'}],
    paths: {
      [`/${healthcheckPath(CANCELLED_COUNT_ID)}`]: {
        post: {
          operationId: 'healthchecksTakedownsCancelledCount',
          summary: 'Excess CANCELLED takedowns over a rolling window',
          tags: ['healthchecks'],
          requestBody: jsonBody(cancelledCountBodySchema),
          responses: {200: ok('Healthcheck result', healthcheckResultSchema), ...COMMON_ERRORS},
        },
      },
      [`/${PATHS.createReport}`]: {
        post: {
          operationId: 'reportCreate',
          summary: 'Create a report with one or more assets',
          tags: ['report'],
          requestBody: jsonBody(createReportRequestSchema),
          responses: {
            200: ok('Report created', createReportResponseOutSchema),
            ...COMMON_ERRORS,
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
          responses: {200: ok('One page of reports', listReportsResponseOutSchema), ...COMMON_ERRORS},
        },
      },
      [`/${PATHS.searchReports}`]: {
        post: {
          operationId: 'reportsSearch',
          summary: 'Find reports covering the given asset contents (normalised matching)',
          tags: ['report'],
          requestBody: jsonBody(searchReportsRequestSchema),
          responses: {200: ok('Matching reports, newest first', searchReportsResponseOutSchema), ...COMMON_ERRORS},
        },
      },
    },
    components: {
      securitySchemes: {apiKey: {type: 'apiKey', in: 'header', name: 'X-API-KEY'}},
      schemas: {Error: schemaOf(errorBodySchema, 'output')},
    },
  };
}
