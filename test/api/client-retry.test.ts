import {createServer} from 'node:net';
import nock from 'nock';
import {afterEach, describe, expect, it} from 'vitest';
import {ApiError, ContractError, OutcomeUnknownError, UnavailableError} from '../../src/errors.js';
import {ORIGIN, localServer, makeClient} from './helpers.js';
import {always, attemptLines, create, ok, search} from './retry-helpers.js';
import {useNock} from '../helpers/nock.js';
import {rejectionOf} from '../helpers/thrown.js';
import {clearSecrets} from '../../src/secrets.js';

useNock({allowLoopback: true});
afterEach(() => clearSecrets());

describe('retries', () => {
  it('503 then 200: retried once, succeeds, one trace line per attempt', async () => {
    nock(ORIGIN).post('/api/v2/reports/search').reply(503, 'busy').post('/api/v2/reports/search').reply(200, ok);
    const {client, lines} = makeClient();
    await expect(client.searchReports(search)).resolves.toEqual({reports: [], totalCount: 0});
    const attempts = attemptLines(lines);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toMatch(/^POST https:\/\/api\.vigil\.test\/api\/v2\/reports\/search -> 503 in \d+ ms \(attempt 1\/3\)$/);
    expect(attempts[1]).toMatch(/-> 200 in \d+ ms \(attempt 2\/3\)$/);
  });

  it('the trace line of a GET carries the query string', async () => {
    nock(ORIGIN).get('/api/v2/organization/reports').query({slug: 'acme', limit: '5'}).reply(200, ok);
    const {client, lines} = makeClient();
    await client.listReports({slug: 'acme', limit: 5});
    expect(lines).toEqual([expect.stringMatching(/^GET https:\/\/api\.vigil\.test\/api\/v2\/organization\/reports\?slug=acme&limit=5 -> 200 in \d+ ms \(attempt 1\/3\)$/)]);
  });

  it.each([500, 502, 503, 429])('%i every time: exactly 1 + retries attempts, then ApiError exit 8', async status => {
    const counter = always('/api/v2/reports/search', status);
    const error = await rejectionOf(makeClient({retries: 3}).client.searchReports(search));
    expect(counter.count).toBe(4);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).exitCode).toBe(8);
    expect(error.message).toContain('(after 4 attempts)');
  });

  it('retries: 0 means one attempt', async () => {
    const counter = always('/api/v2/reports/search', 503);
    await rejectionOf(makeClient({retries: 0}).client.searchReports(search));
    expect(counter.count).toBe(1);
  });

  it.each([400, 401, 403, 404, 409, 413, 422])('%i is final: one attempt', async status => {
    const counter = always('/api/v2/reports/search', status);
    const error = await rejectionOf(makeClient({retries: 3}).client.searchReports(search));
    expect(counter.count).toBe(1);
    expect((error as ApiError).status).toBe(status);
  });

  it('429 with Retry-After in seconds is honoured', async () => {
    nock(ORIGIN).post('/api/v2/reports/search').reply(429, '', {'retry-after': '1'}).post('/api/v2/reports/search').reply(200, ok);
    const {client, lines} = makeClient({maxRetryDelayMs: 5_000});
    const started = Date.now();
    await client.searchReports(search);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(lines).toContain('waiting 1000 ms before attempt 2 (Retry-After)');
  });

  it('Retry-After as an HTTP date within maxRetryDelayMs is honoured', async () => {
    const inTwoSeconds = new Date(Date.now() + 2_000).toUTCString();
    nock(ORIGIN).post('/api/v2/reports/search').reply(503, '', {'retry-after': inTwoSeconds}).post('/api/v2/reports/search').reply(200, ok);
    const {client, lines} = makeClient({maxRetryDelayMs: 5_000});
    await client.searchReports(search);
    expect(lines.filter(line => line.startsWith('waiting'))).toEqual([expect.stringMatching(/^waiting \d+ ms before attempt 2 \(Retry-After\)$/)]);
  });

  it('a Retry-After longer than maxRetryDelayMs is not waited for: the answer is given at once', async () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const counter = always('/api/v2/reports/search', 503, {message: 'busy', code: 'BUSY'}, {'retry-after': inAMinute});
    const {client, lines} = makeClient({maxRetryDelayMs: 120});
    const started = Date.now();
    const error = await rejectionOf(client.searchReports(search), ApiError);
    // Not the minute the upstream asked for; one request and no wait say it was not waited for.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(error.status).toBe(503);
    expect(counter.count).toBe(1);
    expect(lines.filter(line => line.startsWith('waiting'))).toEqual([]);
  });

  it('a backoff the upstream did not ask for is traced without "(Retry-After)"', async () => {
    nock(ORIGIN).post('/api/v2/reports/search').reply(503, '').post('/api/v2/reports/search').reply(200, ok);
    const {client, lines} = makeClient();
    await client.searchReports(search);
    expect(lines.filter(line => line.startsWith('waiting'))).toEqual([expect.stringMatching(/^waiting \d+ ms before attempt 2$/)]);
  });

  it('backoff doubles with jitter, within the bounds', async () => {
    always('/api/v2/reports/search', 500);
    const {client, lines} = makeClient({retries: 3, retryBaseDelayMs: 40, maxRetryDelayMs: 100});
    await rejectionOf(client.searchReports(search));
    const waits = lines.map(line => /^waiting (\d+) ms/.exec(line)?.[1]).filter(Boolean).map(Number);
    expect(waits).toHaveLength(3);
    expect(waits[0]).toBeGreaterThanOrEqual(20);
    expect(waits[0]).toBeLessThanOrEqual(40);
    expect(waits[1]).toBeGreaterThanOrEqual(40);
    expect(waits[1]).toBeLessThanOrEqual(80);
    expect(waits[2]).toBeGreaterThanOrEqual(50); // capped at 100, half of it jitter
    expect(waits[2]).toBeLessThanOrEqual(100);
  });
});

