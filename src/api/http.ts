import {InterruptedError, VigilError} from '../errors.js';
import {redact} from '../secrets.js';
import {ACCEPT_ENCODING, decodeBody} from './body-cap.js';
import type {Exchange, Exchanger} from './http-request.js';

/*
 * One HTTP attempt, and nothing else: retries, status handling and parsing live in
 * client.ts. The exchange itself (sockets, timeouts, the body cap) is http-request.ts; this
 * module builds the URL and headers, follows same-origin redirects and writes the --debug
 * lines. Node's errors never leave either module: they can reference the request, headers
 * included, so every failure is rebuilt as a NetworkFailure / CrossOriginRedirect, which
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

export interface Transport {
  send(request: SendRequest): Promise<RawResponse>;
}

// 300 with a Location too, as vigil always followed it (got did); 304 is not a move.
const REDIRECT_STATUSES = new Set([300, 301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

// A path of src/api/wire (and a query from URLSearchParams) is joined as it is, saving a URL
// parse per request; anything URL would change (a dot segment, an escape, a character to
// escape) goes through URL, as every path did before.
const PLAIN_PATH = /^(?!(?:.*\/)?\.\.?(?:\/|$))[\w\-.~!$&'()*+,;=:@/]*$/;

export function createTransport(options: TransportOptions): Transport {
  const {prefixUrl, debug, maxResponseBytes} = options;
  const prefix = prefixUrl.href;
  const prefixPath = prefixUrl.pathname;
  const host = prefixUrl.host;
  // Built once: Node copies them into each request, and sets Content-Length from the body.
  const getHeaders = {'x-api-key': options.apiKey, 'user-agent': options.userAgent, accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING};
  const jsonHeaders = {...getHeaders, 'content-type': 'application/json'};
  // Called only with --debug: without it no trace line is built.
  const trace = (request: SendRequest, method: string, href: string, outcome: string, startedAt: number) =>
    debug?.(redact(`${method} ${href} -> ${outcome} in ${Math.round(performance.now() - startedAt)} ms (attempt ${request.attempt}/${request.attempts})`));

  // node:http and the exchange are loaded on the first request, not at start-up: commands
  // that send nothing (help, config, --dry-run) skip loading them.
  let exchanger: Exchanger | undefined;
  let loading: Promise<Exchanger> | undefined;
  const load = async () => (exchanger = (await import('./http-request.js')).createExchanger(prefixUrl, options));

  return {
    async send(request) {
      if (request.signal.aborted) throw new InterruptedError();
      const exchange = exchanger ?? (await (loading ??= load()));
      const query = request.searchParams?.toString();
      const relative = query ? `${request.path}?${query}` : request.path;
      let href = prefix + relative;
      let path = prefixPath + relative;
      if (!PLAIN_PATH.test(request.path)) {
        const url = new URL(href);
        href = url.href;
        path = url.pathname + url.search;
      }
      let method: 'GET' | 'POST' = request.method;
      let body = request.json === undefined ? undefined : Buffer.from(JSON.stringify(request.json));
      for (let redirects = 0; ; redirects++) {
        const startedAt = debug ? performance.now() : 0;
        let response: Exchange;
        try {
          response = await exchange(method, path, body ? jsonHeaders : getHeaders, body, request.signal);
        } catch (error) {
          if (request.signal.aborted) throw new InterruptedError();
          if (error instanceof VigilError) throw error;
          const failure = error instanceof NetworkFailure ? error : networkFailure(error, host);
          if (debug) trace(request, method, href, failure.code, startedAt);
          throw failure;
        }
        const {status, headers} = response;
        const location = headers.location;
        if (!REDIRECT_STATUSES.has(status) || !location) {
          if (debug) trace(request, method, href, String(status), startedAt);
          return {
            status,
            statusText: response.statusText,
            headers,
            body: response.raw.length === 0 ? '' : await decodeBody(response.raw, headers['content-encoding'], maxResponseBytes, host),
          };
        }
        if (redirects >= MAX_REDIRECTS) {
          if (debug) trace(request, method, href, 'ERR_TOO_MANY_REDIRECTS', startedAt);
          throw networkFailure({code: 'ERR_TOO_MANY_REDIRECTS'}, host);
        }
        let next: URL;
        try {
          // A Location header arrives as latin1; read its bytes as UTF-8, as browsers do.
          next = new URL(Buffer.from(location, 'latin1').toString('utf8'), href);
        } catch {
          if (debug) trace(request, method, href, 'ERR_INVALID_URL', startedAt);
          throw networkFailure({code: 'ERR_INVALID_URL'}, host);
        }
        if (debug) trace(request, method, href, `${status} redirect to ${next.href}`, startedAt);
        // The key goes only to the base URL's origin: host, port and scheme (https -> http on
        // the same host is refused too). Refused outright, so the user hears where the API moved.
        if (next.origin !== prefixUrl.origin) throw new CrossOriginRedirect(prefixUrl.origin, next.origin);
        // 303 means "GET the answer there"; 307/308, and 301/302 as with got (whose
        // methodRewriting was off), repeat the request as it was.
        if (status === 303 && method !== 'GET') {
          method = 'GET';
          body = undefined;
        }
        href = next.href;
        path = next.pathname + next.search;
      }
    },
  };
}

/** Codes that prove the request never reached the upstream: safe to repeat anything. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EADDRINUSE']);

/**
 * Rebuilds a Node error as one that holds no request: only its code is read, its message
 * is not reused.
 */
export function networkFailure(error: unknown, host: string): NetworkFailure {
  const code = readCode(error);
  return new NetworkFailure(code, NOT_SENT_CODES.has(code) ? 'not-sent' : 'maybe-sent', redact(describeCode(code, host)));
}

function readCode(error: unknown): string {
  const code = (error as {code?: unknown} | undefined)?.code;
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
