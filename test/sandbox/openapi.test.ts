import {DOCUMENTED_HEALTHCHECK_IDS, PATHS} from '../../src/api/wire/index.js';
import {createRequire} from 'node:module';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startTestSandbox, type Caller} from './http.js';
import {SERVED} from '../../src/sandbox/endpoints/index.js';

// Ajv comes with fastify (its schema compiler); the 2020-12 build matches OpenAPI 3.1.
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default as new (options: object) => {compile(schema: object): ((data: unknown) => boolean) & {errors?: unknown}};

let api: Caller;
let doc: any;
beforeAll(async () => {
  api = await startTestSandbox();
  const reply = await api.call('GET', 'openapi.json', {key: null});
  expect(reply.status).toBe(200);
  doc = JSON.parse(reply.text);
});
afterAll(() => api.sandbox.close());

/** The published schema of one response, with components resolvable. */
function validator(path: string, method: string, status: string) {
  const schema = doc.paths[path][method].responses[status].content['application/json'].schema;
  const ajv = new Ajv2020({strict: false, allErrors: true});
  return ajv.compile({...schema, components: doc.components});
}

describe('GET /api/v2/openapi.json', () => {
  it('is an OpenAPI 3.1 document with the registry, its ten checks, the four other operations, auth and the error component', () => {
    expect(doc.openapi).toBe('3.1.0');
    // Derived from the wire module: a path vigil calls that the sandbox does not publish is named.
    const called = [...DOCUMENTED_HEALTHCHECK_IDS.map(id => `/healthchecks/${id.replace('.', '/')}`), ...Object.values(PATHS).map(path => `/${path}`)];
    expect(called.filter(path => !(path in doc.paths)), 'paths vigil calls (src/api/wire/paths.ts) missing from the sandbox\'s OpenAPI document').toEqual([]);
    expect(Object.keys(doc.paths).filter(path => !called.includes(path)), 'paths the sandbox publishes that vigil does not call').toEqual([]);
    expect(doc.paths['/healthchecks/list'].post.responses[200].content['application/json'].schema.properties.checks.items.required).toEqual(['id', 'implemented']);
    expect(doc.paths['/healthchecks/assets/dead-asset-spike'].post.operationId).toBe('healthchecksAssetsDeadAssetSpike');
    expect(doc.paths['/healthchecks/assets/dead-asset-spike'].post.requestBody.content['application/json'].schema.properties.baselineDays).toMatchObject({type: 'integer', minimum: 1});
    expect(doc.paths['/healthchecks/reviewing/backlog'].post.requestBody.content['application/json'].schema.required).toEqual(['slug']);
    expect(doc.paths['/healthchecks/takedowns/cancelled-count'].post.operationId).toBe('healthchecksTakedownsCancelledCount');
    expect(doc.components.securitySchemes.apiKey).toEqual({type: 'apiKey', in: 'header', name: 'X-API-KEY'});
    expect(doc.components.schemas.Error.required).toEqual(['message', 'code']);
  });

  it('publishes the request constraints the server validates with', () => {
    const body = doc.paths['/healthchecks/takedowns/cancelled-count'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['slug']);
    expect(body.properties.slug.minLength).toBe(1);
    expect(body.properties.lookbackHours).toMatchObject({type: 'integer', exclusiveMinimum: 0});
    expect(body.properties.warnThreshold).toMatchObject({type: 'integer', minimum: 0});
    const search = doc.paths['/reports/search'].post.requestBody.content['application/json'].schema;
    expect(search.properties.limit).toMatchObject({minimum: 1, maximum: 100});
    const params = doc.paths['/organization/reports'].get.parameters.map((p: {name: string}) => p.name);
    for (const name of ['slug', 'limit', 'cursor', 'status', 'search', 'reporterQuery', 'reportedByCustomer', 'needsCustomerReview', 'reporterKind', 'reviewerKind', 'onlyRejected', 'reviewStatus', 'assetType', 'brandIds', 'countryCodes', 'reviewedByUserId', 'startDate', 'endDate', 'updatedStartDate', 'updatedEndDate']) {
      expect(params).toContain(name);
    }
    const status = doc.paths['/organization/reports'].get.parameters.find((p: {name: string}) => p.name === 'status');
    expect(status.schema.enum).toEqual(['TODO', 'IN_PROGRESS', 'CLOSED']);
  });

  it('publishes the review operation: path parameter, decision and reason enums, the documented refusals', () => {
    const op = doc.paths['/organization/proposals/{proposalId}/review'].post;
    expect(op.parameters).toEqual([expect.objectContaining({name: 'proposalId', in: 'path', required: true})]);
    const body = op.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['assetId', 'decision']);
    expect(body.properties.decision.enum).toEqual(['APPROVE', 'REJECT', 'WATCHLIST']);
    expect(body.properties.rejectReason.enum).toEqual(['irrelevant', 'no_malicious_activity', 'insufficient_evidence', 'not_targeting_org', 'decayed']);
    expect(body.properties.watchlistReason.enum).toEqual(['DEAD', 'PARKING', 'NOT_ENOUGH_EVIDENCE', 'OTHER']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '409', '429']));
  });

  it('real responses validate against the published response schemas', async () => {
    const cases: Array<[string, string, string, Promise<{status: number; body: unknown}>]> = [
      ['/healthchecks/takedowns/cancelled-count', 'post', '200', api.call('POST', 'healthchecks/takedowns/cancelled-count', {body: {slug: 'initech'}})],
      ['/healthchecks/takedowns/cancelled-count', 'post', '400', api.call('POST', 'healthchecks/takedowns/cancelled-count', {body: {slug: ''}})],
      ['/healthchecks/list', 'post', '200', api.call('POST', 'healthchecks/list', {body: {slug: 'acme'}})],
      ['/organization/reports', 'get', '200', api.call('GET', 'organization/reports?slug=acme')],
      ['/reports/search', 'post', '200', api.call('POST', 'reports/search', {body: {slug: 'acme', assetContents: ['acme-wallet-verify.example']}})],
      ['/report/create', 'post', '200', api.call('POST', 'report/create', {body: {organizationSlug: 'acme', title: 'OpenAPI check', description: 'd', assets: [{content: 'openapi-check.example'}]}})],
      ['/asset/check', 'post', '400', api.call('POST', 'asset/check', {body: {content: ' '}})],
      ['/takedowns/list', 'post', '400', api.call('POST', 'takedowns/list', {body: {slug: 'hooli', per_page: 0}})],
      ['/report/create', 'post', '422', api.call('POST', 'report/create', {body: {organizationSlug: 'acme', title: 'OpenAPI check', description: 'd', assets: [{content: 'openapi-check.example'}]}})],
    ];
    const queue = await api.call('GET', 'organization/reports?slug=acme&needsCustomerReview=true&limit=1');
    const pending = queue.body.reports[0].proposals.find((p: {reviewStatus: string}) => p.reviewStatus === 'PENDING_CUSTOMER_REVIEW');
    const reviewPath = '/organization/proposals/{proposalId}/review';
    cases.push(
      [reviewPath, 'post', '200', api.call('POST', `organization/proposals/${pending.id}/review`, {body: {assetId: pending.asset.id, decision: 'WATCHLIST', watchlistReason: 'DEAD'}})],
      [reviewPath, 'post', '409', api.call('POST', `organization/proposals/${pending.id}/review`, {body: {assetId: pending.asset.id, decision: 'REJECT'}})],
      [reviewPath, 'post', '404', api.call('POST', 'organization/proposals/1/review', {body: {assetId: 1, decision: 'REJECT'}})],
    );
    // A served endpoint (src/sandbox/endpoints/) brings its own case: its example, answered 200.
    for (const {endpoint, example} of SERVED) {
      const input = (example ?? {}) as Record<string, unknown>;
      const query = new URLSearchParams(Object.entries(input).map(([name, value]) => [name, String(value)]));
      const reply = endpoint.method === 'GET' ? api.call('GET', `${endpoint.path}?${query}`) : api.call('POST', endpoint.path, {body: input});
      cases.push([`/${endpoint.path}`, endpoint.method.toLowerCase(), '200', reply]);
    }
    // Derived from the wire module: a path vigil calls needs a sandbox route answering to its schema.
    const answered = new Set(cases.map(([path]) => path));
    expect(Object.values(PATHS).map(path => `/${path}`).filter(path => !answered.has(path)), 'paths vigil calls (src/api/wire/paths.ts) with no case here: add one, a real sandbox answer validated against the published schema').toEqual([]);
    // Every answer in before any assertion: a failed one must not close the sandbox under the others.
    const replies = await Promise.all(cases.map(([, , , pending]) => pending));
    for (const [index, [path, method, status]] of cases.entries()) {
      const reply = replies[index]!;
      expect(String(reply.status), `${method.toUpperCase()} ${path}: the sandbox's status (a 404 with no route: src/sandbox/routes/ or src/sandbox/endpoints/)`).toBe(status);
      const validate = validator(path, method, status);
      expect(validate(reply.body), `${method} ${path} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('the published schema rejects a body that breaks it (the check is not vacuous)', () => {
    const validate = validator('/organization/reports', 'get', '200');
    expect(validate({reports: [{id: 'x'}], nextCursor: null, totalCount: 1})).toBe(false);
  });
});
