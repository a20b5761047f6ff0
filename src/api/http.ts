import {InterruptedError} from '../errors.js';
import {redact} from '../secrets.js';

/*
 * The transport: one call to the upstream through got, retries included (got's `retry` with
 * vigil's per-endpoint policy in `calculateDelay`), and nothing else: status handling and
 * parsing live in client.ts. got itself lives in got-transport.ts, loaded on the first
 * request, so a run that sends nothing (help, --dry-run) loads no got. got's errors never
 * leave the transport: they carry the request options, headers and so the key, so every
 * failure is rebuilt as one of the errors below, which hold only a code and URLs.
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
  /** Retries after the first attempt (got's `retry.limit`). Default: 0. */
  retries?: number;
  /** Default: 500. */
  retryBaseDelayMs?: number;
  /** Upper bound of a computed backoff, and got's `retry.maxRetryAfter`. Default: 30000. */
  maxRetryDelayMs?: number;
  debug?: (line: string) => void;
}

/**
 * How a failed attempt may be repeated. Reads (list, search, healthchecks) are safe to send
 * twice. Report creation is not: a second POST after a lost response could file the report
 * twice, and a duplicate report (reviewers triage it twice, takedowns double up) is worse
 * than a failure the user can see and check. The upstream's REPORT_ALREADY_EXISTS 422 does
 * not make a blind retry safe either: when the first attempt did succeed, the retry would
 * turn that success into a "rejected" error. So creation is retried only when the request
 * provably was not processed: its body never fully left (got's `timings.upload` is unset:
 * refused, DNS, connect timeout) or the upstream answered 429 (rate limited before any
 * work). A 5xx, a response timeout or a reset after sending fails at once, with a hint to
 * check before trying again. A review is stricter still ('unsent-only'): its 429 is the
 * organization's daily limit, which no retry within minutes can outlast, so only a body
 * that never left is sent again.
 */
export type RepeatRule = 'idempotent' | 'unprocessed-only' | 'unsent-only';

export interface SendRequest {
  method: 'GET' | 'POST';
  /** Relative to the base URL, from src/api/wire PATHS. */
  path: string;
  searchParams?: URLSearchParams;
  json?: unknown;
  signal: AbortSignal;
  /** Default: 'idempotent'. */
  policy?: RepeatRule;
  /** performance.now() after which no retry starts (the call's total budget). Default: none. */
  deadline?: number;
  /** Told when an attempt starts (1-based), for the waiting line on a terminal. */
  onAttempt?: (attempt: number, attempts: number) => void;
}

export interface RawResponse {
  status: number;
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text: JSON is parsed by the caller so a non-JSON body can be reported. */
  body: string;
  /** How many attempts the call took. */
  attempts: number;
}

/** Where in the exchange a network failure happened, which decides if a retry is safe. */
export type FailurePhase = 'not-sent' | 'maybe-sent';

/** A request that got no HTTP response. Safe to print: code, phase and a plain message. */
export class NetworkFailure extends Error {
  /** How many attempts the call took, set by the transport. */
  attempts = 1;
  constructor(
    readonly code: string,
    readonly phase: FailurePhase,
    message: string,
  ) {
    super(message);
    this.name = 'NetworkFailure';
    Object.defineProperty(this, 'attempts', {enumerable: false, writable: true});
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

/**
 * The upstream answered a POST with a redirect other than 303. Repeating the POST there
 * could act twice, so it is not followed: whether the first one acted is unknown.
 */
export class RedirectAfterPost extends Error {
  constructor(
    readonly status: number,
    readonly to: string,
  ) {
    super(`the upstream answered the POST with ${status} redirect to ${to}; vigil follows only a 303 after a POST, never repeats one`);
    this.name = 'RedirectAfterPost';
  }
}

/**
 * An answer of 2xx whose body could not be read (cut off, too large, undecodable): the
 * upstream acted, and what it answered is lost.
 */
export class UnreadableSuccess extends Error {
  constructor(
    readonly status: number,
    readonly problem: Error,
  ) {
    super(`the upstream answered ${status} but its answer could not be read (${problem.message})`);
    this.name = 'UnreadableSuccess';
  }
}

export interface Transport {
  send(request: SendRequest): Promise<RawResponse>;
}

// got and the exchange are loaded on the first request, not at start-up: commands that send
// nothing (help, config, --dry-run) skip loading them. One import for the process, shared by
// every transport: under vitest's module runner a second import() started while the first
// was still evaluating got the module half-initialised ("Cannot access 'agents' before
// initialization" when two workers in one test process sent their first requests together).
let gotTransport: Promise<typeof import('./got-transport.js')> | undefined;

export function createTransport(options: TransportOptions): Transport {
  let loaded: Transport | undefined;
  let loading: Promise<Transport> | undefined;
  const load = async () => (loaded = (await (gotTransport ??= import('./got-transport.js'))).createGotTransport(options));
  return {
    async send(request) {
      if (request.signal.aborted) throw new InterruptedError();
      const transport = loaded ?? (await (loading ??= load()));
      return transport.send(request);
    },
  };
}

/** Codes that prove the request never reached the upstream: safe to repeat anything. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EADDRINUSE']);

/**
 * Rebuilds a Node or got error as one that holds no request: only its code is read, its
 * message is not reused. `sent` is what got's timings say; without them, the code decides.
 */
export function networkFailure(error: unknown, host: string, sent?: boolean): NetworkFailure {
  const code = readCode(error);
  const notSent = sent === undefined ? NOT_SENT_CODES.has(code) : !sent || NOT_SENT_CODES.has(code);
  return new NetworkFailure(code, notSent ? 'not-sent' : 'maybe-sent', redact(describeCode(code, host)));
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
