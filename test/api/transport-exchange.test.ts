import {getEventListeners} from 'node:events';
import {createServer, type Server} from 'node:http';
import {createServer as createNetServer, type AddressInfo, type Socket} from 'node:net';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {NetworkFailure} from '../../src/api/failures.js';
import type {TransportOptions} from '../../src/api/exchange.js';
import {createTransport} from '../../src/api/transport.js';
import {InterruptedError} from '../../src/errors.js';
import {rejectionOf} from '../helpers/thrown.js';
import {KEY, localServer, NO_RETRIES} from './helpers.js';

/*
 * One exchange through got, seen from the caller of the transport, against real loopback
 * servers: the status text, empty and reset bodies, how long a silent upstream is waited
 * for, Ctrl+C before anything is sent, and what is left behind on the caller's signal.
 */

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map(close => close()));
});

async function server(handler: Parameters<typeof localServer>[0]) {
  const local = await localServer(handler);
  closers.push(() => local.close());
  return local;
}

/** A TCP server that answers every connection with these exact bytes, then closes it. */
async function rawServer(response: string) {
  const net = createNetServer(socket => {
    socket.on('error', () => {});
    socket.once('data', () => socket.end(response));
  });
  await new Promise<void>(resolve => net.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>(resolve => net.close(() => resolve())));
  return `http://127.0.0.1:${(net.address() as AddressInfo).port}`;
}

