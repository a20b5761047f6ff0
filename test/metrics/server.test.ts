import {get, request, type IncomingMessage, type ServerResponse} from 'node:http';
import {gunzipSync, gzipSync} from 'node:zlib';
import {afterEach, describe, expect, it} from 'vitest';
import {startMetricsServer, type MetricsServer} from '../../src/metrics/server.js';

let server: MetricsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The server's side of the next request, to see when it waits for a slow client. */
const nextResponse = (metrics: MetricsServer) =>
  new Promise<ServerResponse>(resolve => metrics.server.once('request', (_req, res: ServerResponse) => resolve(res)));

/** Resolves once the server has filled the socket and waits for the client to read on. */
const waitingForDrain = (response: ServerResponse) => expect.poll(() => response.listenerCount('drain') > 0, {message: 'the server to wait for the socket to drain', timeout: 10_000, interval: 5}).toBe(true);

describe('the metrics endpoint', () => {
  it('answers /healthz while a /metrics render is still under way', async () => {
    let finish: (parts: string[]) => void = () => {};
    const pending = new Promise<string[]>(resolve => (finish = resolve));
    server = await startMetricsServer({host: '127.0.0.1', port: 0, render: () => pending, health: () => ({ok: true, detail: {inFlight: 0}})});
    const scrape = fetch(`${server.url}/metrics`).then(response => response.text());
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({status: 'ok', inFlight: 0});
    finish(['a 1\n', 'b 2\n']);
    expect(await scrape).toBe('a 1\nb 2\n');
  });

  it('streams a large body in its parts to a slow reader, and HEAD gets headers only', async () => {
    const part = Buffer.alloc(4 * 1024 * 1024, 'x');
    server = await startMetricsServer({host: '127.0.0.1', port: 0, render: async () => [part, part, 'end\n'], health: () => ({ok: true, detail: {}})});
    const served = nextResponse(server);
    const received = await new Promise<number>((resolve, reject) => {
      const req = request(`${server!.url}/metrics`, response => {
        let bytes = 0;
        response.pause();
        // Read only once the server waits for the socket to drain: it must wait, not fail.
        void served.then(waitingForDrain).then(() => response.resume(), reject);
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
      });
      req.on('error', reject);
      req.end();
    });
    expect(received).toBe(2 * part.length + 4);
    const head = await fetch(`${server.url}/metrics`, {method: 'HEAD'});
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    expect(await head.text()).toBe('');
  });
});

/** A GET with exactly these headers (fetch adds its own Accept-Encoding): status, headers, raw body. */
const rawGet = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{headers: IncomingMessage['headers']; body: Buffer}>((resolve, reject) => {
    get(url, {headers}, response => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({headers: response.headers, body: Buffer.concat(chunks)}));
    }).on('error', reject);
  });

describe('the views and their encoding', () => {
  it('serves each view by its path, gzipped (concatenated members) when the scraper accepts gzip, plain otherwise', async () => {
    const asked: unknown[] = [];
    server = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      render: async (view, gzip) => (asked.push([view, gzip]), gzip ? {gzip: [gzipSync('a 1\n'), gzipSync('b 2\n')]} : ['a 1\n', 'b 2\n']),
      health: () => ({ok: true, detail: {}}),
    });
    const zipped = await rawGet(`${server.url}/metrics/checks`, {'accept-encoding': 'deflate, gzip'});
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe('a 1\nb 2\n');
    for (const [path, encoding] of [['/metrics/process', undefined], ['/metrics', 'gzip;q=0']] as const) {
      const plain = await rawGet(`${server.url}${path}`, encoding ? {'accept-encoding': encoding} : {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe('a 1\nb 2\n');
    }
    expect(asked).toEqual([['checks', true], ['process', false], ['all', false]]);
  });
});

