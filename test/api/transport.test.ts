import {spawn} from 'node:child_process';
import {createServer, type Server} from 'node:http';
import {createServer as createNetServer, type AddressInfo, type Socket} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {OutcomeUnknownError, UnavailableError} from '../../src/errors.js';
import {NetworkFailure} from '../../src/api/failures.js';
import {createTransport} from '../../src/api/transport.js';
import {clearSecrets} from '../../src/secrets.js';
import {ROOT, outcomeOf} from '../helpers/cli.js';
import {rejectionOf} from '../helpers/thrown.js';
import {KEY, localServer, makeClient, NO_RETRIES} from './helpers.js';

/*
 * What the transport on node:http owns, against real loopback servers: which phase a
 * timeout falls in, keep-alive reuse, the whole-exchange cap, a redirect elsewhere sending
 * nothing there, and idle sockets not holding a process open.
 */

afterEach(() => clearSecrets());

const search = {slug: 'acme', assetContents: ['a.example']};
const create = {organizationSlug: 'acme', title: 'abc', description: 'd', assets: [{content: 'a.example'}]};
const ok = JSON.stringify({reports: [], totalCount: 0});

/** A TCP server that accepts connections and never says a word: a TLS handshake to it never completes. */
async function silentServer() {
  const sockets: Socket[] = [];
  const server = createNetServer(socket => {
    sockets.push(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.length,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>(resolve => server.close(() => resolve()));
    },
  };
}

/** A loopback HTTP server that also counts TCP connections, with a chosen keep-alive timeout. */
async function countingServer(body: string, keepAliveTimeout = 5_000) {
  let connections = 0;
  let requests = 0;
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    requests++;
    paths.push(req.url ?? '');
    res.writeHead(200, {'content-type': 'application/json'}).end(body);
  });
  server.keepAliveTimeout = keepAliveTimeout;
  server.on('connection', () => connections++);
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts: () => ({connections, requests}),
    paths: () => paths,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>(resolve => server.close(() => resolve()));
    },
  };
}

