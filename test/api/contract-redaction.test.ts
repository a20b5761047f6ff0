import {afterEach, describe, expect, it} from 'vitest';
import {ContractError} from '../../src/errors.js';
import {KEY, everythingAbout, localServer, makeClient, type LocalServer} from './helpers.js';
import {rejectionOf} from '../helpers/thrown.js';
import {clearSecrets, registerSecret} from '../../src/secrets.js';
import {redactDeep} from '../../src/api/redact.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  clearSecrets();
});

/** An upstream (or a proxy) that echoes the key it was sent into what it answers. */
async function echoing(answer: (key: string) => {type: string; body: string}) {
  server = await localServer((req, res) => {
    const {type, body} = answer(String(req.headers['x-api-key']));
    res.writeHead(200, {'content-type': type}).end(body);
  });
  return makeClient({baseUrl: `${server.url}/api/v2`, retries: 0});
}

describe('contract errors from an upstream that echoes the key', () => {
  it('do not carry it when it comes back as a field name (an observed key)', async () => {
    const {client, lines} = await echoing(key => ({type: 'application/json', body: JSON.stringify({check: 'x', status: 'ok', observed: {[key]: {nested: true}}})}));
    const error = await rejectionOf(client.runHealthcheck('takedowns.cancelled-count', {slug: 'acme'}));
    expect(error).toBeInstanceOf(ContractError);
    expect(error.message).toContain('vk_…b1a0');
    expect(await everythingAbout(error)).not.toContain(KEY);
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('do not carry it when it comes back in the content type of a non-JSON body', async () => {
    const {client} = await echoing(key => ({type: `text/${key}`, body: 'not json'}));
    const error = await rejectionOf(client.listReports({slug: 'acme'}));
    expect(error).toBeInstanceOf(ContractError);
    expect(error.message).toContain('body is not JSON');
    expect(await everythingAbout(error)).not.toContain(KEY);
  });
});

describe('redactDeep: an upstream error body with the key masked everywhere in it', () => {
  it('masks strings at any depth and keeps numbers, booleans and nulls as they are', () => {
    registerSecret(KEY);
    const body = {error: {message: `key ${KEY} is revoked`, status: 401, retry: false, detail: null}, echo: [KEY, 3, null, {header: KEY}]};
    expect(redactDeep(body)).toEqual({
      error: {message: 'key vk_…b1a0 is revoked', status: 401, retry: false, detail: null},
      echo: ['vk_…b1a0', 3, null, {header: 'vk_…b1a0'}],
    });
    expect(redactDeep(null)).toBeNull();
    expect(redactDeep(42)).toBe(42);
  });
});
