import nock from 'nock';
import {afterEach, describe, expect, it} from 'vitest';
import {Pacer} from '../../src/api/pacer.js';
import {ContractError} from '../../src/errors.js';
import {KEY, ORIGIN, makeClient} from './helpers.js';
import {useNock} from '../helpers/nock.js';
import {rejectionOf} from '../helpers/thrown.js';
import {clearSecrets} from '../../src/secrets.js';

useNock();
afterEach(() => clearSecrets());

const PATH = '/api/v2/asset/check';

describe('checkAsset: POST /asset/check', () => {
  it('sends {content} with the key and reads the answer tolerantly', async () => {
    const seen: unknown[] = [];
    nock(ORIGIN).post(PATH).reply(function (this: nock.ReplyFnContext, _uri, body) {
      seen.push({body, key: this.req.headers['x-api-key']});
      return [200, JSON.stringify({status: 'BLOCKED', source: 'seal', reason: null, sources: [{source: 'seal'}], extra: 1}), {'content-type': 'application/json'}];
    });
    expect(await makeClient().client.checkAsset('evil.example')).toEqual({status: 'BLOCKED', source: 'seal', sources: [{source: 'seal'}]});
    expect(seen).toEqual([{body: {content: 'evil.example'}, key: KEY}]);
  });

  it('an answer without status is a ContractError naming it', async () => {
    nock(ORIGIN).post(PATH).reply(200, {source: 'seal'});
    expect((await rejectionOf(makeClient().client.checkAsset('a'), ContractError)).message).toMatch(/status/);
  });

  it("a 429's Retry-After holds the pacer every call shares", async () => {
    nock(ORIGIN).post(PATH).reply(429, {message: 'slow down'}, {'retry-after': '1'}).post(PATH).reply(200, {status: 'UNKNOWN'});
    const pacer = new Pacer();
    const before = performance.now();
    const {client} = makeClient({maxRetryDelayMs: 2_000});
    expect(await client.checkAsset('a', {pacer})).toEqual({status: 'UNKNOWN'});
    expect(pacer.heldUntil - before).toBeGreaterThanOrEqual(990);
    expect(performance.now() - before).toBeGreaterThanOrEqual(990);
  });
});
