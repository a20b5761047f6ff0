import {createServer, type Server, type ServerResponse} from 'node:http';

/**
 * The worker's HTTP endpoint: `/metrics` for Prometheus and `/healthz` for liveness
 * probes (503 while Redis is unreachable or the worker is shutting down).
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

export async function startMetricsServer(options: {
  host: string;
  port: number;
  /** The /metrics body in parts, written in order (VigilMetrics.render). */
  render: () => Promise<(string | Buffer)[]>;
  health: () => Health;
}): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {allow: 'GET, HEAD'}).end();
      return;
    }
    if (path === '/metrics') {
      options.render().then(
        parts => void stream(res.writeHead(200, {'content-type': 'text/plain; version=0.0.4; charset=utf-8'}), req.method === 'HEAD' ? [] : parts),
        (error: unknown) => res.writeHead(500, {'content-type': 'text/plain'}).end(`metrics failed: ${String(error)}\n`),
      );
      return;
    }
    if (path === '/healthz') {
      const health = options.health();
      res.writeHead(health.ok ? 200 : 503, {'content-type': 'application/json'}).end(`${JSON.stringify({status: health.ok ? 'ok' : 'unhealthy', ...health.detail})}\n`);
      return;
    }
    res.writeHead(404, {'content-type': 'text/plain'}).end('not found: try /metrics or /healthz\n');
  });
  // Keep-alive connections from Prometheus must not hold shutdown open.
  server.keepAliveTimeout = 5000;
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
