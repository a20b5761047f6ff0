import {createRequire} from 'node:module';
import fc from 'fast-check';
import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {buildApp} from '../../src/sandbox/server.js';
import {generateSeed} from '../../src/sandbox/seed.js';
import {Store} from '../../src/sandbox/store.js';
import {ALL_KEY, NOW, SCOPED_KEY} from './http.js';

/*
 * The sandbox never answers 5xx to bad input, and every answer is one its own OpenAPI
 * document promises. Requests are generated from that document (so an operation added to
 * it is covered without touching this file): bodies and query strings built from each
 * operation's schemas, valid and not, plus junk; keys right, scoped, wrong and missing.
 */

const require = createRequire(import.meta.url);
type Validate = ((data: unknown) => boolean) & {errors?: unknown};
const Ajv2020 = require('ajv/dist/2020').default as new (options: object) => {compile(schema: object): Validate};

type Schema = Record<string, any>;
const RUNS_PER_OPERATION = 300;
const ORGS = ['acme', 'globex', 'no-such-org'];

let app: FastifyInstance;
let doc: Schema;

beforeAll(async () => {
  const data = generateSeed('demo', NOW);
  app = buildApp({store: new Store(data), keys: {allOrgs: ALL_KEY, scoped: SCOPED_KEY, scopedOrg: 'acme'}, now: () => NOW, origin: () => 'http://sandbox.test', bodyLimit: 64 * 1024, reviewLimit: 10, faults: []});
  await app.ready();
  doc = JSON.parse((await app.inject({method: 'GET', url: '/api/v2/openapi.json'})).body) as Schema;
});
afterAll(() => app.close());

const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(doc.components.schemas[String(schema.$ref).split('/').pop()!]) : schema);

/** Values a schema accepts (mostly), from the JSON Schema subset zod emits. */
function valuesOf(schema: Schema, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (name === 'slug' || name === 'organizationSlug') return fc.constantFrom(...ORGS);
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const union = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (union) return fc.oneof(...union.map(option => valuesOf(option, name, depth)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string': {
      if (s.format === 'uri') return fc.webUrl();
      if (typeof s.pattern === 'string') {
        try {
          return fc.stringMatching(new RegExp(s.pattern), {maxLength: 40});
        } catch {
          /* a pattern fast-check cannot read: plain strings */
        }
      }
      return fc.string({minLength: s.minLength ?? 0, maxLength: Math.max(s.minLength ?? 0, 30)});
    }
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : -1000;
      const max = typeof s.maximum === 'number' ? s.maximum : Number.MAX_SAFE_INTEGER;
      // Small values most of the time; anywhere up to the schema's own bound (or 2^53) too.
      const small = fc.integer({min: Math.max(min, -(2 ** 31)), max: Math.max(Math.max(min, -(2 ** 31)), Math.min(max, min + 1000, 2 ** 31 - 1))});
      const wide = fc.maxSafeNat().map(n => Math.min(max, min + n));
      return fc.oneof({weight: 3, arbitrary: small}, {weight: 1, arbitrary: wide});
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(valuesOf(s.items ?? {}, name, depth + 1), {minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3)});
    case 'object': {
      if (depth > 3 || !s.properties) return fc.constant({});
      const shape = Object.fromEntries(Object.entries(s.properties as Record<string, Schema>).map(([key, value]) => [key, valuesOf(value, key, depth + 1)]));
      return fc.record(shape, {requiredKeys: (s.required ?? []) as string[]});
    }
    default:
      return fc.jsonValue({maxDepth: 2});
  }
}

/** Mostly valid, sometimes anything at all, sometimes absurd numbers and types. */
function anyValueOf(schema: Schema, name: string | undefined, depth = 0): fc.Arbitrary<unknown> {
  const hostile = fc.oneof(
    fc.jsonValue({maxDepth: 2}),
    fc.constantFrom(99_999_999_999, -1, 0, 1e308, -1e308, 2 ** 53, 0.5, '', ' ', '\u0000', 'NaN', null, [], {}),
  );
  return fc.oneof({weight: 4, arbitrary: valuesOf(schema, name, depth)}, {weight: 1, arbitrary: hostile});
}

