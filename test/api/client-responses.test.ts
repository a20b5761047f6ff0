import nock from 'nock';
import {afterEach, describe, expect, it} from 'vitest';
import {createApiClient} from '../../src/api/client.js';
import {ApiError, ContractError} from '../../src/errors.js';
import {USER_AGENT} from '../../src/version.js';
import {fullReport, healthcheckResult, minimalReport} from './fixtures.js';
import {BASE, KEY, ORIGIN, makeClient} from './helpers.js';
import {useNock} from '../helpers/nock.js';
import {rejectionOf} from '../helpers/thrown.js';
import {clearSecrets} from '../../src/secrets.js';

useNock();
afterEach(() => clearSecrets());

interface Seen {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** Replies `reply` and records exactly what the client sent. */
function record(scope: nock.Interceptor, status: number, reply: unknown, seen: Seen[]): nock.Scope {
  return scope.reply(function (this: nock.ReplyFnContext, uri, body) {
    seen.push({path: uri, headers: {...this.req.headers}, body});
    return [status, typeof reply === 'string' ? reply : JSON.stringify(reply), {'content-type': 'application/json'}];
  });
}

describe('requests the client sends', () => {
  it('POST report/create: path, JSON body, key, user agent, accept', async () => {
    const seen: Seen[] = [];
    record(nock(ORIGIN).post('/api/v2/report/create'), 200, {id: 123, createdAt: '2026-09-03T23:21:46.450Z', organization: {id: 42, slug: 'acme', name: 'Acme'}}, seen);
    const body = {organizationSlug: 'acme', title: 'Fake wallet', description: 'drainer', assets: [{content: 'eip155:1:0xabc', status: 'BLOCKED' as const}]};
    const result = await makeClient().client.createReport(body);
    expect(result).toEqual({id: '123', createdAt: '2026-09-03T23:21:46.450Z', organization: {id: '42', slug: 'acme', name: 'Acme'}});
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/api/v2/report/create');
    expect(seen[0]!.body).toEqual(body);
    expect(seen[0]!.headers['x-api-key']).toBe(KEY);
    expect(seen[0]!.headers['user-agent']).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^vigil\/\S+$/);
    expect(seen[0]!.headers['content-type']).toMatch(/^application\/json/);
    expect(seen[0]!.headers['accept']).toBe('application/json');
  });

  it('GET organization/reports: every filter under its query parameter name', async () => {
    const seen: Seen[] = [];
    record(nock(ORIGIN).get('/api/v2/organization/reports').query(true), 200, {reports: [], nextCursor: null, totalCount: 0}, seen);
    await makeClient().client.listReports({
      slug: 'acme',
      limit: 20,
      cursor: 'abc==',
      status: 'TODO',
      reportedByCustomer: false,
      reporterKind: 'human',
      onlyRejected: true,
      reviewStatus: ['APPROVE', 'REJECT'],
      countryCodes: ['US', 'FR'],
      reviewedByUserId: 17,
      from: '2026-01-01T00:00:00Z',
      updatedTo: '2026-02-01T00:00:00Z',
    });
    const url = new URL(seen[0]!.path, ORIGIN);
    expect(url.pathname).toBe('/api/v2/organization/reports');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      slug: 'acme',
      limit: '20',
      cursor: 'abc==',
      status: 'TODO',
      reportedByCustomer: 'false',
      reporterKind: 'human',
      onlyRejected: 'true',
      reviewStatus: 'APPROVE,REJECT',
      countryCodes: 'US,FR',
      reviewedByUserId: '17',
      startDate: '2026-01-01T00:00:00Z',
      updatedEndDate: '2026-02-01T00:00:00Z',
    });
    expect(seen[0]!.headers['x-api-key']).toBe(KEY);
    expect(seen[0]!.body).toBe('');
  });

  it('POST reports/search and a healthcheck by id', async () => {
    const seen: Seen[] = [];
    record(nock(ORIGIN).post('/api/v2/reports/search'), 200, {reports: [{id: 12345, status: 'TODO', assets: ['a.example']}], totalCount: 3}, seen);
    record(nock(ORIGIN).post('/api/v2/healthchecks/takedowns/cancelled-count'), 200, healthcheckResult, seen);
    const {client} = makeClient();
    const search = await client.searchReports({slug: 'acme', assetContents: ['a.example', 'b.example'], limit: 50});
    expect(search).toEqual({reports: [{id: '12345', status: 'TODO', assets: ['a.example']}], totalCount: 3});
    const check = await client.runHealthcheck('takedowns.cancelled-count', {slug: 'acme', warnThreshold: 3});
    expect(check.severity).toBe('warn');
    expect(check).not.toHaveProperty('extra');
    expect(seen.map(s => [s.path, s.body])).toEqual([
      ['/api/v2/reports/search', {slug: 'acme', assetContents: ['a.example', 'b.example'], limit: 50}],
      ['/api/v2/healthchecks/takedowns/cancelled-count', {slug: 'acme', warnThreshold: 3}],
    ]);
  });

  it.each([
    ['without a trailing slash', BASE],
    ['with a trailing slash', `${BASE}/`],
  ])('accepts the base URL %s', async (_label, baseUrl) => {
    nock(ORIGIN).post('/api/v2/reports/search').reply(200, {reports: []});
    const client = createApiClient({baseUrl, apiKey: KEY});
    await expect(client.searchReports({slug: 'acme', assetContents: ['x.example']})).resolves.toEqual({reports: [], totalCount: 0});
  });

  it('rejects an invalid healthcheck id before sending', async () => {
    const error = await rejectionOf(makeClient().client.runHealthcheck('../admin', {}));
    expect(error.message).toContain('not a healthcheck id');
    expect((error as {exitCode?: number}).exitCode).toBe(3);
  });
});

