import Fastify, {type FastifyError, type FastifyInstance} from 'fastify';
import {VERSION} from '../version.js';
import {ADMIN_PREFIX, API_PREFIX, type SandboxContext} from './context.js';
import {internalError, SandboxHttpError, badRequest} from './http-errors.js';
import {generateKey, type SandboxKeys} from './keys.js';
import type {SeedData} from './model.js';
import {buildOpenApiDocument} from './openapi.js';
import {adminRoutes} from './routes/admin.js';
import {healthcheckRoutes} from './routes/healthcheck.js';
import {reportRoutes} from './routes/reports.js';
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
  /** One line per request and per server error (stderr in the CLI). Default: silent. */
  log?: (line: string) => void;
}

export interface Sandbox {
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

/** Fastify error codes that mean "the client sent a body we cannot read". */
const UNREADABLE_BODY = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_CTP_INVALID_CONTENT_LENGTH']);

/** A 500 queued through /_sandbox/faults: thrown like a real bug, logged without a stack. */
class InjectedFault extends Error {}

/** Builds the app without listening (tests may `inject`). */
export function buildApp(ctx: SandboxContext, log: (line: string) => void = () => {}): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: ctx.bodyLimit,
    routerOptions: {ignoreTrailingSlash: true},
    // Fastify answers these two itself, bypassing the error handler, in its own body shape.
    return503OnClosing: false,
    frameworkErrors: (error, _request, reply) => {
      const failure = badRequest([{message: error.message}]);
      // The generic reply type of this hook cannot be narrowed; the body is an ErrorBody.
      void (reply as unknown as {code(n: number): {send(body: unknown): unknown}}).code(failure.status).send(failure.body);
    },
  });

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
    if (error instanceof SandboxHttpError) {
      return reply.code(error.status).headers(error.headers).send(error.body);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({message: `Request body is larger than the limit of ${ctx.bodyLimit} bytes`, code: 'PAYLOAD_TOO_LARGE', issues: []});
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({message: 'Content-Type must be application/json', code: 'UNSUPPORTED_MEDIA_TYPE', issues: []});
    }
    if (error.code !== undefined && UNREADABLE_BODY.has(error.code)) {
      const issue = badRequest([]);
      return reply.code(issue.status).send(issue.body);
    }
    // Anything else is a bug or an injected fault: log it here, never send it.
    log(`error: ${request.method} ${request.url}: ${error instanceof InjectedFault ? error.message : (error.stack ?? error.message)}`);
    const failure = internalError();
    return reply.code(failure.status).send(failure.body);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    reply.code(404).send({message: `No route for ${request.method} ${path}`, code: 'NOT_FOUND', issues: []});
  });

  app.register(async api => {
    healthcheckRoutes(api, ctx);
    reportRoutes(api, ctx);
    // Built on first request: most runs never ask, and start-up stays short.
    let document: ReturnType<typeof buildOpenApiDocument> | undefined;
    api.get('/openapi.json', async () => (document ??= buildOpenApiDocument(VERSION)));
  }, {prefix: API_PREFIX});
  app.register(async admin => adminRoutes(admin, ctx));
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
  const ctx: SandboxContext = {store, keys, now, origin: () => origin, bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT, faults: []};
  const app = buildApp(ctx, options.log);
  const host = options.host ?? DEFAULT_HOST;
  await app.listen({port: options.port ?? DEFAULT_PORT, host});
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port ?? DEFAULT_PORT;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {url: `${origin}${API_PREFIX}`, origin, keys, store, close: () => app.close()};
}
