import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {MetricsBody, MetricsView} from './registry.js';
import {evictOldestWaiting, requestTimeouts, SLOW_CLIENT_LIMITS, type SlowClientLimits} from './slow-clients.js';

/**
 * The worker's HTTP endpoint: `/metrics` for Prometheus (`/metrics/process` and
 * `/metrics/checks` its two parts, for several replicas: registry.ts) and `/healthz` for
 * liveness probes (503 while Redis is unreachable or the worker is shutting down).
 */
export interface Health {
  ok: boolean;
  detail: Record<string, unknown>;
}

export interface MetricsServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * Writes the body part by part, waiting when the client reads slowly: tens of MB for a slow
 * scraper are never copied into one more buffer, and a client that went away stops the writing.
 */
async function stream(res: ServerResponse, parts: readonly (string | Buffer)[]): Promise<void> {
  for (const part of parts) {
    if (res.destroyed) return;
    if (!res.write(part)) {
      await new Promise<void>(resolve => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  res.end();
}

const VIEWS = new Map<string, MetricsView>([
  ['/metrics', 'all'],
  ['/metrics/process', 'process'],
  ['/metrics/checks', 'checks'],
]);

/** Prometheus sends `Accept-Encoding: gzip`; a q of 0 refuses it. */
function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some(item => {
    const [coding, ...params] = item.trim().toLowerCase().split(';');
    return coding === 'gzip' && !params.some(param => /^\s*q=0(\.0*)?\s*$/.test(param));
  });
}

export async function startMetricsServer(options: {
  host: string;
  port: number;
  /** The body of a view in parts, written in order, gzipped when `gzip` and the render agrees (VigilMetrics.body). */
  render: (view: MetricsView, gzip: boolean) => Promise<MetricsBody>;
  health: () => Health;
  /** Bounds on clients that hold a socket without a request (slow-clients.ts); tests shrink them. */
  slowClients?: Partial<SlowClientLimits>;
}): Promise<MetricsServer> {
  const limits = {...SLOW_CLIENT_LIMITS, ...options.slowClients};
  const server = createServer(requestTimeouts(limits), (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {allow: 'GET, HEAD'}).end();
      return;
    }
    const view = VIEWS.get(path ?? '');
    if (view) {
      options.render(view, acceptsGzip(req)).then(
        body => {
          const headers: Record<string, string> = {'content-type': 'text/plain; version=0.0.4; charset=utf-8'};
          if (!Array.isArray(body)) headers['content-encoding'] = 'gzip';
          void stream(res.writeHead(200, headers), req.method === 'HEAD' ? [] : Array.isArray(body) ? body : (body as {gzip: readonly Buffer[]}).gzip);
        },
        (error: unknown) => res.writeHead(500, {'content-type': 'text/plain'}).end(`metrics failed: ${String(error)}\n`),
      );
      return;
    }
    if (path === '/healthz') {
      const health = options.health();
      res.writeHead(health.ok ? 200 : 503, {'content-type': 'application/json'}).end(`${JSON.stringify({status: health.ok ? 'ok' : 'unhealthy', ...health.detail})}\n`);
      return;
    }
    res.writeHead(404, {'content-type': 'text/plain'}).end('not found: try /metrics, /metrics/process, /metrics/checks or /healthz\n');
  });
  // Keep-alive connections from Prometheus must not hold shutdown open.
  server.keepAliveTimeout = 5000;
  evictOldestWaiting(server, limits.waitingCap);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    server,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
