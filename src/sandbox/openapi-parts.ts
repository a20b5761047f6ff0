import * as z from 'zod';

/*
 * The pieces of an OpenAPI 3.1 operation built from zod schemas (z.toJSONSchema, JSON Schema
 * 2020-12 as OpenAPI 3.1 uses): openapi.ts and the served endpoints (endpoints/serve.ts) share them.
 */

export type Json = Record<string, unknown>;

export function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const {$schema: _ignored, ...rest} = z.toJSONSchema(schema, {io, unrepresentable: 'any'}) as Json;
  return rest;
}

export const errorResponse = (description: string, schema = 'Error') => ({description, content: {'application/json': {schema: {$ref: `#/components/schemas/${schema}`}}}});
/** The errors every operation may answer, in the operation's error shape (http-errors.ts). */
export const commonErrors = (schema: 'Error' | 'NestedError' = 'Error') => ({
  400: errorResponse(`Invalid input data (code BAD_REQUEST); ${schema === 'Error' ? 'issues lists' : 'the message names'} every problem`, schema),
  401: errorResponse('Authorization not provided (code UNAUTHORIZED)', schema),
  403: errorResponse('Insufficient access (code FORBIDDEN)', schema),
  413: errorResponse('Request body over the size limit', schema),
  500: errorResponse('Internal server error (code INTERNAL_SERVER_ERROR)', schema),
});
export const COMMON_ERRORS = commonErrors();
/** Operations with a JSON body also refuse any other content type. */
export const BODY_ERRORS = {...COMMON_ERRORS, 415: errorResponse('The body is not application/json (code UNSUPPORTED_MEDIA_TYPE)')};

export function jsonBody(schema: z.ZodType): Json {
  return {required: true, content: {'application/json': {schema: schemaOf(schema, 'input')}}};
}

export function ok(description: string, schema: z.ZodType): Json {
  return {description, content: {'application/json': {schema: schemaOf(schema, 'output')}}};
}

/** One OpenAPI parameter per field of an object schema (`in: query`). */
export function parametersOf(schema: z.ZodObject, deprecated: ReadonlySet<string> = new Set()): Json[] {
  return Object.entries(schema.shape).map(([name, value]) => {
    const field = value as z.ZodType;
    const optional = field instanceof z.ZodOptional;
    const inner = optional ? (field as z.ZodOptional<z.ZodType>).unwrap() : field;
    const json = schemaOf(inner, 'input');
    const description = field.description ?? inner.description;
    return {name, in: 'query', required: !optional, ...(description ? {description} : {}), ...(deprecated.has(name) ? {deprecated: true} : {}), schema: json};
  });
}
