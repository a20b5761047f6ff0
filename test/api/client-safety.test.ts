import nock from 'nock';
import {afterEach, describe, expect, it} from 'vitest';
import {createApiClient} from '../../src/api/client.js';
import {ApiError, InputError, UnavailableError} from '../../src/errors.js';
import {clearSecrets, redact} from '../../src/secrets.js';
import {healthcheckResult} from './fixtures.js';
import {BASE, KEY, ORIGIN, everythingAbout, localServer, makeClient} from './helpers.js';
import {useNock} from '../helpers/nock.js';
import {rejectionOf, thrownBy} from '../helpers/thrown.js';

useNock({allowLoopback: true});
afterEach(() => clearSecrets());

const search = {slug: 'acme', assetContents: ['a.example']};

describe('plain-http guard', () => {
  it.each(['http://api.example.com/api/v2', 'http://10.0.0.5:8080/api/v2', 'http://127.evil.example/api/v2'])(
    'refuses %s: InputError naming --base-url, exit 3',
    baseUrl => {
      const error = thrownBy(() => createApiClient({baseUrl, apiKey: KEY}), InputError);
      expect(error.exitCode).toBe(3);
      expect(error.problems[0]?.field).toBe('--base-url');
      expect(error.message).toContain('plain http');
    },
  );

  it.each([
    'http://127.0.0.1:4010/api/v2',
    'http://127.8.9.10/api/v2',
    'http://localhost:4010/api/v2/',
    'http://[::1]:4010/api/v2',
    'http://[::ffff:127.0.0.1]/api/v2',
    'https://api.example.com/api/v2',
  ])('accepts %s', baseUrl => {
    expect(() => createApiClient({baseUrl, apiKey: KEY})).not.toThrow();
  });

  it.each([
    ['not a URL', 'api.example.com/api/v2', 'not a valid URL'],
    ['another scheme', 'ftp://api.example.com/api/v2', 'must start with https://'],
    ['credentials in the URL', 'https://user:pw@api.example.com/api/v2', 'user name or password'],
    ['a query string', 'https://api.example.com/api/v2?x=1', 'query string'],
  ])('refuses %s', (_label, baseUrl, message) => {
    expect(() => createApiClient({baseUrl, apiKey: KEY})).toThrow(message);
  });
});

describe('redirects', () => {
  it('a redirect to another origin is refused and the other host receives nothing', async () => {
    const other = await localServer((req, res) => res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({reports: []})));
    const api = await localServer((req, res) => res.writeHead(307, {location: `${other.url}${req.url}`}).end());
    try {
      const {client, lines} = makeClient({baseUrl: `${api.url}/api/v2`});
      const error = await rejectionOf(client.searchReports(search));
      expect(error).toBeInstanceOf(UnavailableError);
      expect(error.message).toContain(`redirected ${api.url} to another origin (${other.url})`);
      expect(error.message).toContain('--base-url');
      expect(api.requests).toHaveLength(1);
      expect(other.requests).toHaveLength(0);
      expect(lines[0]).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/api\/v2\/reports\/search -> 307 redirect to http:\/\/127\.0\.0\.1:\d+\/api\/v2\/reports\/search/);
    } finally {
      await Promise.all([api.close(), other.close()]);
    }
  });

  it('an https -> http downgrade on the same host is refused too', async () => {
    const scope = nock(ORIGIN).post('/api/v2/reports/search').reply(301, '', {location: 'http://api.vigil.test/api/v2/reports/search'});
    const plain = nock('http://api.vigil.test').post('/api/v2/reports/search').reply(200, {reports: []});
    const error = await rejectionOf(makeClient().client.searchReports(search));
    expect(error).toBeInstanceOf(UnavailableError);
    expect(scope.isDone()).toBe(true);
    expect(plain.isDone()).toBe(false);
    nock.cleanAll();
  });

  it('a redirect within the same origin is followed, with the key', async () => {
    const api = await localServer((req, res) => {
      if (req.url === '/api/v2/reports/search') {
        res.writeHead(308, {location: '/api/v2/reports/search2'}).end();
        return;
      }
      res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({reports: []}));
    });
    try {
      await expect(makeClient({baseUrl: `${api.url}/api/v2`}).client.searchReports(search)).resolves.toEqual({reports: [], totalCount: 0});
      expect(api.requests.map(r => [r.url, r.headers['x-api-key']])).toEqual([
        ['/api/v2/reports/search', KEY],
        ['/api/v2/reports/search2', KEY],
      ]);
    } finally {
      await api.close();
    }
  });
});

