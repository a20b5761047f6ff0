import nock from 'nock';
import {afterEach, describe, expect, it} from 'vitest';
import {ApiError, ContractError} from '../../src/errors.js';
import {KEY, ORIGIN, makeClient} from './helpers.js';
import {useNock} from '../helpers/nock.js';
import {rejectionOf} from '../helpers/thrown.js';
import {clearSecrets} from '../../src/secrets.js';
import {searchAsset} from '../../src/api/wire/endpoints/asset-search.js';
import {listAssets} from '../../src/api/wire/endpoints/asset-list.js';
import {listThreats} from '../../src/api/wire/endpoints/threats.js';
import {listDetections, listDetectionSources} from '../../src/api/wire/endpoints/detections.js';

useNock();
afterEach(() => clearSecrets());

/** Answers one request to `path` with `reply` and records what was sent. */
function record(method: 'GET' | 'POST', path: string, reply: unknown, status = 200) {
  const seen: Array<{body: unknown; key: unknown; query: string}> = [];
  const scope = nock(ORIGIN);
  (method === 'GET' ? scope.get(`/api/v2/${path}`) : scope.post(`/api/v2/${path}`)).reply(function (this: nock.ReplyFnContext, uri, body) {
    seen.push({body: body === '' ? undefined : body, key: this.req.headers['x-api-key'], query: new URL(uri, ORIGIN).search});
    return [status, JSON.stringify(reply), {'content-type': 'application/json'}];
  });
  return seen;
}

describe('the platform reads: the documented request, the key, a tolerant answer', () => {
  it('searchAsset: POST /asset/search with content or assetId; every part may be missing', async () => {
    const seen = record('POST', 'asset/search', {asset: {id: 7, content: 'a.example', status: 'BLOCKED', extra: 1}, blockedBy: [{consumer: 'quad9'}]});
    const answer = await makeClient().client.call(searchAsset, {content: 'a.example'});
    expect(seen).toEqual([{body: {content: 'a.example'}, key: KEY, query: ''}]);
    expect(answer).toMatchObject({asset: {id: '7', content: 'a.example', status: 'BLOCKED'}, reports: [], blockedBy: [{consumer: 'quad9'}]});
    expect(answer.takedown).toBeUndefined();
    const byId = record('POST', 'asset/search', {asset: null, reports: null, takedown: null, blockedBy: null});
    expect((await makeClient().client.call(searchAsset, {assetId: 7})).asset).toBeUndefined();
    expect(byId[0]!.body).toEqual({assetId: 7});
  });

  it('listAssets: POST /asset/list, type and only what is given; next_page read as a cursor', async () => {
    const seen = record('POST', 'asset/list', {assets: [{content: 'x.example', type: 'URL'}], next_page: 'abc'});
    const page = await makeClient().client.call(listAssets, {type: 'URL', status: 'ALLOWED', from: '2026-11-01', to: '2026-11-02', perPage: 10_000, nextPage: 'p1'});
    expect(seen[0]!.body).toEqual({type: 'URL', status: 'ALLOWED', startDate: '2026-11-01', endDate: '2026-11-02', per_page: 10_000, next_page: 'p1'});
    expect(page).toEqual({assets: [{content: 'x.example', type: 'URL'}], nextPage: 'abc'});
  });

  it('listThreats: POST /threats/list under the documented names; a numeric next_page is a cursor', async () => {
    const seen = record('POST', 'threats/list', {threats: [{id: 3, content: 'c'}], next_page: 12348});
    const page = await makeClient().client.call(listThreats, {query: 'q', from: '2026-11-01', assetTypes: ['URL'], sort: {key: 'blockedAt', direction: 'desc'}, perPage: 100, nextPage: '5'});
    expect(seen[0]).toEqual({key: KEY, query: '', body: {query: 'q', startDate: '2026-11-01', assetType: ['URL'], sorting: [{key: 'blockedAt', direction: 'desc'}], per_page: 100, next_page: '5'}});
    expect(page).toEqual({threats: [{id: '3', content: 'c'}], nextPage: '12348'});
  });

  it('listDetections: POST /detection/list with slug, filters as {property, operator, value}, a numeric cursor', async () => {
    const seen = record('POST', 'detection/list', {detections: [{id: 1, asset: null}], nextCursor: 60});
    const page = await makeClient().client.call(listDetections, {slug: 'acme', query: 'w', from: '2026-11-01T00:00:00.000Z', filters: {source: ['URLSCAN'], confidence: ['high']}, limit: 10, cursor: '50'});
    expect(seen[0]!.body).toEqual({
      slug: 'acme', cursor: 50, limit: 10, query: 'w', startDate: '2026-11-01T00:00:00.000Z',
      filters: [{property: 'source', operator: 'in', value: ['URLSCAN']}, {property: 'confidence', operator: 'in', value: ['high']}],
    });
    expect(page).toEqual({detections: [{id: '1'}], nextPage: '60'});
  });

  it('listDetectionSources: GET /detection/sources with no parameter; any JSON is read, the body kept as sent', async () => {
    const body = {sources: [{key: 'URLSCAN', type: 'pull', configSchema: {type: 'object'}}], meta: {v: 1}};
    const seen = record('GET', 'detection/sources', body);
    const answer = await makeClient().client.call(listDetectionSources, {});
    expect(seen).toEqual([{body: undefined, key: KEY, query: ''}]);
    expect(answer.raw).toEqual(body);
    expect(answer.sources).toEqual([{key: 'URLSCAN', kind: 'pull', hasConfigSchema: true}]);
    record('GET', 'detection/sources', 'not a catalog');
    expect((await makeClient().client.call(listDetectionSources, {})).sources).toEqual([]);
  });

  it('a row without its identity is a ContractError naming the field', async () => {
    record('POST', 'threats/list', {threats: [{content: 'c'}]});
    expect((await rejectionOf(makeClient().client.call(listThreats, {}), ContractError)).message).toMatch(/threats\[0\]\.id/);
    record('POST', 'asset/list', {assets: [{type: 'URL'}]});
    expect((await rejectionOf(makeClient().client.call(listAssets, {type: 'URL'}), ContractError)).message).toMatch(/assets\[0\]\.content/);
    record('POST', 'detection/list', {detections: [{source: 'x'}]});
    expect((await rejectionOf(makeClient().client.call(listDetections, {slug: 'acme'}), ContractError)).message).toMatch(/detections\[0\]\.id/);
  });

  it.each([[401, 2], [403, 5], [404, 4]])('%i is the ApiError (exit %i)', async (status, exit) => {
    record('POST', 'asset/search', {message: 'no', code: 'X'}, status);
    expect((await rejectionOf(makeClient().client.call(searchAsset, {content: 'a'}), ApiError)).exitCode).toBe(exit);
  });
});
