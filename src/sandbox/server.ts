import Fastify, {type FastifyError, type FastifyInstance} from 'fastify';
import {REVIEW_LIMIT_PER_DAY} from '../api/wire/index.js';
import {VERSION} from '../version.js';
import {ADMIN_PREFIX, API_PREFIX, type SandboxContext} from './context.js';
import {internalError, SandboxHttpError, badRequest, shapeErrorBody, type ErrorShape} from './http-errors.js';
import {generateKey, type SandboxKeys} from './keys.js';
import type {SeedData} from './model.js';
import {buildOpenApiDocument} from './openapi.js';
import {adminRoutes} from './routes/admin.js';
import {adminHealthRoutes} from './routes/admin-health.js';
import {healthcheckRoutes} from './routes/healthcheck.js';
import {reportRoutes} from './routes/reports.js';
import {SERVED} from './endpoints/index.js';
import {registerServed} from './endpoints/serve.js';
import {reviewRoutes} from './routes/review.js';
import {generateSeed} from './seed.js';
import {Store} from './store.js';

export interface SandboxOptions {
  /** 0 picks a free port. Default 4010. */
  port?: number;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** PRNG seed of the generated data. Default 'demo'. Ignored when `data` is given. */
  seed?: string;
  /** Data to serve instead of the generated seed (a `--seed-file` fixture). */
  data?: SeedData;
  /** Missing keys are generated; `scopedOrg` defaults to the first org. */
  keys?: Partial<SandboxKeys>;
  /** Clock in epoch ms. Default Date.now. */
  now?: () => number;
  /** Request body limit in bytes. Default 1 MiB. */
  bodyLimit?: number;
  /**
   * Time a client has to send one whole request, headers and body, in ms: a client
   * trickling a body byte by byte is answered 408 and cut off. Default 15000.
   */
  requestTimeoutMs?: number;
  /** An idle socket (nothing received or sent) is closed after this many ms. Default 30000. */
  connectionTimeoutMs?: number;
  /** Reviews each org may make per rolling 24 hours. Default 10, as upstream. */
  reviewLimit?: number;
  /** One line per request and per server error (stderr in the CLI). Default: silent. */
  log?: (line: string) => void;
}