describe('the key never appears in anything the client emits', () => {
  /** Runs one call per failure mode and returns every text a user or log could see. */
  async function emitted(): Promise<string[]> {
    const texts: string[] = [];
    const api = await localServer((req, res) => {
      if (req.url?.includes('reset')) req.socket.destroy();
      else if (req.url?.includes('slow')) {
        /* never answers */
      } else res.writeHead(302, {location: 'https://elsewhere.example/steal'}).end();
    });
    nock(ORIGIN)
      .post('/api/v2/reports/search').reply(200, {reports: []})
      .post('/api/v2/report/create').reply(401, {error: {code: 'UNAUTHORIZED', message: `key ${KEY} is revoked`}, echo: {'x-api-key': KEY}})
      .get('/api/v2/organization/reports').query(true).times(3).reply(503, `<html>upstream said ${KEY}</html>`)
      .post('/api/v2/healthchecks/takedowns/cancelled-count').reply(200, {...healthcheckResult, severity: 'bogus'});
    try {
      const {client, lines} = makeClient();
      const local = makeClient({baseUrl: `${api.url}/api/v2`, timeoutMs: 100, retries: 1});
      const calls: Array<Promise<unknown>> = [
        client.searchReports(search),
        client.createReport({title: 'abc', description: 'd', assets: [{content: 'x'}]}),
        client.listReports({slug: 'acme'}),
        client.runHealthcheck('takedowns.cancelled-count', {slug: 'acme'}),
        local.client.runHealthcheck('reset.now', {}),
        local.client.runHealthcheck('slow.check', {}),
        local.client.searchReports(search),
        client.searchReports(search, {signal: AbortSignal.abort()}),
      ];
      for (const outcome of await Promise.allSettled(calls)) {
        texts.push(outcome.status === 'fulfilled' ? JSON.stringify(outcome.value) : await everythingAbout(outcome.reason));
      }
      texts.push(...lines, ...local.lines);
      return texts;
    } finally {
      await api.close();
    }
  }

  it('with the key registered: errors, stacks, JSON, inspect output and --debug lines are clean', async () => {
    const texts = await emitted();
    expect(texts.length).toBeGreaterThan(12);
    for (const text of texts) expect(text).not.toContain(KEY);
    // The echoing upstream really did send the key back: redaction, not luck, removed it.
    expect(texts.some(text => text.includes('is revoked'))).toBe(true);
    expect(texts.some(text => text.includes('ECONNRESET'))).toBe(true);
  });

  it('errors carry no request headers even without redaction (nothing of the Node request leaks)', async () => {
    const {client} = makeClient({baseUrl: 'http://127.0.0.1:9/api/v2', retries: 0});
    clearSecrets();
    expect(redact(KEY)).toBe(KEY);
    const error = await rejectionOf(client.searchReports(search));
    const text = await everythingAbout(error);
    expect(text).toContain('connection refused');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('x-api-key');
  });

  it('an upstream message echoing the key is masked in ApiError fields', async () => {
    nock(ORIGIN)
      .post('/api/v2/reports/search')
      .reply(400, {message: `bad key ${KEY}`, code: 'BAD_REQUEST', issues: [{message: `header was ${KEY}`}]});
    const error = (await rejectionOf(makeClient().client.searchReports(search))) as ApiError;
    expect(error.message).toBe('bad key vk_…b1a0');
    expect(error.issues).toEqual([{message: 'header was vk_…b1a0'}]);
  });

  it('the key is registered by createApiClient itself', () => {
    clearSecrets();
    createApiClient({baseUrl: BASE, apiKey: KEY});
    expect(redact(`x ${KEY} y`)).toBe('x vk_…b1a0 y');
  });
});
