import nock from 'nock';
import {afterEach, describe, expect, it} from 'vitest';
import {ApiError, ContractError} from '../../src/errors.js';
import {KEY, ORIGIN, makeClient} from './helpers.js';
import {useNock} from '../helpers/nock.js';
import {rejectionOf} from '../helpers/thrown.js';
import {clearSecrets} from '../../src/secrets.js';

useNock();
afterEach(() => clearSecrets());

const PATH = '/api/v2/takedowns/list';

describe('listTakedowns: POST /takedowns/list', () => {
  it('sends the documented body names with the key, and reads the page tolerantly', async () => {
    const seen: Array<{body: unknown; key: unknown}> = [];
    nock(ORIGIN)
      .post(PATH)
      .reply(function (this: nock.ReplyFnContext, _uri, body) {
        seen.push({body, key: this.req.headers['x-api-key']});
        return [200, JSON.stringify({takedowns: [{id: 5, asset: null, assignee: null, brand: null, extra: 1}, {id: 'td-6', status: 'TODO'}], next_page: 12, more: true}), {'content-type': 'application/json'}];
      });
    const page = await makeClient().client.listTakedowns({
      slug: 'acme', query: 'wallet', from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z', assetTypes: ['URL'],
      statuses: ['IN_PROGRESS'], liveness: ['DEAD'], sort: {key: 'createdAt', direction: 'asc'}, perPage: 50, nextPage: '10',
    });
    expect(seen).toEqual([{
      key: KEY,
      body: {
        slug: 'acme', query: 'wallet', startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-11-02T00:00:00.000Z', assetType: ['URL'],
        takedownStatus: ['IN_PROGRESS'], livenessStatus: ['DEAD'], sorting: [{key: 'createdAt', direction: 'asc'}], per_page: 50, next_page: '10',
      },
    }]);
    expect(page).toEqual({takedowns: [{id: '5'}, {id: 'td-6', status: 'TODO'}], nextPage: '12'});
  });

  it('an empty or null next_page is the last page', async () => {
    nock(ORIGIN).post(PATH).reply(200, {takedowns: [], next_page: ''});
    expect((await makeClient().client.listTakedowns({})).nextPage).toBeNull();
    nock(ORIGIN).post(PATH).reply(200, {takedowns: []});
    expect((await makeClient().client.listTakedowns({})).nextPage).toBeNull();
  });

  it('a takedown without id, or no takedowns array, is a ContractError naming the field', async () => {
    nock(ORIGIN).post(PATH).reply(200, {takedowns: [{status: 'TODO'}]});
    expect((await rejectionOf(makeClient().client.listTakedowns({}), ContractError)).message).toMatch(/takedowns\[0\]\.id/);
    nock(ORIGIN).post(PATH).reply(200, {items: []});
    expect((await rejectionOf(makeClient().client.listTakedowns({}), ContractError)).message).toMatch(/takedowns/);
  });

  it.each([[401, 2], [403, 5], [400, 3]])('%i is the ApiError (exit %i), not retried', async (status, exit) => {
    nock(ORIGIN).post(PATH).once().reply(status, {message: 'no', code: 'X'});
    const error = await rejectionOf(makeClient().client.listTakedowns({}), ApiError);
    expect(error.exitCode).toBe(exit);
  });

  it('a read: a 503 is retried', async () => {
    nock(ORIGIN).post(PATH).reply(503, {message: 'down'}).post(PATH).reply(200, {takedowns: [{id: 1}], next_page: null});
    expect((await makeClient().client.listTakedowns({})).takedowns).toEqual([{id: '1'}]);
  });
});
