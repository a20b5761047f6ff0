import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface StubReply {
  status?: number;
  body: unknown;
}

export interface ReportsStub {
  /** Base URL ending in /api/v2, on loopback. */
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A loopback upstream for the built CLI: records every request (method, path, query,
 * headers, parsed body) and answers from `route`, so a test can assert both what the user
 * saw and what was, or was not, sent.
 */
export async function startReportsStub(route: (req: RecordedRequest) => StubReply | Promise<StubReply>): Promise<ReportsStub> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', chunk => chunks.push(chunk as Buffer));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: text === '' ? undefined : JSON.parse(text),
      };
      requests.push(recorded);
      void Promise.resolve(route(recorded)).then(reply => {
        res.writeHead(reply.status ?? 200, {'content-type': 'application/json'});
        res.end(JSON.stringify(reply.body));
      });
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v2`,
    requests,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