describe('report creation is not retried when it may have been processed', () => {
  it('500: one attempt, the hint says to check before trying again', async () => {
    const counter = always('/api/v2/report/create', 500, {message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR'});
    const error = (await rejectionOf(makeClient({retries: 3}).client.createReport(create))) as OutcomeUnknownError;
    expect(counter.count).toBe(1);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.exitCode).toBe(8);
    expect(error.status).toBe(500);
    expect(error.message).toBe('Internal server error (HTTP 500 INTERNAL_SERVER_ERROR); the report may or may not have been created');
    expect(error.hint).toContain('vigil reports search <asset>');
  });

  it('429: retried (rate limited before any work)', async () => {
    nock(ORIGIN).post('/api/v2/report/create').reply(429, '').post('/api/v2/report/create').reply(200, {id: 1, createdAt: '2026-01-01T00:00:00Z'});
    await expect(makeClient().client.createReport(create)).resolves.toMatchObject({id: '1'});
  });

  it('connection reset after sending: one attempt, outcome unknown', async () => {
    const server = await localServer(req => req.socket.destroy());
    try {
      const {client} = makeClient({baseUrl: `${server.url}/api/v2`, retries: 3});
      const error = await rejectionOf(client.createReport(create));
      expect(error).toBeInstanceOf(UnavailableError);
      expect(error.message).toContain('connection reset');
      expect(error.message).toContain('may or may not have been created');
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('connection refused: retried, since nothing reached the server', async () => {
    const port = await closedPort();
    const {client, lines} = makeClient({baseUrl: `http://127.0.0.1:${port}/api/v2`, retries: 2});
    const error = await rejectionOf(client.createReport(create));
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as UnavailableError).exitCode).toBe(8);
    expect(error.message).toBe(`POST report/create: connection refused by 127.0.0.1:${port} (after 3 attempts)`);
    expect(attemptLines(lines).map(line => /-> (\S+) in/.exec(line)?.[1])).toEqual(['ECONNREFUSED', 'ECONNREFUSED', 'ECONNREFUSED']);
  });
});

describe('network failures', () => {
  it('connection reset then success for a read', async () => {
    let n = 0;
    const server = await localServer((req, res) => {
      if (++n === 1) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(ok));
    });
    try {
      const {client, lines} = makeClient({baseUrl: `${server.url}/api/v2`});
      await expect(client.searchReports(search)).resolves.toEqual({reports: [], totalCount: 0});
      expect(server.requests).toHaveLength(2);
      expect(attemptLines(lines)[0]).toMatch(/-> ECONNRESET in \d+ ms \(attempt 1\/3\)$/);
    } finally {
      await server.close();
    }
  });

  it('no response within timeoutMs: retried, then UnavailableError exit 8', async () => {
    const server = await localServer(() => {
      /* never answers */
    });
    try {
      const {client} = makeClient({baseUrl: `${server.url}/api/v2`, timeoutMs: 150, retries: 1});
      const started = Date.now();
      const error = await rejectionOf(client.searchReports(search));
      expect(error).toBeInstanceOf(UnavailableError);
      expect(error.message).toBe(`POST reports/search: no response from ${server.url.slice(7)} within 150 ms (after 2 attempts)`);
      expect(server.requests).toHaveLength(2);
      // timeoutMs, not the client's default 30 s a wait would take without it.
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await server.close();
    }
  });

  it('a timed-out create is not retried', async () => {
    const server = await localServer(() => {});
    try {
      const error = await rejectionOf(makeClient({baseUrl: `${server.url}/api/v2`, timeoutMs: 100}).client.createReport(create));
      expect(error.message).toContain('may or may not have been created');
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as {port: number};
  await new Promise<void>(resolve => server.close(() => resolve()));
  return port;
}

describe('an answer cut off halfway through its body', () => {
  /** A server that answers `status` with a body it promises and never finishes: the connection is reset halfway. */
  async function cutOff(status: number) {
    return localServer((_req, res) => {
      res.writeHead(status, {'content-type': 'application/json', 'content-length': '100'});
      res.write('{"id":', () => setTimeout(() => res.socket?.destroy(), 20));
    });
  }

  it.each([200, 201, 299])('%i to a create: the report was created, the answer lost; said so, and not sent again', async status => {
    const server = await cutOff(status);
    try {
      const error = await rejectionOf(makeClient({baseUrl: `${server.url}/api/v2`, retries: 3}).client.createReport(create), ContractError);
      const host = server.url.slice('http://'.length);
      expect(error.message).toBe(`unexpected response from POST report/create: the upstream answered ${status} but its answer could not be read (connection reset by ${host}); the upstream did create the report`);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('a 3xx to a create is no success: the report may or may not have been created', async () => {
    const server = await cutOff(300);
    try {
      const error = await rejectionOf(makeClient({baseUrl: `${server.url}/api/v2`, retries: 3}).client.createReport(create), OutcomeUnknownError);
      expect(error.message).toBe(`POST report/create: connection reset by ${server.url.slice('http://'.length)}; the report may or may not have been created`);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('a 200 to a search is a network failure like any other: retried, then counted in the message', async () => {
    const server = await cutOff(200);
    try {
      const error = await rejectionOf(makeClient({baseUrl: `${server.url}/api/v2`, retries: 2}).client.searchReports(search), UnavailableError);
      expect(error.message).toBe(`POST reports/search: connection reset by ${server.url.slice('http://'.length)} (after 3 attempts)`);
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });
});
