import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {createApiClient, type ApiClient, type ApiClientOptions} from '../../src/api/client.js';

/** A key shaped like a real one; every test asserts it never shows up in clear. */
export const KEY = 'vk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
export const ORIGIN = 'https://api.vigil.test';
export const BASE = `${ORIGIN}/api/v2`;

/** Everything the client emitted: debug lines. Errors are added by `settle`. */
export interface Capture {
  lines: string[];
  client: ApiClient;
}

/** A transport's retry settings for a test that wants one attempt (the transport has no defaults: the client's are the only ones). */
export const NO_RETRIES = {retries: 0, retryBaseDelayMs: 500, maxRetryDelayMs: 30_000} as const;

/** Fast defaults so retry tests take milliseconds, not seconds. */
export function makeClient(overrides: Partial<ApiClientOptions> = {}): Capture {
  const lines: string[] = [];
  const client = createApiClient({
    baseUrl: BASE,
    apiKey: KEY,
    retries: 2,
    retryBaseDelayMs: 1,
    maxRetryDelayMs: 50,
    connectTimeoutMs: 1_000,
    timeoutMs: 2_000,
    debug: line => lines.push(line),
    ...overrides,
  });
  return {lines, client};
}

/** Every way an error can reach a user or a log: message, stack, JSON, util.inspect. */
export async function everythingAbout(error: unknown): Promise<string> {
  const {inspect} = await import('node:util');
  const e = error as Error;
  return [String(e), e.message, e.stack ?? '', JSON.stringify(e), inspect(e, {depth: 10, showHidden: true})].join('\n');
}

export interface LocalServer {
  url: string;
  requests: IncomingMessage[];
  close(): Promise<void>;
}

/** A real loopback server, for what nock cannot fake faithfully (timeouts, resets, redirects). */
export async function localServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalServer> {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
