import {afterEach, describe, expect, it} from 'vitest';
import {CrossOriginRedirect, NetworkFailure, RedirectAfterPost} from '../../src/api/failures.js';
import type {RepeatRule} from '../../src/api/exchange.js';
import {createTransport} from '../../src/api/transport.js';
import {rejectionOf} from '../helpers/thrown.js';
import {KEY, localServer, type LocalServer, NO_RETRIES} from './helpers.js';

/*
 * Which answers the transport follows as redirects, and how it reads a Location, against
 * real loopback servers: only a 3xx with a Location is a redirect, a Location that is not
 * a URL fails as a network failure, and one that moves elsewhere is refused by name.
 */

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function transportTo(url: string, lines: string[] = []) {
  const transport = createTransport({
    prefixUrl: new URL(`${url}/api/v2/`),
    apiKey: KEY,
    userAgent: 'u',
    connectTimeoutMs: 1_000,
    timeoutMs: 2_000,
    maxResponseBytes: 1_000,
    ...NO_RETRIES,
    debug: line => lines.push(line),
  });
  return (path: string) => transport.send({method: 'GET', path, signal: new AbortController().signal});
}

describe('what is a redirect', () => {
  it('a response that is not a 3xx is returned as it is, even with a Location header', async () => {
    server = await localServer((_req, res) => res.writeHead(201, {location: '/api/v2/elsewhere', 'content-type': 'application/json'}).end('{"id":"r1"}'));
    const lines: string[] = [];
    const response = await transportTo(server.url, lines)('report/create');
    expect(response).toMatchObject({status: 201, body: '{"id":"r1"}'});
    expect(server.requests.map(req => req.url)).toEqual(['/api/v2/report/create']);
    // Its --debug line names the status only, no redirect.
    expect(lines).toEqual([expect.stringMatching(/ -> 201 in \d+ ms \(attempt 1\/1\)$/)]);
  });

  it('a 3xx without a Location is returned as it is, not followed', async () => {
    server = await localServer((_req, res) => res.writeHead(302, {'content-type': 'text/plain'}).end('moved, somewhere'));
    const response = await transportTo(server.url)('reports/search');
    expect(response).toMatchObject({status: 302, body: 'moved, somewhere'});
    expect(server.requests).toHaveLength(1);
  });
});

