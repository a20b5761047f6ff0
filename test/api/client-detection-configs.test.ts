import nock from 'nock';
import {afterEach, describe, expect, it} from 'vitest';
import {ApiError} from '../../src/errors.js';
import {KEY, ORIGIN, makeClient} from './helpers.js';
import {useNock} from '../helpers/nock.js';
import {rejectionOf} from '../helpers/thrown.js';
import {clearSecrets} from '../../src/secrets.js';

useNock();
afterEach(() => clearSecrets());

const PATH = '/api/v2/detection/configs/list';

describe('listDetectionConfigs: POST /detection/configs/list', () => {
  it('sends {slug} with the key; keeps the body as sent and reads the rows', async () => {
    const seen: Array<{body: unknown; key: unknown}> = [];
    const answer = {sources: [{key: 'URLSCAN', configs: [{id: 3, title: 't', status: 'ENABLED', cron: '* * * * *', more: {x: 1}}, 'junk']}, null], extra: true};
    nock(ORIGIN)
      .post(PATH)
      .reply(function (this: nock.ReplyFnContext, _uri, body) {
        seen.push({body, key: this.req.headers['x-api-key']});
        return [200, JSON.stringify(answer), {'content-type': 'application/json'}];
      });
    const list = await makeClient().client.listDetectionConfigs('globex');
    expect(seen).toEqual([{key: KEY, body: {slug: 'globex'}}]);
    expect(list.body).toEqual(answer);
    expect(list.configs).toEqual([{source: 'URLSCAN', id: '3', title: 't', status: 'ENABLED', schedule: '* * * * *'}]);
  });

  it.each([[401, 2], [403, 5], [404, 4], [400, 3]])('%i is the ApiError (exit %i), not retried', async (status, exit) => {
    nock(ORIGIN).post(PATH).once().reply(status, {message: 'no', code: 'X'});
    const error = await rejectionOf(makeClient().client.listDetectionConfigs('globex'), ApiError);
    expect(error.exitCode).toBe(exit);
  });

  it('a read: a 503 is retried', async () => {
    nock(ORIGIN).post(PATH).reply(503, {message: 'down'}).post(PATH).reply(200, {sources: []});
    expect((await makeClient().client.listDetectionConfigs('globex')).configs).toEqual([]);
  });
});
