import type {Got, Response} from 'got';
import {InterruptedError, VigilError} from '../errors.js';
import {redact} from '../secrets.js';
import {ACCEPT_ENCODING, capDownload, decodeBody} from './body-cap.js';

/*
 * One HTTP attempt through got, and nothing else: retries, status handling and parsing live
 * in client.ts. got's own retry is off so every attempt is visible to our loop (and to
 * --debug), and got's errors never leave this module: they carry the request options,
 * headers included, so they are turned into NetworkFailure / CrossOriginRedirect, which
 * hold only a code and URLs.
 */

export interface TransportOptions {
  /** Checked base URL ending in `/` (see url-guard.ts). */
  prefixUrl: URL;
  apiKey: string;
  userAgent: string;
  connectTimeoutMs: number;
  timeoutMs: number;
  /** Cap of a response body, on the wire and once decompressed (body-cap.ts). */
  maxResponseBytes: number;
  debug?: (line: string) => void;
}

export interface SendRequest {
  method: 'GET' | 'POST';
  /** Relative to the base URL, from src/api/wire PATHS. */
  path: string;
  searchParams?: URLSearchParams;
  json?: unknown;
  signal: AbortSignal;
  /** 1-based, for the trace line. */
  attempt: number;
  attempts: number;
}

export interface RawResponse {
  status: number;
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text: JSON is parsed by the caller so a non-JSON body can be reported. */
  body: string;
}

/** Where in the exchange a network failure happened, which decides if a retry is safe. */
export type FailurePhase = 'not-sent' | 'maybe-sent';

/** A request that got no HTTP response. Safe to print: code, phase and a plain message. */
export class NetworkFailure extends Error {
  constructor(
    readonly code: string,
    readonly phase: FailurePhase,
    message: string,
  ) {
    super(message);
    this.name = 'NetworkFailure';
  }
}

/** The upstream redirected to another origin; the key is not sent there. */
export class CrossOriginRedirect extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`the upstream redirected ${from} to another origin (${to})`);
    this.name = 'CrossOriginRedirect';
  }
}

interface TraceContext {
  attempt: number;
  attempts: number;
  startedAt: number;
}

const KEY_HEADER = 'x-api-key';

export interface Transport {
  send(request: SendRequest): Promise<RawResponse>;
}

