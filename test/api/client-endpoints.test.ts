import nock from 'nock';
import {afterEach, describe, expect, it} from 'vitest';
import {createApiClient} from '../../src/api/client.js';
import {ApiError, InputError, UnavailableError} from '../../src/errors.js';
import {healthcheckResult} from './fixtures.js';
import {BASE, KEY, ORIGIN, localServer, makeClient} from './helpers.js';
import {useNock} from '../helpers/nock.js';
import {problemLines, rejectionOf, thrownBy} from '../helpers/thrown.js';
import {clearSecrets} from '../../src/secrets.js';

useNock({allowLoopback: true});
afterEach(() => clearSecrets());

const LIST = '/api/v2/organization/reports';

describe('checkKey: one cheap authenticated read', () => {
  it('GETs organization/reports?slug=<org>&limit=1 with the key and answers accepted on 200', async () => {
    const seen: Array<{path: string; key: unknown; method: string}> = [];
    nock(ORIGIN)
      .get(LIST)
      .query({slug: 'acme', limit: '1'})
      .reply(function (this: nock.ReplyFnContext, uri) {
        seen.push({path: uri, key: this.req.headers['x-api-key'], method: this.req.method});
        return [200, JSON.stringify({reports: []}), {'content-type': 'application/json'}];
      });
    await expect(makeClient().client.checkKey('acme')).resolves.toBe('accepted');
    expect(seen).toEqual([{path: `${LIST}?slug=acme&limit=1`, key: KEY, method: 'GET'}]);
  });

  it('without an org, asks for limit=1 only', async () => {
    nock(ORIGIN).get(LIST).query({limit: '1'}).reply(200, {reports: []});
    await expect(makeClient().client.checkKey(undefined)).resolves.toBe('accepted');
  });

  it('any 2xx body is enough: the answer is not read as a list', async () => {
    nock(ORIGIN).get(LIST).query(true).reply(200, {something: 'else entirely'});
    await expect(makeClient().client.checkKey('acme')).resolves.toBe('accepted');
  });

  it('403: the key is valid but has no access to the org', async () => {
    nock(ORIGIN).get(LIST).query(true).reply(403, {message: 'Forbidden', code: 'FORBIDDEN'});
    await expect(makeClient().client.checkKey('other-org')).resolves.toBe('no-access');
  });

  it.each([400, 422])('%i: the key passed authentication, only the query was refused: accepted', async status => {
    nock(ORIGIN).get(LIST).query(true).reply(status, {message: 'slug is required', code: 'BAD_REQUEST'});
    await expect(makeClient().client.checkKey(undefined)).resolves.toBe('accepted');
  });

  it.each([[401, 2], [404, 4]])('%i is thrown as the ApiError (exit %i)', async (status, exit) => {
    nock(ORIGIN).get(LIST).query(true).reply(status, {message: 'no', code: 'X'});
    const error = (await rejectionOf(makeClient().client.checkKey('acme'), ApiError));
    expect([error.status, error.exitCode]).toEqual([status, exit]);
  });

  it('is a read: a 503 is retried, and the retry decides', async () => {
    nock(ORIGIN).get(LIST).query(true).reply(503, '').get(LIST).query(true).reply(200, {reports: []});
    await expect(makeClient({retries: 1}).client.checkKey('acme')).resolves.toBe('accepted');
  });

  it('an unreachable upstream is the usual UnavailableError, not an answer', async () => {
    const server = await localServer(() => {});
    const port = Number(new URL(server.url).port);
    await server.close();
    const {client, lines} = makeClient({baseUrl: `http://127.0.0.1:${port}/api/v2`, retries: 0});
    const error = await rejectionOf(client.checkKey('acme'), UnavailableError);
    expect(error.message).toMatch(/^GET organization\/reports: /);
    expect(lines).toEqual([expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/organization\/reports\?slug=acme&limit=1 -> ECONNREFUSED/)]);
  });
});

describe('runHealthcheck', () => {
  it('is a read: a 503 is retried and the second answer returned', async () => {
    nock(ORIGIN)
      .post('/api/v2/healthchecks/takedowns/cancelled-count')
      .reply(503, '')
      .post('/api/v2/healthchecks/takedowns/cancelled-count')
      .reply(200, healthcheckResult);
    await expect(makeClient({retries: 1}).client.runHealthcheck('takedowns.cancelled-count', {slug: 'acme'})).resolves.toMatchObject({severity: 'warn'});
  });

  it('an invalid id is an input problem under the field "healthcheck"', async () => {
    const error = await rejectionOf(makeClient().client.runHealthcheck('../admin', {}), InputError);
    expect(problemLines(error)).toEqual(['healthcheck: not a healthcheck id: "../admin" (expected <group>.<name>, e.g. takedowns.cancelled-count)']);
  });
});

describe('client options are checked when the client is made', () => {
  it.each([
    ['connectTimeoutMs', {connectTimeoutMs: -1}, '-1'],
    ['timeoutMs', {timeoutMs: -5}, '-5'],
    ['retries', {retries: -1}, '-1'],
    ['maxRetryDelayMs', {maxRetryDelayMs: -100}, '-100'],
    ['retryBaseDelayMs', {retryBaseDelayMs: -0.5}, '-0.5'],
  ])('a negative %s is an InputError naming it', (field, option, shown) => {
    const error = thrownBy(() => createApiClient({baseUrl: BASE, apiKey: KEY, ...option}), InputError);
    expect(problemLines(error)).toEqual([`${field}: must be a number of at least 0 (got ${shown})`]);
    expect(error.exitCode).toBe(3);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('%s is not a number of milliseconds', value => {
    const error = thrownBy(() => createApiClient({baseUrl: BASE, apiKey: KEY, timeoutMs: value}), InputError);
    expect(problemLines(error)).toEqual([`timeoutMs: must be a number of at least 0 (got ${value})`]);
  });

  it('0 is allowed everywhere', () => {
    expect(() => createApiClient({baseUrl: BASE, apiKey: KEY, connectTimeoutMs: 0, timeoutMs: 0, retries: 0, maxRetryDelayMs: 0, retryBaseDelayMs: 0})).not.toThrow();
  });

  it('without a debug callback, retries still work (nothing to trace to)', async () => {
    nock(ORIGIN).post('/api/v2/reports/search').reply(503, '').post('/api/v2/reports/search').reply(200, {reports: []});
    const client = createApiClient({baseUrl: BASE, apiKey: KEY, retries: 1, retryBaseDelayMs: 1, maxRetryDelayMs: 5});
    await expect(client.searchReports({slug: 'acme', assetContents: ['a.example']})).resolves.toEqual({reports: [], totalCount: 0});
  });
});
