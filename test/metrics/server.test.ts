import {request} from 'node:http';
import {afterEach, describe, expect, it} from 'vitest';
import {startMetricsServer, type MetricsServer} from '../../src/metrics/server.js';

let server: MetricsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

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
    const received = await new Promise<number>((resolve, reject) => {
      const req = request(`${server!.url}/metrics`, response => {
        let bytes = 0;
        response.pause();
        // Read slowly at first: the server must wait for the socket to drain, not fail.
        setTimeout(() => response.resume(), 200);
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