/** Accepts TCP and never answers the TLS handshake; closed after each test. */
async function silentTlsServer(): Promise<{host: string; sockets: Socket[]}> {
  const sockets: Socket[] = [];
  const net = createNetServer(socket => {
    sockets.push(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>(resolve => net.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>(resolve => {
    for (const socket of sockets) socket.destroy();
    net.close(() => resolve());
  }));
  return {host: `127.0.0.1:${(net.address() as AddressInfo).port}`, sockets};
}

function transportTo(url: string, overrides: Partial<TransportOptions> = {}, path = 'reports') {
  const transport = createTransport({prefixUrl: new URL(`${url}/api/v2/`), apiKey: KEY, userAgent: 'u', connectTimeoutMs: 1_000, timeoutMs: 2_000, maxResponseBytes: 1_000, ...NO_RETRIES, ...overrides});
  return (signal = new AbortController().signal) => transport.send({method: 'GET', path, signal});
}

// got is loaded with a transport's first request: loaded here, before any test's budget starts counting.
beforeAll(async () => {
  const local = await localServer((_req, res) => res.writeHead(200).end());
  await transportTo(local.url)();
  await local.close();
});

describe('the status text', () => {
  it("is the upstream's own reason phrase when it sends one", async () => {
    const url = await rawServer('HTTP/1.1 200 All Good\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok');
    expect(await transportTo(url)()).toMatchObject({status: 200, statusText: 'All Good', body: 'ok'});
  });

  it('is the standard one for a known status sent without a reason phrase', async () => {
    const url = await rawServer('HTTP/1.1 404 \r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    expect(await transportTo(url)()).toMatchObject({status: 404, statusText: 'Not Found'});
  });

  it('is empty for an unknown status sent without one', async () => {
    const url = await rawServer('HTTP/1.1 599 \r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    expect(await transportTo(url)()).toMatchObject({status: 599, statusText: ''});
  });
});

describe('the body', () => {
  it('an empty body is empty text, even when it claims a content-encoding', async () => {
    const local = await server((_req, res) => res.writeHead(200, {'content-encoding': 'gzip'}).end());
    expect(await transportTo(local.url)()).toMatchObject({status: 200, body: ''});
  });

  it('a connection reset halfway through the body is a NetworkFailure that may have been acted on', async () => {
    const local = await server((_req, res) => {
      res.writeHead(200, {'content-type': 'application/json', 'content-length': '100'});
      res.write('{"reports":[', () => setTimeout(() => res.socket?.destroy(), 20));
    });
    const error = await rejectionOf(transportTo(local.url)(), NetworkFailure);
    expect({code: error.code, phase: error.phase, message: error.message}).toEqual({code: 'ECONNRESET', phase: 'maybe-sent', message: `connection reset by ${local.url.slice('http://'.length)}`});
  });
});

describe('the size cap on the wire', () => {
  it('a body of exactly the cap is read; one byte more is refused', async () => {
    const local = await server((req, res) => res.writeHead(200).end('x'.repeat(req.url?.endsWith('/over') ? 1_001 : 1_000)));
    expect((await transportTo(local.url, {}, 'exact')()).body).toHaveLength(1_000);
    const error = await rejectionOf(transportTo(local.url, {}, 'over')());
    expect((error as Error).name).toBe('ResponseTooLargeError');
  });

  it('a body that never ends is stopped as soon as it passes the cap, not when the time runs out', async () => {
    let closed = false;
    const local = await server((_req, res) => {
      res.writeHead(200);
      const tick = setInterval(() => res.write(Buffer.alloc(600, 0x20)), 10);
      res.on('close', () => {
        closed = true;
        clearInterval(tick);
      });
    });
    const started = performance.now();
    const error = await rejectionOf(transportTo(local.url, {timeoutMs: 10_000})());
    expect((error as Error).message).toContain('larger than the limit of 1000 bytes; the download was stopped');
    // Stopped by the cap, not by the 10 s timeout; and the server sees the download end.
    expect(performance.now() - started).toBeLessThan(10_000);
    await expect.poll(() => closed, {message: 'the server to see the download stopped', timeout: 15_000}).toBe(true);
  });
});

describe('an answer whose body cannot be decoded', () => {
  const undecodable = (status: number) => server((_req, res) => res.writeHead(status, {'content-encoding': 'gzip'}).end('not gzip at all'));

  it('from 300 up, it is told by its status alone: the body is empty', async () => {
    for (const status of [300, 404, 503]) expect(await transportTo((await undecodable(status)).url)()).toMatchObject({status, body: ''});
  });

  it('below 300, it is refused as a broken answer', async () => {
    const error = await rejectionOf(transportTo((await undecodable(299)).url)());
    expect((error as Error).name).toBe('ContractError');
  });
});

describe('timeouts', () => {
  it('once connected, a silent upstream is waited for timeoutMs, not connectTimeoutMs', async () => {
    const local = await server(() => {});
    const started = performance.now();
    const error = await rejectionOf(transportTo(local.url, {connectTimeoutMs: 3_000, timeoutMs: 100})(), NetworkFailure);
    expect({code: error.code, phase: error.phase, message: error.message}).toEqual({code: 'ETIMEDOUT', phase: 'maybe-sent', message: `no response from ${local.url.slice('http://'.length)} within 100 ms`});
    // Not connectTimeoutMs: the message names 100 ms, and the wait ended before 3 s.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('a connection that does not complete within connectTimeoutMs: ETIMEDOUT, not sent, named a connect timeout', async () => {
    const {host} = await silentTlsServer();
    const error = await rejectionOf(transportTo(`https://${host}`, {connectTimeoutMs: 100, timeoutMs: 5_000})(), NetworkFailure);
    expect({code: error.code, phase: error.phase, message: error.message}).toEqual({code: 'ETIMEDOUT', phase: 'not-sent', message: `could not connect to ${host} within 100 ms`});
  });
});

describe("the call's time budget (a signal from AbortSignal.timeout)", () => {
  it('running out while waiting for the answer: ETIMEDOUT, maybe sent, and the message names the budget', async () => {
    const local = await server(() => {});
    const error = await rejectionOf(transportTo(local.url, {timeoutMs: 5_000})(AbortSignal.timeout(500)), NetworkFailure);
    expect(local.requests).toHaveLength(1);
    expect({code: error.code, phase: error.phase, message: error.message}).toEqual({
      code: 'ETIMEDOUT',
      phase: 'maybe-sent',
      message: `no answer from ${local.url.slice('http://'.length)} within the call's time budget`,
    });
  });

  it('running out before the connection is made: nothing was sent', async () => {
    // The request never leaves.
    const {host, sockets} = await silentTlsServer();
    const error = await rejectionOf(transportTo(`https://${host}`, {connectTimeoutMs: 5_000})(AbortSignal.timeout(500)), NetworkFailure);
    expect(sockets).toHaveLength(1);
    expect({code: error.code, phase: error.phase, message: error.message}).toEqual({code: 'ETIMEDOUT', phase: 'not-sent', message: `no answer from ${host} within the call's time budget`});
  });
});

describe('--debug lines', () => {
  it('give the time the attempt took', async () => {
    const local = await server((_req, res) => setTimeout(() => res.writeHead(200).end('ok'), 80));
    const lines: string[] = [];
    const started = performance.now();
    await transportTo(local.url, {debug: line => lines.push(line)})();
    const elapsed = performance.now() - started;
    const took = Number(/ in (\d+) ms /.exec(lines[0] ?? '')?.[1]);
    expect(took).toBeGreaterThanOrEqual(70);
    expect(took).toBeLessThanOrEqual(Math.ceil(elapsed) + 1);
  });

  it('time each attempt from its own start, not from the start of the call', async () => {
    let n = 0;
    const local = await server((_req, res) => (++n === 1 ? setTimeout(() => res.writeHead(503).end(), 300) : res.writeHead(200).end('ok')));
    const lines: string[] = [];
    const started = performance.now();
    await transportTo(local.url, {retries: 1, retryBaseDelayMs: 1, debug: line => lines.push(line)})();
    const elapsed = performance.now() - started;
    const took = lines.filter(line => line.includes(' -> ')).map(line => Number(/ in (\d+) ms /.exec(line)?.[1]));
    expect(took).toHaveLength(2);
    expect(took[0]).toBeGreaterThanOrEqual(290);
    // Timed from the call's start, attempt 2 would include attempt 1's 300 ms.
    expect(took[1]).toBeLessThanOrEqual(Math.ceil(elapsed - took[0]!) + 1);
  });

  /** Sends one GET (with a query when given) through a transport that allows 2 retries, and returns the outcome and the --debug lines. */
  async function traced(url: string, signal: AbortSignal, searchParams?: URLSearchParams) {
    const lines: string[] = [];
    const transport = createTransport({prefixUrl: new URL(`${url}/api/v2/`), apiKey: KEY, userAgent: 'u', connectTimeoutMs: 1_000, timeoutMs: 5_000, maxResponseBytes: 1_000, ...NO_RETRIES, retries: 2, retryBaseDelayMs: 1, debug: line => lines.push(line)});
    const error = await rejectionOf(transport.send({method: 'GET', path: 'reports', ...(searchParams ? {searchParams} : {}), signal}));
    return {error, lines: lines.map(line => line.replace(/ in \d+ ms /, ' in N ms ').replace(url, 'API'))};
  }

  it('an attempt the budget ended has exactly one line, with its query string and ETIMEDOUT', async () => {
    const local = await server(() => {});
    const {error, lines} = await traced(local.url, AbortSignal.timeout(500), new URLSearchParams({slug: 'a b'}));
    expect(error).toBeInstanceOf(NetworkFailure);
    expect(lines).toEqual(['GET API/api/v2/reports?slug=a+b -> ETIMEDOUT in N ms (attempt 1/3)']);
  });

  it('an attempt stopped at the size cap has exactly one line, naming the error', async () => {
    const local = await server((_req, res) => {
      res.writeHead(200);
      res.write(Buffer.alloc(5_000, 0x20));
    });
    const {error, lines} = await traced(local.url, new AbortController().signal);
    expect((error as Error).name).toBe('ResponseTooLargeError');
    expect(lines).toEqual(['GET API/api/v2/reports -> ResponseTooLargeError in N ms (attempt 1/3)']);
    expect(local.requests).toHaveLength(1);
  });
});

describe('without --debug', () => {
  it('retries all the same', async () => {
    let n = 0;
    const local = await server((_req, res) => (++n === 1 ? res.writeHead(503).end() : res.writeHead(200).end('ok')));
    expect(await transportTo(local.url, {retries: 1, retryBaseDelayMs: 1})()).toMatchObject({status: 200, body: 'ok', attempts: 2});
  });
});

describe('IPv6', () => {
  it('connects to a bracketed IPv6 base URL', async () => {
    const v6: Server = createServer((req, res) => res.writeHead(200).end(req.url));
    await new Promise<void>(resolve => v6.listen(0, '::1', resolve));
    closers.push(() => new Promise<void>(resolve => {
      v6.closeAllConnections();
      v6.close(() => resolve());
    }));
    const response = await transportTo(`http://[::1]:${(v6.address() as AddressInfo).port}`)();
    expect(response).toMatchObject({status: 200, body: '/api/v2/reports'});
  });
});

describe('what reaches the caller', () => {
  it('a header Node refuses to send fails as a NetworkFailure with its code, never as a thrown Node error', async () => {
    const local = await server((_req, res) => res.writeHead(200).end());
    const error = await rejectionOf(transportTo(local.url, {apiKey: 'vk_bad\nkey'})(), NetworkFailure);
    expect(error.code).toBe('ERR_INVALID_CHAR');
    expect(error.message).toBe(`request to ${local.url.slice('http://'.length)} failed (ERR_INVALID_CHAR)`);
    expect(local.requests).toHaveLength(0);
  });

  it('an exchange started with a signal already aborted rejects with InterruptedError and sends nothing', async () => {
    const local = await server((_req, res) => res.writeHead(200).end());
    const send = transportTo(local.url);
    // Once got is loaded too: the signal is checked before anything is sent either way.
    expect((await send()).status).toBe(200);
    const error = await rejectionOf(send(AbortSignal.abort()));
    expect(error).toBeInstanceOf(InterruptedError);
    // A request the aborted call had sent would reach the server before this later one.
    await transportTo(local.url, {}, 'later')();
    expect(local.requests.map(request => request.url)).toEqual(['/api/v2/reports', '/api/v2/later']);
  });

  it("leaves no listener on the caller's signal, whether the exchange succeeded or failed", async () => {
    // A worker passes one signal to hundreds of requests: a listener left per request would pile up.
    const local = await server((req, res) => (req.url?.endsWith('reports') ? res.writeHead(200).end('ok') : req.socket.destroy()));
    const controller = new AbortController();
    const send = transportTo(local.url);
    for (let i = 0; i < 3; i++) expect((await send(controller.signal)).status).toBe(200);
    const failing = createTransport({prefixUrl: new URL(`${local.url}/other/`), apiKey: KEY, userAgent: 'u', connectTimeoutMs: 1_000, timeoutMs: 1_000, maxResponseBytes: 1_000, ...NO_RETRIES});
    await rejectionOf(failing.send({method: 'GET', path: 'x', signal: controller.signal}), NetworkFailure);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
