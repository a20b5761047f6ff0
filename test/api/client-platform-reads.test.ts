import nock from 'nock';
import {afterEach, describe, expect, it} from 'vitest';
import * as PLATFORM from '../../src/api/wire/endpoints/platform.js';
import type {AnyEndpoint} from '../../src/api/wire/index.js';
import {ApiError, ContractError} from '../../src/errors.js';
import {clearSecrets} from '../../src/secrets.js';
import {useNock} from '../helpers/nock.js';
import {rejectionOf} from '../helpers/thrown.js';
import {KEY, ORIGIN, makeClient} from './helpers.js';

useNock();
afterEach(() => clearSecrets());

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  key: unknown;
}

function record(method: 'GET' | 'POST', path: string, reply: unknown, status = 200): Seen[] {
  const seen: Seen[] = [];
  const scope = nock(ORIGIN);
  const interceptor = method === 'GET' ? scope.get(`/api/v2/${path}`).query(true) : scope.post(`/api/v2/${path}`);
  interceptor.reply(function (this: nock.ReplyFnContext, uri, body) {
    const url = new URL(uri, ORIGIN);
    seen.push({method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, key: this.req.headers['x-api-key']});
    return [status, JSON.stringify(reply), {'content-type': 'application/json'}];
  });
  return seen;
}

const READS = (Object.values(PLATFORM) as unknown[]).filter((value): value is AnyEndpoint => typeof value === 'object' && value !== null && 'path' in value && 'repeat' in value);

describe('client.call of the plain reads (docs/contract.md#passthrough-reads)', () => {
  it.each(READS.filter(read => read !== PLATFORM.userOrg).map(read => [read.name, read] as const))('%s: the documented method and path with the key; a POST sends {}; the body comes back as sent', async (_name, read) => {
    const answer = {anything: [1, {deep: null}], 'odd key': 'x'};
    const seen = record(read.method, read.path, answer);
    const body = await makeClient().client.call(read, {});
    expect(seen).toEqual([{method: read.method, path: `/api/v2/${read.path}`, query: {}, body: read.method === 'POST' ? {} : '', key: KEY}]);
    expect(body).toEqual(answer);
  });

  it('GET: sends only the query parameters given, in the documented names; {slug} is filled and escaped', async () => {
    const seen = record('GET', 'organization/assets', {assets: []});
    await makeClient().client.call(PLATFORM.organizationAssets, {type: 'URL', groupId: -1, perPage: 5, nextPage: 'a b'});
    expect(seen[0]!.query).toEqual({type: 'URL', groupId: '-1', per_page: '5', next_page: 'a b'});
    const metrics = record('GET', 'organization/metrics', {});
    await makeClient().client.call(PLATFORM.organizationMetrics, {from: '2026-11-01T00:00:00.000Z'});
    expect(metrics[0]!.query).toEqual({startDate: '2026-11-01T00:00:00.000Z'});
    const one = record('GET', 'user/orgs/acme%2Fx', {slug: 'acme'});
    await makeClient().client.call(PLATFORM.userOrg, {slug: 'acme/x'});
    expect(one[0]!.path).toBe('/api/v2/user/orgs/acme%2Fx');
  });

  it('any JSON is an answer (a bare number, null); a body that is not JSON is a ContractError', async () => {
    record('POST', 'user/me', 17);
    expect(await makeClient().client.call(PLATFORM.userMe, {})).toBe(17);
    record('POST', 'user/me', null);
    expect(await makeClient().client.call(PLATFORM.userMe, {})).toBeNull();
    nock(ORIGIN).post('/api/v2/user/me').reply(200, '<html>', {'content-type': 'text/html'});
    await rejectionOf(makeClient().client.call(PLATFORM.userMe, {}), ContractError);
  });

  it.each([[401, 2], [403, 5], [404, 4], [400, 3]])('%i is the ApiError (exit %i), not retried', async (status, exit) => {
    record('GET', 'organization/brands', {error: {code: 'X', message: 'no'}}, status);
    const error = await rejectionOf(makeClient().client.call(PLATFORM.organizationBrands, {}), ApiError);
    expect(error.exitCode).toBe(exit);
  });

  it('a read: a 503 is retried', async () => {
    nock(ORIGIN).post('/api/v2/metrics/found').reply(503, {message: 'down'}).post('/api/v2/metrics/found').reply(200, {found: 3});
    expect(await makeClient().client.call(PLATFORM.metricsFound, {})).toEqual({found: 3});
  });
});