export interface Sandbox {
  /** Reviews per org per rolling 24 hours in force. */
  reviewLimit: number;
  /** Base URL of the API, ending in /api/v2 (what VIGIL_BASE_URL takes). */
  url: string;
  /** `http://host:port`. */
  origin: string;
  keys: SandboxKeys;
  store: Store;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
export const DEFAULT_CONNECTION_TIMEOUT_MS = 30_000;

/** The slow-client limits of one app (see SandboxOptions). */
export interface SandboxTimeouts {
  requestTimeoutMs?: number;
  connectionTimeoutMs?: number;
}

/** Fastify error codes that mean "the client sent a body we cannot read". */
const UNREADABLE_BODY = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_CTP_INVALID_CONTENT_LENGTH']);

/** A 500 queued through /_sandbox/faults: thrown like a real bug, logged without a stack. */
class InjectedFault extends Error {}

/** Builds the app without listening (tests may `inject`). */
export function buildApp(ctx: SandboxContext, log: (line: string) => void = () => {}, timeouts: SandboxTimeouts = {}): FastifyInstance {
  const requestTimeout = timeouts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: false,
    bodyLimit: ctx.bodyLimit,
    // Without these a client that trickles its body holds a socket open indefinitely.
    requestTimeout,
    connectionTimeout: timeouts.connectionTimeoutMs ?? DEFAULT_CONNECTION_TIMEOUT_MS,
    // Node checks the timeouts on this period (default 30 s), and applies requestTimeout to
    // the body only when headersTimeout is not longer (fastify leaves it at Node's 60 s).
    http: {connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(requestTimeout / 4))), headersTimeout: Math.min(requestTimeout, 60_000)},
    routerOptions: {ignoreTrailingSlash: true},
    // Fastify answers these two itself, bypassing the error handler, in its own body shape.
    return503OnClosing: false,
    frameworkErrors: (error, _request, reply) => {
      const failure = badRequest([{message: error.message}]);
      // The generic reply type of this hook cannot be narrowed; the body is an ErrorBody.
      void (reply as unknown as {code(n: number): {send(body: unknown): unknown}}).code(failure.status).send(failure.body);
    },
  });

  // The API speaks JSON only (docs/sandbox.md): fastify's built-in text/plain parser would
  // hand a route a string, a 400 instead of the 415 a wrong content type deserves.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async request => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith(`${API_PREFIX}/`)) return;
    const rest = path.slice(API_PREFIX.length + 1);
    const fault = ctx.faults.find(f => f.remaining > 0 && rest.startsWith(f.pathPrefix));
    if (!fault) return;
    fault.remaining--;
    ctx.faults.splice(0, ctx.faults.length, ...ctx.faults.filter(f => f.remaining > 0));
    if (fault.status === 500) throw new InjectedFault(`injected fault in ${path}`);
    const code = fault.status === 429 ? 'TOO_MANY_REQUESTS' : fault.status === 502 ? 'BAD_GATEWAY' : 'SERVICE_UNAVAILABLE';
    throw new SandboxHttpError(fault.status, {message: `Injected ${fault.status}`, code, issues: []}, fault.status === 429 ? {'retry-after': '1'} : {});
  });

  app.addHook('onResponse', async (request, reply) => {
    log(`${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Each route answers in its documented error shape (http-errors.ts).
    const shape = (request.routeOptions.config as {errorShape?: ErrorShape} | undefined)?.errorShape;
    const send = (failure: SandboxHttpError) => reply.code(failure.status).headers(failure.headers).send(shapeErrorBody(failure.body, shape));
    if (error instanceof SandboxHttpError) return send(error);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(new SandboxHttpError(413, {message: `Request body is larger than the limit of ${ctx.bodyLimit} bytes`, code: 'PAYLOAD_TOO_LARGE', issues: []}));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(new SandboxHttpError(415, {message: 'Content-Type must be application/json', code: 'UNSUPPORTED_MEDIA_TYPE', issues: []}));
    }
    if (error.code !== undefined && UNREADABLE_BODY.has(error.code)) return send(badRequest([]));
    // Anything else is a bug or an injected fault: log it here, never send it.
    log(`error: ${request.method} ${request.url}: ${error instanceof InjectedFault ? error.message : (error.stack ?? error.message)}`);
    return send(internalError());
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    reply.code(404).send({message: `No route for ${request.method} ${path}`, code: 'NOT_FOUND', issues: []});
  });

  app.register(async api => {
    healthcheckRoutes(api, ctx);
    reportRoutes(api, ctx);
    registerServed(api, ctx, SERVED);
    reviewRoutes(api, ctx);
    // Built on first request: most runs never ask, and start-up stays short.
    let document: ReturnType<typeof buildOpenApiDocument> | undefined;
    api.get('/openapi.json', async () => (document ??= buildOpenApiDocument(VERSION)));
  }, {prefix: API_PREFIX});
  app.register(async admin => {
    adminRoutes(admin, ctx);
    adminHealthRoutes(admin, ctx);
  });
  app.get('/', async () => ({name: 'vigil sandbox', api: API_PREFIX, openapi: `${API_PREFIX}/openapi.json`, admin: ADMIN_PREFIX}));
  return app;
}

/** Starts a sandbox and resolves once it listens. `close()` stops it (idle keep-alive sockets included). */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const now = options.now ?? Date.now;
  const data = options.data ?? generateSeed(options.seed ?? 'demo', now());
  const store = new Store(data);
  const keys: SandboxKeys = {
    allOrgs: options.keys?.allOrgs ?? generateKey('sbx_all'),
    scoped: options.keys?.scoped ?? generateKey('sbx_org'),
    scopedOrg: options.keys?.scopedOrg ?? data.orgs[0]?.slug ?? 'acme',
  };
  let origin = '';
  const ctx: SandboxContext = {store, keys, now, origin: () => origin, bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT, reviewLimit: options.reviewLimit ?? REVIEW_LIMIT_PER_DAY, faults: []};
  const app = buildApp(ctx, options.log, {
    ...(options.requestTimeoutMs === undefined ? {} : {requestTimeoutMs: options.requestTimeoutMs}),
    ...(options.connectionTimeoutMs === undefined ? {} : {connectionTimeoutMs: options.connectionTimeoutMs}),
  });
  const host = options.host ?? DEFAULT_HOST;
  await app.listen({port: options.port ?? DEFAULT_PORT, host});
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port ?? DEFAULT_PORT;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {url: `${origin}${API_PREFIX}`, origin, keys, store, reviewLimit: ctx.reviewLimit, close: () => app.close()};
}