/** A body: JSON from the schema with one field made hostile, or raw text, in some content type. */
function bodies(schema: Schema): fc.Arbitrary<{payload: string; contentType: string | undefined}> {
  const s = resolve(schema);
  const fromSchema = s.properties
    ? fc.record(
        Object.fromEntries(Object.entries(s.properties as Record<string, Schema>).map(([key, value]) => [key, anyValueOf(value, key, 1)])),
        {requiredKeys: []},
      )
    : anyValueOf(s, undefined);
  return fc.oneof(
    {weight: 8, arbitrary: fromSchema.map(value => ({payload: JSON.stringify(value), contentType: 'application/json' as string | undefined}))},
    {weight: 1, arbitrary: fc.jsonValue().map(value => ({payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' as string | undefined}))},
    {weight: 1, arbitrary: fc.record({payload: fc.string(), contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined)})},
  );
}

/** A query string from the operation's parameters (each present or not), plus junk. */
function queries(parameters: Schema[]): fc.Arbitrary<string> {
  const known = fc.record(
    Object.fromEntries(parameters.filter(p => p.in === 'query').map(p => [p.name as string, anyValueOf(p.schema as Schema, p.name as string).map(v => (typeof v === 'string' ? v : JSON.stringify(v) ?? ''))])),
    {requiredKeys: []},
  );
  const junk = fc.dictionary(fc.string({maxLength: 8}), fc.string({maxLength: 12}), {maxKeys: 2});
  return fc.oneof(
    {weight: 8, arbitrary: fc.tuple(known, junk).map(([a, b]) => new URLSearchParams({...b, ...(a as Record<string, string>)}).toString())},
    {weight: 1, arbitrary: fc.string({maxLength: 40}).map(text => encodeURI(text))},
  );
}

const keys = fc.constantFrom<string | undefined>(ALL_KEY, ALL_KEY, ALL_KEY, ALL_KEY, SCOPED_KEY, 'wrong-key', undefined);

const validators = new Map<string, Validate>();
function validatorFor(schema: Schema): Validate {
  const id = JSON.stringify(schema);
  let validate = validators.get(id);
  if (!validate) {
    validate = new Ajv2020({strict: false, allErrors: true}).compile({...schema, components: doc.components});
    validators.set(id, validate);
  }
  return validate;
}

describe('sandbox: generated requests to every operation of its OpenAPI document', () => {
  it('the document lists the operations this test iterates', () => {
    expect(Object.keys(doc.paths).length).toBeGreaterThanOrEqual(4);
  });

  it(`${RUNS_PER_OPERATION} requests per operation: no 5xx, every answer documented for its status and matching its schema`, async () => {
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Schema>)) {
      for (const [method, operation] of Object.entries(item)) {
        const op = operation as Schema;
        const bodySchema = op.requestBody?.content?.['application/json']?.schema as Schema | undefined;
        const request = fc.record({
          key: keys,
          query: queries((op.parameters ?? []) as Schema[]),
          body: bodySchema ? bodies(bodySchema) : fc.constant(undefined),
        });
        await fc.assert(
          fc.asyncProperty(request, async ({key, query, body}) => {
            const headers: Record<string, string> = {};
            if (key !== undefined) headers['x-api-key'] = key;
            if (body?.contentType !== undefined) headers['content-type'] = body.contentType;
            // Path parameters ({proposalId}) take a small id: some exist, some do not.
            const concrete = path.replace(/\{[^}]+\}/g, () => String(1 + (sent % 400)));
            const url = `/api/v2${concrete}${method === 'get' && query !== '' ? `?${query}` : ''}`;
            const reply = await app.inject({method: method.toUpperCase() as 'GET' | 'POST', url, headers, ...(body ? {payload: body.payload} : {})});
            sent++;
            statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
            const what = `${method.toUpperCase()} ${url} ${body?.contentType ?? ''} ${body?.payload.slice(0, 200) ?? ''} -> ${reply.statusCode} ${reply.body.slice(0, 300)}`;
            expect(reply.statusCode, what).toBeLessThan(500);
            const documented = op.responses[String(reply.statusCode)] as Schema | undefined;
            expect(documented, `undocumented status: ${what}`).toBeDefined();
            const schema = documented!.content?.['application/json']?.schema as Schema;
            const validate = validatorFor(schema);
            expect(validate(JSON.parse(reply.body)), `${what}\n${JSON.stringify(validate.errors)}`).toBe(true);
          }),
          {numRuns: RUNS_PER_OPERATION},
        );
      }
    }
    expect(sent).toBeGreaterThanOrEqual(1000);
    // Generated requests reach both sides: some answered, some refused.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
  }, 120_000);
});

describe('sandbox: ranges and content types', () => {
  it('an absurd lookbackHours is a 400 naming the field, not a 500', async () => {
    const reply = await app.inject({method: 'POST', url: '/api/v2/healthchecks/takedowns/cancelled-count', headers: {'x-api-key': ALL_KEY}, payload: {slug: 'acme', lookbackHours: 99_999_999_999}});
    expect(reply.statusCode).toBe(400);
    expect(JSON.parse(reply.body).issues).toEqual([{message: 'lookbackHours must be at most 876000 (100 years)', path: ['lookbackHours']}]);
  });

  it('a body that is not JSON: 415 UNSUPPORTED_MEDIA_TYPE on every operation with a body', async () => {
    for (const [path, item] of Object.entries(doc.paths as Record<string, Schema>)) {
      if (!item.post?.requestBody) continue;
      const reply = await app.inject({method: 'POST', url: `/api/v2${path}`, headers: {'x-api-key': ALL_KEY, 'content-type': 'text/plain'}, payload: 'slug=acme'});
      expect(reply.statusCode, path).toBe(415);
      expect(JSON.parse(reply.body).code, path).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });
});
