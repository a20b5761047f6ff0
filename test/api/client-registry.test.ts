import nock from 'nock';
import {afterEach, describe, expect, it} from 'vitest';
import {ContractError} from '../../src/errors.js';
import {clearSecrets} from '../../src/secrets.js';
import {useNock} from '../helpers/nock.js';
import {rejectionOf} from '../helpers/thrown.js';
import {KEY, ORIGIN, makeClient} from './helpers.js';

useNock();
afterEach(() => clearSecrets());

const LIST = '/api/v2/healthchecks/list';

describe('listHealthchecks: POST /healthchecks/list', () => {
  it('posts the scope with the key, and returns the registry normalised', async () => {
    const seen: Array<{body: unknown; key: unknown}> = [];
    nock(ORIGIN)
      .post(LIST)
      .reply(function (this: nock.ReplyFnContext, _uri, body) {
        seen.push({body, key: this.req.headers['x-api-key']});
        return [200, {checks: [{id: 'reviewing.backlog', implemented: true}, {id: 'x.planned', implemented: false, notImplementedReason: 'soon'}]}];
      });
    await expect(makeClient().client.listHealthchecks('acme')).resolves.toEqual({
      checks: [
        {id: 'reviewing.backlog', implemented: true, notImplementedReason: null},
        {id: 'x.planned', implemented: false, notImplementedReason: 'soon'},
      ],
    });
    expect(seen).toEqual([{body: {slug: 'acme'}, key: KEY}]);
  });

  it('is a read: a 502 is retried', async () => {
    nock(ORIGIN).post(LIST).reply(502, '').post(LIST).reply(200, [{id: 'a.b', implemented: true}]);
    await expect(makeClient({retries: 1}).client.listHealthchecks(undefined)).resolves.toEqual({checks: [{id: 'a.b', implemented: true, notImplementedReason: null}]});
  });

  it('a registry that breaks the contract is a ContractError naming the field', async () => {
    nock(ORIGIN).post(LIST).reply(200, {checks: [{implemented: true}]});
    const error = await rejectionOf(makeClient().client.listHealthchecks('acme'), ContractError);
    expect(error.message).toBe('unexpected response from POST healthchecks/list: checks[0].id: Invalid input: expected string, received undefined');
  });
});
