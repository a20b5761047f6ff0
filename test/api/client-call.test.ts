import nock from 'nock';
import * as z from 'zod';
import {afterEach, describe, expect, it} from 'vitest';
import {defineEndpoint} from '../../src/api/wire/endpoint.js';
import {ApiError, ContractError} from '../../src/errors.js';
import {KEY, ORIGIN, makeClient} from './helpers.js';
import {useNock} from '../helpers/nock.js';
import {rejectionOf} from '../helpers/thrown.js';
import {clearSecrets} from '../../src/secrets.js';

useNock();
afterEach(() => clearSecrets());

// Declarations made for the test: what client.call does follows from them alone.
const getThing = defineEndpoint({
  name: 'getThing',
  method: 'GET',
  path: 'things/{thingId}',
  summary: 'One thing',
  tag: 'things',
  request: () => z.object({kind: z.array(z.string()).optional(), limit: z.number().optional()}),
  toWire: (input: {id: string; kinds?: string[]; limit?: number}) => ({kind: input.kinds, limit: input.limit}),
  params: input => ({thingId: input.id}),
  response: () => z.object({id: z.string(), name: z.string().nullish()}),
  repeat: 'idempotent',
});
const findThings = defineEndpoint({
  name: 'findThings',
  method: 'POST',
  path: 'things/find',
  summary: 'Things matching a query',
  tag: 'things',
  request: () => z.object({query: z.string()}),
  response: () => z.object({things: z.array(z.object({id: z.string()}))}),
  repeat: 'idempotent',
});

describe('client.call: an endpoint from its declaration', () => {
  it('GET: fills the path escaped, sends the wire query (arrays repeated) with the key, reads the answer', async () => {
    const seen: Array<{path: string; key: unknown}> = [];
    nock(ORIGIN)
      .get(/\/api\/v2\/things\/.*/)
      .reply(function (this: nock.ReplyFnContext, uri) {
        seen.push({path: uri, key: this.req.headers['x-api-key']});
        return [200, JSON.stringify({id: 't/1', name: null, extra: true}), {'content-type': 'application/json'}];
      });
    const thing = await makeClient().client.call(getThing, {id: 't/1', kinds: ['a', 'b'], limit: 5});
    expect(seen).toEqual([{path: '/api/v2/things/t%2F1?kind=a&kind=b&limit=5', key: KEY}]);
    expect(thing).toEqual({id: 't/1', name: null});
  });

  it('POST: sends the input as the JSON body when the declaration has no toWire', async () => {
    let body: unknown;
    nock(ORIGIN)
      .post('/api/v2/things/find')
      .reply((_uri, sent) => {
        body = sent;
        return [200, {things: [{id: 'x'}]}];
      });
    expect(await makeClient().client.call(findThings, {query: 'wallet'})).toEqual({things: [{id: 'x'}]});
    expect(body).toEqual({query: 'wallet'});
  });

  it('an answer its reader refuses is a ContractError; an upstream error an ApiError with its status', async () => {
    nock(ORIGIN).post('/api/v2/things/find').reply(200, {things: 'no'});
    expect((await rejectionOf(makeClient().client.call(findThings, {query: 'q'}), ContractError)).message).toMatch(/things/);
    nock(ORIGIN).post('/api/v2/things/find').reply(403, {message: 'Forbidden', code: 'FORBIDDEN'});
    expect((await rejectionOf(makeClient().client.call(findThings, {query: 'q'}), ApiError)).status).toBe(403);
  });
});