describe('reading a Location', () => {
  it('reads the bytes of a Location as UTF-8, as browsers do', async () => {
    server = await localServer((req, res) => {
      // Node writes a header string as latin1: these are the UTF-8 bytes of "café".
      if (req.url === '/api/v2/start') res.writeHead(302, {location: Buffer.from('/api/v2/café', 'utf8').toString('latin1')}).end();
      else res.writeHead(200).end('ok');
    });
    const lines: string[] = [];
    expect((await transportTo(server.url, lines)('start')).status).toBe(200);
    expect(server.requests.map(req => req.url)).toEqual(['/api/v2/start', '/api/v2/caf%C3%A9']);
    expect(lines[0]).toContain(`302 redirect to ${server.url}/api/v2/caf%C3%A9 in`);
  });

  it('a Location that is not a URL fails as ERR_INVALID_URL, with the --debug line of the answer, and goes nowhere', async () => {
    server = await localServer((_req, res) => res.writeHead(302, {location: 'http://[not-an-address/x'}).end());
    const lines: string[] = [];
    const error = await rejectionOf(transportTo(server.url, lines)('reports/search'), NetworkFailure);
    const host = server.url.slice('http://'.length);
    expect({...error, message: error.message}).toEqual({code: 'ERR_INVALID_URL', phase: 'maybe-sent', name: 'NetworkFailure', message: `request to ${host} failed (ERR_INVALID_URL)`});
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^GET ${server.url}/api/v2/reports/search -> 302 in \\d+ ms \\(attempt 1/1\\)$`));
    expect(server.requests).toHaveLength(1);
  });

  it('a Location on another origin is refused as a CrossOriginRedirect naming both origins', async () => {
    server = await localServer((_req, res) => res.writeHead(301, {location: 'https://elsewhere.example/api/v2/reports/search'}).end());
    const error = await rejectionOf(transportTo(server.url)('reports/search'), CrossOriginRedirect);
    expect(error.name).toBe('CrossOriginRedirect');
    expect(String(error)).toBe(`CrossOriginRedirect: the upstream redirected ${server.url} to another origin (https://elsewhere.example)`);
    expect({from: error.from, to: error.to}).toEqual({from: server.url, to: 'https://elsewhere.example'});
  });
});

describe('after a POST that is not safe to repeat', () => {
  /** POSTs a body to `path` with the given rule, as report creation and reviews do. */
  function postTo(url: string, policy: RepeatRule | undefined) {
    const transport = createTransport({prefixUrl: new URL(`${url}/api/v2/`), apiKey: KEY, userAgent: 'u', connectTimeoutMs: 1_000, timeoutMs: 2_000, maxResponseBytes: 1_000, ...NO_RETRIES, retries: 2, retryBaseDelayMs: 1});
    return (path: string) => transport.send({method: 'POST', path, json: {a: 1}, ...(policy ? {policy} : {}), signal: new AbortController().signal});
  }

  describe.each(['unprocessed-only', 'unsent-only'] as const)('(%s)', policy => {
    it.each([301, 302, 307, 308])('a %i within the origin is not followed: refused by name, the POST sent once', async status => {
      server = await localServer((_req, res) => res.writeHead(status, {location: '/api/v2/elsewhere'}).end());
      const error = await rejectionOf(postTo(server.url, policy)('report/create'), RedirectAfterPost);
      expect({status: error.status, to: error.to}).toEqual({status, to: `${server.url}/api/v2/elsewhere`});
      expect(String(error)).toBe(`RedirectAfterPost: the upstream answered the POST with ${status} redirect to ${server.url}/api/v2/elsewhere; vigil follows only a 303 after a POST, never repeats one`);
      expect(server.requests.map(req => [req.method, req.url])).toEqual([['POST', '/api/v2/report/create']]);
    });

    it('the Location it names is read as UTF-8, as browsers do', async () => {
      // Node writes a header string as latin1: these are the UTF-8 bytes of "café".
      server = await localServer((_req, res) => res.writeHead(307, {location: Buffer.from('/api/v2/café', 'utf8').toString('latin1')}).end());
      const error = await rejectionOf(postTo(server.url, policy)('report/create'), RedirectAfterPost);
      expect(error.to).toBe(`${server.url}/api/v2/caf%C3%A9`);
    });

    it('a 303 is followed as a GET, and once it is a GET, a further 307 is followed too', async () => {
      server = await localServer((req, res) => {
        if (req.url === '/api/v2/report/create') res.writeHead(303, {location: 'result'}).end();
        else if (req.url === '/api/v2/report/result') res.writeHead(307, {location: 'final'}).end();
        else res.writeHead(200).end('done');
      });
      expect(await postTo(server.url, policy)('report/create')).toMatchObject({status: 200, body: 'done'});
      expect(server.requests.map(req => [req.method, req.url])).toEqual([
        ['POST', '/api/v2/report/create'],
        ['GET', '/api/v2/report/result'],
        ['GET', '/api/v2/report/final'],
      ]);
    });
  });

  it.each([['idempotent', 'idempotent'], ['no rule (idempotent by default)', undefined]] as const)('a POST with %s follows a 307 within the origin, repeating the POST', async (_label, policy) => {
    server = await localServer((req, res) => (req.url === '/api/v2/reports/search' ? res.writeHead(307, {location: 'search2'}).end() : res.writeHead(200).end('ok')));
    expect(await postTo(server.url, policy)('reports/search')).toMatchObject({status: 200, body: 'ok'});
    expect(server.requests.map(req => [req.method, req.url])).toEqual([
      ['POST', '/api/v2/reports/search'],
      ['POST', '/api/v2/reports/search2'],
    ]);
  });
});
