import nock from 'nock';
import {afterEach, describe, expect, it} from 'vitest';
import {ApiError, InterruptedError, OutcomeUnknownError, UnavailableError} from '../../src/errors.js';
import {createApiClient} from '../../src/api/client.js';
import {KEY, ORIGIN, localServer, makeClient} from './helpers.js';
import {always, create, ok, search} from './retry-helpers.js';
import {useNock} from '../helpers/nock.js';
import {rejectionOf} from '../helpers/thrown.js';
import {clearSecrets} from '../../src/secrets.js';

useNock({allowLoopback: true});
afterEach(() => clearSecrets());

// Ctrl+C, a caller's deadline, the call's time budget, and the waiting line each attempt draws.

describe('abort (Ctrl+C)', () => {
  it('aborting the client signal rejects an in-flight call with InterruptedError at once', async () => {
    const server = await localServer(() => {});
    try {
      const controller = new AbortController();
      const {client} = makeClient({baseUrl: `${server.url}/api/v2`, signal: controller.signal, timeoutMs: 10_000});
      const started = Date.now();
      setTimeout(() => controller.abort(), 50);
      const error = await rejectionOf(client.searchReports(search));
      expect(error).toBeInstanceOf(InterruptedError);
      expect((error as InterruptedError).exitCode).toBe(130);
      // The abort ended it, not the 10 s timeout.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await server.close();
    }
  });

  it('a per-call signal aborts the backoff wait too', async () => {
    nock(ORIGIN).post('/api/v2/reports/search').reply(503, '', {'retry-after': '30'});
    const controller = new AbortController();
    const {client} = makeClient({maxRetryDelayMs: 30_000});
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await rejectionOf(client.searchReports(search, {signal: controller.signal}));
    expect(error).toBeInstanceOf(InterruptedError);
    // The abort ended the wait, not the 30 s Retry-After.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('with both a client signal and a per-call signal, either one aborts', async () => {
    const server = await localServer(() => {});
    try {
      const perCall = new AbortController();
      const {client} = makeClient({baseUrl: `${server.url}/api/v2`, signal: new AbortController().signal, timeoutMs: 1_500});
      setTimeout(() => perCall.abort(), 50);
      const started = Date.now();
      const error = await rejectionOf(client.searchReports(search, {signal: perCall.signal}));
      expect(error).toBeInstanceOf(InterruptedError);
      // The per-call signal ended it, not the 1.5 s timeout.
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      await server.close();
    }
  });

  it('a signal aborted with a null reason is still an interruption', async () => {
    const controller = new AbortController();
    controller.abort(null);
    const client = createApiClient({baseUrl: 'https://api.vigil.test/api/v2', apiKey: KEY});
    await expect(client.searchReports(search, {signal: controller.signal})).rejects.toBeInstanceOf(InterruptedError);
  });

  it('an already aborted signal sends nothing', async () => {
    const client = createApiClient({baseUrl: 'https://api.vigil.test/api/v2', apiKey: KEY, signal: AbortSignal.abort()});
    await expect(client.searchReports(search)).rejects.toBeInstanceOf(InterruptedError);
  });
});

describe('a caller deadline', () => {
  it('AbortSignal.timeout is reported as unavailable (exit 8), not as Ctrl+C', async () => {
    const server = await localServer(() => {});
    try {
      const {client} = makeClient({baseUrl: `${server.url}/api/v2`, timeoutMs: 10_000});
      const error = await rejectionOf(client.searchReports(search, {signal: AbortSignal.timeout(80)}));
      expect(error).toBeInstanceOf(UnavailableError);
      expect(error.message).toBe("POST reports/search: no response before the caller's deadline");
    } finally {
      await server.close();
    }
  });
});

describe("the call's time budget", () => {
  it('a retry whose wait would end past the budget is not scheduled: the answer is given at once, after one attempt', async () => {
    const counter = always('/api/v2/reports/search', 503, {message: 'busy', code: 'BUSY'});
    // The first backoff would be 3-6 s; the whole call may take 1.5 s.
    const {client, lines} = makeClient({retries: 3, retryBaseDelayMs: 6_000, maxRetryDelayMs: 10_000, budgetMs: 1_500});
    const started = performance.now();
    const error = await rejectionOf(client.searchReports(search), ApiError);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect([error.status, error.message]).toEqual([503, 'busy']);
    expect(counter.count).toBe(1);
    expect(lines.filter(line => line.startsWith('waiting'))).toEqual([]);
  });

  it('a Retry-After that would end past the budget is not waited for either', async () => {
    const counter = always('/api/v2/reports/search', 429, {message: 'slow down', code: 'TOO_MANY_REQUESTS'}, {'retry-after': '5'});
    const {client, lines} = makeClient({retries: 3, maxRetryDelayMs: 10_000, budgetMs: 1_500});
    const started = performance.now();
    const error = await rejectionOf(client.searchReports(search), ApiError);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(error.status).toBe(429);
    expect(counter.count).toBe(1);
    expect(lines.filter(line => line.startsWith('waiting'))).toEqual([]);
  });

  it('a wait that ends within the budget is still taken', async () => {
    nock(ORIGIN).post('/api/v2/reports/search').reply(503, '').post('/api/v2/reports/search').reply(200, ok);
    const {client, lines} = makeClient({retries: 3, retryBaseDelayMs: 100, maxRetryDelayMs: 100, budgetMs: 2_000});
    await expect(client.searchReports(search)).resolves.toEqual({reports: [], totalCount: 0});
    expect(lines.filter(line => line.startsWith('waiting'))).toEqual([expect.stringMatching(/^waiting \d+ ms before attempt 2$/)]);
  });
});

describe('onAttempt (the waiting line on a terminal)', () => {
  it('is told each attempt as it starts, with the host and how many there may be, then undefined when the call is over', async () => {
    nock(ORIGIN).post('/api/v2/reports/search').times(2).reply(503, '').post('/api/v2/reports/search').reply(200, ok);
    const seen: unknown[] = [];
    const {client} = makeClient({retries: 3, onAttempt: progress => seen.push(progress)});
    await client.searchReports(search);
    expect(seen).toEqual([
      {host: 'api.vigil.test', attempt: 1, attempts: 4},
      {host: 'api.vigil.test', attempt: 2, attempts: 4},
      {host: 'api.vigil.test', attempt: 3, attempts: 4},
      undefined,
    ]);
  });

  it('is not told of a redirect as a new attempt', async () => {
    nock(ORIGIN).post('/api/v2/reports/search').reply(303, '', {location: `${ORIGIN}/api/v2/reports/result`}).get('/api/v2/reports/result').reply(200, ok);
    const seen: unknown[] = [];
    const {client} = makeClient({retries: 3, onAttempt: progress => seen.push(progress)});
    await client.searchReports(search);
    expect(seen).toEqual([{host: 'api.vigil.test', attempt: 1, attempts: 4}, undefined]);
  });

  it('is not told of a retry that is not made', async () => {
    always('/api/v2/report/create', 500, {message: 'boom', code: 'INTERNAL_SERVER_ERROR'});
    const seen: unknown[] = [];
    const {client} = makeClient({retries: 3, onAttempt: progress => seen.push(progress)});
    await rejectionOf(client.createReport(create), OutcomeUnknownError);
    expect(seen).toEqual([{host: 'api.vigil.test', attempt: 1, attempts: 4}, undefined]);
  });
});
