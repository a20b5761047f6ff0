import type {FastifyInstance} from 'fastify';
import type * as z from 'zod';
import type {AnyEndpoint} from '../../api/wire/endpoint.js';
import type {SandboxContext} from '../context.js';
import {parseOrBadRequest} from '../http-errors.js';
import {authenticate, type Access} from '../keys.js';
import {BODY_ERRORS, COMMON_ERRORS, errorResponse, jsonBody, ok, parametersOf, type Json} from '../openapi-parts.js';

/*
 * How the sandbox serves an endpoint declared in src/api/wire/endpoints/: one file of
 * src/sandbox/endpoints/ says what it answers (`answer`, the documented shape) and how
 * (`handle`, over the store); the route, its key check, the check of the request against the
 * declaration's own schema (a 400 naming each field, before `handle` runs) and its OpenAPI
 * path follow from the declaration. The build lists the files (src/sandbox/endpoints/index.ts).
 */

/** What `handle` is given: the request as the declaration's schema parsed it, the key's access, the path's params. */
export interface ServedCall<E extends AnyEndpoint> {
  input: z.output<ReturnType<E['request']>>;
  access: Access;
  params: Record<string, string>;
  ctx: SandboxContext;
}

export interface Served<E extends AnyEndpoint = AnyEndpoint> {
  endpoint: E;
  /** The answer as the sandbox gives it (the OpenAPI document publishes it; test/sandbox/openapi.test.ts checks real answers against it). */
  answer: z.ZodType;
  /** One line for the 200 of the OpenAPI document. */
  answers: string;
  /** Errors past the common ones (400, 401, 403, 413, 500; 415 with a body): status -> what it means. */
  errors?: Record<number, string>;
  /** A request the seed answers with a 200 (the OpenAPI test sends it); default `{}`. */
  example?: z.input<ReturnType<E['request']>>;
  handle(call: ServedCall<E>): unknown;
}

/** Declares how the sandbox serves `endpoint`. */
export function serve<E extends AnyEndpoint>(endpoint: E, route: Omit<Served<E>, 'endpoint'>): Served<E> {
  return {endpoint, ...route};
}

/** Registers each served endpoint under its declared method and path. */
export function registerServed(app: FastifyInstance, ctx: SandboxContext, served: readonly Served[]): void {
  for (const route of served) {
    const {endpoint} = route;
    const url = `/${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`;
    app.route({
      method: endpoint.method,
      url,
      handler: async request => {
        const access = authenticate(request.headers['x-api-key'], ctx.keys);
        const raw = endpoint.method === 'GET' ? request.query : request.body;
        const input = parseOrBadRequest(endpoint.request(), raw ?? {});
        return route.handle({input, access, params: (request.params ?? {}) as Record<string, string>, ctx});
      },
    });
  }
}

/** The OpenAPI paths of the served endpoints, from their declarations. */
export function servedPaths(served: readonly Served[]): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const route of served) {
    const {endpoint} = route;
    const method = endpoint.method.toLowerCase();
    const params = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(m => ({name: m[1], in: 'path', required: true, schema: {type: 'string'}}));
    const request = endpoint.request() as z.ZodObject;
    const extra = Object.fromEntries(Object.entries(route.errors ?? {}).map(([status, description]) => [status, errorResponse(description)]));
    paths[`/${endpoint.path}`] = {
      ...(paths[`/${endpoint.path}`] ?? {}),
      [method]: {
        operationId: endpoint.name,
        summary: endpoint.summary,
        tags: [endpoint.tag],
        ...(endpoint.method === 'GET' ? {parameters: [...params, ...parametersOf(request)]} : {...(params.length > 0 ? {parameters: params} : {}), requestBody: jsonBody(request)}),
        responses: {200: ok(route.answers, route.answer), ...(endpoint.method === 'GET' ? COMMON_ERRORS : BODY_ERRORS), ...extra},
      },
    };
  }
  return paths;
}