export function createTransport(options: TransportOptions): Transport {
  const trace = (line: string) => options.debug?.(redact(line));
  const traceContext = (opts: {context: Record<string, unknown>}): TraceContext | undefined => opts.context['vigil'] as TraceContext | undefined;
  const elapsed = (ctx: TraceContext | undefined) => (ctx ? Math.round(performance.now() - ctx.startedAt) : 0);
  const attemptLabel = (ctx: TraceContext | undefined) => (ctx ? ` (attempt ${ctx.attempt}/${ctx.attempts})` : '');

  // got is loaded on the first request, not at start-up: commands that send nothing (help,
  // config, --dry-run) skip its ~120 ms of module loading.
  let client: Promise<Got> | undefined;
  const gotClient = () => (client ??= import('got').then(({default: got}) => extendGot(got)));
  const extendGot = (got: Got): Got => got.extend({
    prefixUrl: options.prefixUrl.href,
    headers: {[KEY_HEADER]: options.apiKey, 'user-agent': options.userAgent, accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING},
    responseType: 'text',
    // body-cap.ts inflates with an output limit; got's own inflater has none (gzip bombs).
    decompress: false,
    throwHttpErrors: false,
    retry: {limit: 0},
    followRedirect: true,
    maxRedirects: 5,
    timeout: {
      lookup: options.connectTimeoutMs,
      connect: options.connectTimeoutMs,
      secureConnect: options.connectTimeoutMs,
      response: options.timeoutMs,
      // The whole exchange, body included: `response` only covers the wait for headers.
      request: options.connectTimeoutMs + options.timeoutMs,
    },
    // The trace hooks only with --debug: without it they built each trace line and threw it
    // away, on every request (a worker sends hundreds a second). The redirect guard always runs.
    hooks: {
      beforeRedirect: [
        (next, response) => {
          const from = new URL(response.url);
          const to = next.url instanceof URL ? next.url : new URL(String(next.url));
          const ctx = traceContext(next);
          trace(`${next.method} ${from.href} -> ${response.statusCode} redirect to ${to.href} in ${elapsed(ctx)} ms${attemptLabel(ctx)}`);
          // got drops Authorization on a host change but knows nothing of X-API-KEY, and it
          // ignores the scheme (https -> http on the same host). Compare whole origins, drop
          // the key, and refuse outright so the user hears where the API moved.
          if (from.origin !== to.origin) {
            delete next.headers[KEY_HEADER];
            throw new CrossOriginRedirect(from.origin, to.origin);
          }
        },
      ],
      ...(options.debug
        ? {
            beforeRequest: [
              opts => {
                const ctx = traceContext(opts);
                if (ctx) ctx.startedAt = performance.now();
              },
            ],
            afterResponse: [
              (response: Response) => {
                const ctx = traceContext(response.request.options);
                trace(`${response.request.options.method} ${response.url} -> ${response.statusCode} in ${elapsed(ctx)} ms${attemptLabel(ctx)}`);
                return response;
              },
            ],
            beforeError: [
              error => {
                const opts = error.options;
                const ctx = opts ? traceContext(opts) : undefined;
                const url = opts?.url ? String(opts.url) : '(no url)';
                trace(`${opts?.method ?? '?'} ${url} -> ${error.code} in ${elapsed(ctx)} ms${attemptLabel(ctx)}`);
                return error;
              },
            ],
          }
        : {}),
    },
  });

  return {
    async send(request) {
      if (request.signal.aborted) throw new InterruptedError();
      const context: TraceContext = {attempt: request.attempt, attempts: request.attempts, startedAt: performance.now()};
      const host = options.prefixUrl.host;
      let cap: ReturnType<typeof capDownload> | undefined;
      try {
        const pending = (await gotClient())(request.path, {
          method: request.method,
          ...(request.searchParams ? {searchParams: request.searchParams} : {}),
          ...(request.json === undefined ? {} : {json: request.json}),
          signal: request.signal,
          context: {vigil: context},
        });
        cap = capDownload(pending, options.maxResponseBytes, host);
        const response = await pending;
        return {
          status: response.statusCode,
          statusText: response.statusMessage ?? '',
          headers: response.headers,
          body: response.rawBody.length === 0 ? '' : await decodeBody(response.rawBody, response.headers['content-encoding'], options.maxResponseBytes, host),
        };
      } catch (error) {
        if (request.signal.aborted) throw new InterruptedError();
        const tooLarge = cap?.exceeded();
        if (tooLarge) throw tooLarge;
        if (error instanceof VigilError) throw error;
        throw toSafeFailure(error, new URL(request.path, options.prefixUrl), options);
      }
    },
  };
}

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EADDRINUSE']);
const NOT_SENT_TIMEOUTS = new Set(['lookup', 'connect', 'secureConnect']);

/**
 * Rebuilds a got error as an error that holds no request options. Only the code, the timeout
 * phase and the target host are read from it; its message is not reused.
 */
function toSafeFailure(error: unknown, url: URL, options: TransportOptions): Error {
  const cause = (error as {cause?: unknown}).cause;
  if (cause instanceof CrossOriginRedirect) return cause;
  if (error instanceof CrossOriginRedirect) return error;
  const code = readCode(error);
  const host = url.host;
  if (error instanceof Error && error.name === 'TimeoutError') {
    const event = String((error as {event?: unknown}).event);
    if (NOT_SENT_TIMEOUTS.has(event)) {
      return new NetworkFailure('ETIMEDOUT', 'not-sent', `could not connect to ${host} within ${options.connectTimeoutMs} ms`);
    }
    return new NetworkFailure('ETIMEDOUT', 'maybe-sent', `no response from ${host} within ${options.timeoutMs} ms`);
  }
  const phase: FailurePhase = NOT_SENT_CODES.has(code) ? 'not-sent' : 'maybe-sent';
  return new NetworkFailure(code, phase, redact(describeCode(code, host)));
}

function readCode(error: unknown): string {
  const code = (error as {code?: unknown}).code;
  return typeof code === 'string' && /^[A-Z0-9_]+$/.test(code) ? code : 'ERR_NETWORK';
}

function describeCode(code: string, host: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused by ${host}`;
    case 'ENOTFOUND':
      return `cannot resolve host ${host.replace(/:\d+$/, '')}`;
    case 'EAI_AGAIN':
      return `DNS lookup for ${host.replace(/:\d+$/, '')} failed (temporary)`;
    case 'ECONNRESET':
      return `connection reset by ${host}`;
    case 'ERR_TOO_MANY_REDIRECTS':
      return `too many redirects from ${host}`;
    default:
      if (/CERT|SSL|TLS/.test(code)) return `TLS error talking to ${host} (${code})`;
      return `request to ${host} failed (${code})`;
  }
}