describe('what the metrics endpoint answers besides a scrape', () => {
  const start = (overrides: Partial<Parameters<typeof startMetricsServer>[0]> = {}) =>
    startMetricsServer({host: '127.0.0.1', port: 0, render: async () => ['up 1\n'], health: () => ({ok: true, detail: {}}), ...overrides});

  it('503 with the detail while unhealthy, and the query string is ignored', async () => {
    server = await start({health: () => ({ok: false, detail: {redis: 'reconnecting', closing: false}})});
    const health = await fetch(`${server.url}/healthz?verbose=1`);
    expect(health.status).toBe(503);
    expect(health.headers.get('content-type')).toBe('application/json');
    expect(await health.text()).toBe('{"status":"unhealthy","redis":"reconnecting","closing":false}\n');
    const metrics = await fetch(`${server.url}/metrics?name[]=up`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toBe('up 1\n');
  });

  it('405 naming the allowed methods for anything but GET and HEAD, 404 elsewhere', async () => {
    server = await start();
    const post = await fetch(`${server.url}/metrics`, {method: 'POST', body: 'x'});
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await post.text()).toBe('');
    const other = await fetch(`${server.url}/metric`);
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toBe('text/plain');
    expect(await other.text()).toBe('not found: try /metrics, /metrics/process, /metrics/checks or /healthz\n');
  });

  it('500 with the reason when the render fails', async () => {
    server = await start({render: () => Promise.reject(new Error('redis is gone'))});
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('metrics failed: Error: redis is gone\n');
  });

  it('stops writing to a scraper that went away, and keeps serving the next', async () => {
    const part = Buffer.alloc(1024 * 1024, 'y');
    let renders = 0;
    server = await start({
      render: async () => {
        renders++;
        return Array.from({length: 64}, () => part);
      },
    });
    await new Promise<void>((resolve, reject) => {
      const req = request(`${server!.url}/metrics`, response => {
        response.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', reject);
      req.end();
    });
    const again = await fetch(`${server.url}/healthz`);
    expect(again.status).toBe(200);
    expect(renders).toBe(1);
  });

  it('gives its URL with an IPv6 host in brackets and the port it got', async () => {
    server = await start({host: '::1'});
    expect(server.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('fails to start on a port that is taken, and closes with keep-alive clients connected', async () => {
    server = await start();
    const port = Number(new URL(server.url).port);
    await expect(start({port})).rejects.toThrow(/EADDRINUSE/);
    await fetch(`${server.url}/healthz`, {keepalive: true});
    await server.close();
    server = undefined;
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});

describe('a scrape read slowly', () => {
  const parts = Array.from({length: 32}, () => Buffer.alloc(1024 * 1024, 'z'));

  /**
   * Starts a scrape and does not read until the server waits for the socket to drain; then
   * calls `whilePaused` with the server's response and reads the rest.
   */
  const slowScrape = (metrics: MetricsServer, whilePaused: (served: ServerResponse) => void) => {
    const served = nextResponse(metrics);
    return new Promise<number>((resolve, reject) => {
      const req = request(`${metrics.url}/metrics`, (response: IncomingMessage) => {
        let bytes = 0;
        response.pause();
        void served
          .then(async res => {
            await waitingForDrain(res);
            whilePaused(res);
            response.on('data', (chunk: Buffer) => (bytes += chunk.length));
            response.on('end', () => resolve(bytes));
            response.resume();
          })
          .catch(reject);
      });
      req.on('error', reject);
      req.end();
    });
  };

  it('holds about one part in memory while the scraper is not reading, not the whole body', async () => {
    server = await startMetricsServer({host: '127.0.0.1', port: 0, render: async () => parts, health: () => ({ok: true, detail: {}})});
    let buffered = -1;
    const bytes = await slowScrape(server, served => (buffered = served.writableLength));
    expect(bytes).toBe(32 * 1024 * 1024);
    expect(buffered).toBeGreaterThan(0);
    expect(buffered).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  it('waits for the socket again and again without piling up listeners (no MaxListenersExceededWarning)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      server = await startMetricsServer({host: '127.0.0.1', port: 0, render: async () => parts, health: () => ({ok: true, detail: {}})});
      let waits = 0;
      const scraped = await slowScrape(server, served => {
        const on = served.on.bind(served) as (event: string, listener: () => void) => ServerResponse;
        (served as {on: typeof on}).on = (event, listener) => ((waits += event === 'drain' ? 1 : 0), on(event, listener));
      });
      expect(scraped).toBe(32 * 1024 * 1024);
      // More waits than the default listener limit (10): enough for a pile-up to warn.
      expect(waits).toBeGreaterThan(10);
      // process.emitWarning delivers on the next tick: past a setImmediate, every warning
      // raised while the body was written has arrived (a warning of our own as the marker
      // printed "ProbeWarning" in every run of the suite).
      await new Promise(resolve => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