describe('tolerant reading of documented response variants', () => {
  it('list variant 1: nextCursor number, totalCount, numeric and string ids, unknown fields dropped', async () => {
    nock(ORIGIN).get('/api/v2/organization/reports').query({slug: 'acme'}).reply(200, {reports: [fullReport, minimalReport], nextCursor: 123, totalCount: 134});
    const result = await makeClient().client.listReports({slug: 'acme'});
    expect(result.nextCursor).toBe('123');
    expect(result.totalCount).toBe(134);
    expect(result.reports.map(r => r.id)).toEqual(['101', 'rpt_01J9ZZ']);
    expect(result.reports[0]!.proposals?.[0]).toEqual({id: '555', reviewStatus: 'PENDING', asset: {id: '9001', type: 'URL', content: 'acme-login.example', status: 'BLOCKED'}});
    expect(result.reports[0]).not.toHaveProperty('shinyNewField');
  });

  it.each([
    ['nextCursor string', {nextCursor: 'abc', totalCount: 2}, 'abc', 2],
    ['nextCursor null (last page)', {nextCursor: null, totalCount: 2}, null, 2],
    ['variant 2: cursor, no totalCount', {cursor: 'xyz'}, 'xyz', null],
    ['variant 2: cursor absent', {}, null, null],
  ])('list %s', async (_label, extra, cursor, total) => {
    nock(ORIGIN).get('/api/v2/organization/reports').query({slug: 'acme'}).reply(200, {reports: [minimalReport], ...extra});
    const result = await makeClient().client.listReports({slug: 'acme'});
    expect(result.nextCursor).toBe(cursor);
    expect(result.totalCount).toBe(total);
  });

  it('create without organization, search without totalCount', async () => {
    nock(ORIGIN).post('/api/v2/report/create').reply(200, {id: 'rpt_9', createdAt: '2026-09-03T23:21:46Z', organization: null});
    nock(ORIGIN).post('/api/v2/reports/search').reply(200, {reports: [{id: 'r1', status: 'CLOSED'}, {id: 2, status: 'TODO'}]});
    const {client} = makeClient();
    await expect(client.createReport({title: 'abc', description: 'd', assets: [{content: 'x'}]})).resolves.toEqual({id: 'rpt_9', createdAt: '2026-09-03T23:21:46Z', organization: null});
    await expect(client.searchReports({slug: 'acme', assetContents: ['x']})).resolves.toMatchObject({totalCount: 2});
  });

  it('a broken response is a ContractError naming the field', async () => {
    nock(ORIGIN).get('/api/v2/organization/reports').query(true).reply(200, {reports: [{...minimalReport, title: 42}], totalCount: 1});
    const error = await rejectionOf(makeClient().client.listReports({slug: 'acme'}));
    expect(error).toBeInstanceOf(ContractError);
    expect(error.message).toContain('reports[0].title');
    expect(error.message).toContain('GET organization/reports');
  });

  it('a healthcheck result with no grade (neither severity nor ok) is a ContractError naming it', async () => {
    const {severity: _severity, ok: _ok, ...broken} = healthcheckResult;
    nock(ORIGIN).post('/api/v2/healthchecks/takedowns/cancelled-count').reply(200, broken);
    const error = await rejectionOf(makeClient().client.runHealthcheck('takedowns.cancelled-count', {slug: 'acme'}));
    expect(error).toBeInstanceOf(ContractError);
    expect(error.message).toContain('severity');
  });

  it.each([
    ['an HTML page', '<html><body>Welcome to the proxy</body></html>', 'text/html', /not JSON \(text\/html\)/],
    ['an empty body', '', 'application/json', /empty body/],
  ])('a 200 with %s is a ContractError', async (_label, body, type, pattern) => {
    nock(ORIGIN).post('/api/v2/reports/search').reply(200, body, {'content-type': type});
    const error = await rejectionOf(makeClient().client.searchReports({slug: 'acme', assetContents: ['x']}));
    expect(error).toBeInstanceOf(ContractError);
    expect(error.message).toMatch(pattern);
    expect((error as ContractError).exitCode).toBe(1);
  });

  it('a 200 whose body is only whitespace is called an empty body', async () => {
    nock(ORIGIN).post('/api/v2/reports/search').reply(200, ' \n\t', {'content-type': 'application/json'});
    const error = await rejectionOf(makeClient().client.searchReports({slug: 'acme', assetContents: ['x']}), ContractError);
    expect(error.message).toContain('HTTP 200 with empty body');
  });

  it('a 200 with text and no content type says so', async () => {
    nock(ORIGIN).post('/api/v2/reports/search').reply(200, 'OK');
    const error = await rejectionOf(makeClient().client.searchReports({slug: 'acme', assetContents: ['x']}), ContractError);
    expect(error.message).toContain('HTTP 200 with body is not JSON (no content type)');
  });
});

describe('only a 2xx is a success', () => {
  it.each([300, 304])('a %i without Location is an ApiError, even with a body that reads as a result', async status => {
    nock(ORIGIN).post('/api/v2/reports/search').reply(status, {reports: [], totalCount: 0});
    const error = await rejectionOf(makeClient({retries: 0}).client.searchReports({slug: 'acme', assetContents: ['x']}), ApiError);
    expect(error.status).toBe(status);
  });
});