describe('timeouts', () => {
  it('a connection that never completes (TLS handshake) is a connect timeout: nothing sent, so even a create is retried', async () => {
    const silent = await silentServer();
    try {
      const {client, lines} = makeClient({baseUrl: `https://127.0.0.1:${silent.port}/api/v2`, connectTimeoutMs: 100, timeoutMs: 5_000, retries: 1});
      const started = performance.now();
      const error = await rejectionOf(client.createReport(create));
      expect(error).toBeInstanceOf(UnavailableError);
      expect(error).not.toBeInstanceOf(OutcomeUnknownError);
      expect(error.message).toBe(`POST report/create: could not connect to 127.0.0.1:${silent.port} within 100 ms (after 2 attempts)`);
      expect(silent.connections()).toBe(2);
      // A handshake waited out under the 5 s response timeout instead would take 5 s.
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(lines.filter(line => line.includes('-> ETIMEDOUT'))).toHaveLength(2);
    } finally {
      await silent.close();
    }
  });

  it('no response once connected is a response timeout: maybe sent, so a create is not retried', async () => {
    const server = await localServer(() => {});
    try {
      const {client} = makeClient({baseUrl: `${server.url}/api/v2`, connectTimeoutMs: 1_000, timeoutMs: 150, retries: 3});
      const error = await rejectionOf(client.createReport(create));
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error.message).toBe(`POST report/create: no response from ${server.url.slice(7)} within 150 ms; the report may or may not have been created`);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('a body that trickles forever is cut at connectTimeoutMs + timeoutMs', async () => {
    const server = await localServer((_req, res) => {
      res.writeHead(200, {'content-type': 'application/json'});
      const tick = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(tick));
    });
    try {
      const {client} = makeClient({baseUrl: `${server.url}/api/v2`, connectTimeoutMs: 100, timeoutMs: 200, retries: 0});
      const started = performance.now();
      const error = await rejectionOf(client.searchReports(search));
      const elapsed = performance.now() - started;
      expect(error.message).toBe(`POST reports/search: no response from ${server.url.slice(7)} within 200 ms`);
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(2_000);
    } finally {
      await server.close();
    }
  });
});

describe('keep-alive', () => {
  it('sequential calls share one connection, and a reused socket has no connect phase to time out', async () => {
    // Each answer takes longer than connectTimeoutMs: only the response timeout may apply.
    const server = await localServer((_req, res) => setTimeout(() => res.writeHead(200, {'content-type': 'application/json'}).end(ok), 120));
    const sockets = new Set<unknown>();
    try {
      const {client} = makeClient({baseUrl: `${server.url}/api/v2`, connectTimeoutMs: 50, timeoutMs: 2_000, retries: 0});
      for (let i = 0; i < 3; i++) await client.searchReports(search);
      for (const req of server.requests) sockets.add(req.socket);
      expect(server.requests).toHaveLength(3);
      expect(sockets.size).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('an idle keep-alive socket does not keep a process alive', async () => {
    // The server would hold the idle connection open for a minute.
    const server = await countingServer(ok, 60_000);
    try {
      // The transport alone, in a process of its own that never calls process.exit.
      const script = `
        const {createTransport} = await import(${JSON.stringify(`${ROOT}/src/api/transport.ts`)});
        const transport = createTransport({prefixUrl: new URL(${JSON.stringify(`${server.url}/api/v2/`)}), apiKey: 'k', userAgent: 'u', connectTimeoutMs: 1000, timeoutMs: 5000, maxResponseBytes: 1e6, retries: 0, retryBaseDelayMs: 500, maxRetryDelayMs: 30000});
        const response = await transport.send({method: 'GET', path: 'x', signal: new AbortController().signal});
        const answeredAt = performance.now();
        process.on('exit', () => console.log(response.status, Math.round(performance.now() - answeredAt)));`;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe']});
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const result = await outcomeOf(child).finally(() => clearTimeout(killer));
      expect(result.code).toBe(0);
      const [status, lingeredMs] = result.stdout.trim().split(' ').map(Number);
      expect(status).toBe(200);
      // Not the agent's 5 s idle timeout, nor the server's minute: at once.
      expect(lingeredMs).toBeLessThan(5_000);
      expect(server.counts()).toEqual({connections: 1, requests: 1});
    } finally {
      await server.close();
    }
  }, 30_000);
});

describe('redirects', () => {
  it('a redirect to another origin opens no connection there', async () => {
    const other = await countingServer(ok);
    const api = await localServer((_req, res) => res.writeHead(302, {location: `${other.url}/api/v2/reports/search`}).end());
    try {
      const {client} = makeClient({baseUrl: `${api.url}/api/v2`, retries: 0});
      const error = await rejectionOf(client.searchReports(search));
      expect(error.message).toContain('to another origin');
      expect(api.requests).toHaveLength(1);
      expect(other.counts()).toEqual({connections: 0, requests: 0});
    } finally {
      await Promise.all([api.close(), other.close()]);
    }
  });

  it('303 after a POST fetches the answer with GET and no body; 307 repeats the POST with its body and key', async () => {
    const bodies: string[] = [];
    const api = await localServer((req, res) => {
      let body = '';
      req.on('data', chunk => (body += chunk));
      req.on('end', () => {
        bodies.push(body);
        if (req.url === '/api/v2/reports/search') res.writeHead(303, {location: 'search-result'}).end();
        else if (req.url === '/api/v2/reports/search-result') res.writeHead(307, {location: '/api/v2/final'}).end();
        else res.writeHead(200, {'content-type': 'application/json'}).end(ok);
      });
    });
    try {
      const {client, lines} = makeClient({baseUrl: `${api.url}/api/v2`, retries: 0});
      await client.searchReports(search);
      expect(api.requests.map(r => [r.method, r.url, r.headers['x-api-key'], r.headers['content-length']])).toEqual([
        ['POST', '/api/v2/reports/search', KEY, String(JSON.stringify(search).length)],
        ['GET', '/api/v2/reports/search-result', KEY, undefined],
        ['GET', '/api/v2/final', KEY, undefined],
      ]);
      expect(bodies).toEqual([JSON.stringify(search), '', '']);
      expect(lines.map(line => line.replace(/\d+ ms/, 'N ms').replaceAll(api.url, 'API'))).toEqual([
        'POST API/api/v2/reports/search -> 303 redirect to API/api/v2/reports/search-result in N ms (attempt 1/1)',
        'GET API/api/v2/reports/search-result -> 307 redirect to API/api/v2/final in N ms (attempt 1/1)',
        'GET API/api/v2/final -> 200 in N ms (attempt 1/1)',
      ]);
    } finally {
      await api.close();
    }
  });

  it('stops after 5 redirects with ERR_TOO_MANY_REDIRECTS', async () => {
    let n = 0;
    const api = await localServer((_req, res) => res.writeHead(302, {location: `/api/v2/hop${++n}`}).end());
    try {
      const {client, lines} = makeClient({baseUrl: `${api.url}/api/v2`, retries: 0});
      const error = await rejectionOf(client.searchReports(search));
      expect(error.message).toBe(`POST reports/search: too many redirects from ${api.url.slice(7)}`);
      expect(api.requests).toHaveLength(6);
      expect(lines.at(-1)).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/api\/v2\/hop5 -> ERR_TOO_MANY_REDIRECTS in \d+ ms \(attempt 1\/1\)$/);
    } finally {
      await api.close();
    }
  });
});

describe('URL joining', () => {
  it('joins a plain path and query as they are, and anything else as URL normalises it', async () => {
    const server = await countingServer(ok);
    const seen: string[] = [];
    const transport = createTransport({prefixUrl: new URL(`${server.url}/api/v2/`), apiKey: KEY, userAgent: 'u', connectTimeoutMs: 1_000, timeoutMs: 1_000, maxResponseBytes: 1_000, ...NO_RETRIES, debug: line => seen.push(line)});
    const send = (path: string, searchParams?: URLSearchParams) =>
      transport.send({method: 'GET', path, ...(searchParams ? {searchParams} : {}), signal: new AbortController().signal});
    await send('organization/reports', new URLSearchParams({slug: 'a b&c', cursor: 'x/y=='}));
    await send('organization/proposals/../review');
    await send('organization/proposals/%2e%2E/review');
    await send('a b/é"');
    expect(server.paths()).toEqual(['/api/v2/organization/reports?slug=a+b%26c&cursor=x%2Fy%3D%3D', '/api/v2/organization/review', '/api/v2/organization/review', '/api/v2/a%20b/%C3%A9%22']);
    expect(seen.map(line => line.replace(/ -> .*/, '').replace(server.url, ''))).toEqual(server.paths().map(path => `GET ${path}`));
    await server.close();
  });
});

describe('failures hold nothing of the request', () => {
  it('a refused connection is a NetworkFailure with a code, a phase and a message only', async () => {
    const silent = await silentServer();
    const port = silent.port;
    await silent.close();
    const transport = createTransport({prefixUrl: new URL(`http://127.0.0.1:${port}/api/v2/`), apiKey: KEY, userAgent: 'u', connectTimeoutMs: 1_000, timeoutMs: 1_000, maxResponseBytes: 1_000, ...NO_RETRIES});
    const error = await rejectionOf(transport.send({method: 'POST', path: 'x', json: {a: 1}, signal: new AbortController().signal}));
    expect(error).toBeInstanceOf(NetworkFailure);
    expect({...error}).toEqual({code: 'ECONNREFUSED', phase: 'not-sent', name: 'NetworkFailure'});
    expect((error as Error).cause).toBeUndefined();
  });
});
