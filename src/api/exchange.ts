import type * as z from 'zod';
import type {UnknownOutcome} from './outcomes.js';
import type {Pacer} from './pacer.js';

/*
 * What one call through the transport takes and gives back: the settings of a transport,
 * an endpoint and the request made of it with its repeat rule, and the raw answer. Types
 * only: client.ts builds them, got-transport.ts carries them out, answers.ts reads them.
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
  /** Retries after the first attempt (got's `retry.limit`). The defaults are ApiClientOptions'. */
  retries: number;
  /** Backoff before the first retry; doubles per retry (retry.ts). */
  retryBaseDelayMs: number;
  /** Upper bound of a computed backoff, and got's `retry.maxRetryAfter`. */
  maxRetryDelayMs: number;
  /** Told one line per attempt and per backoff wait, key redacted (--debug). Default: none. */
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

/** One upstream operation as client.ts calls it: where, what, how to read the answer, whether to repeat it. */
export interface Endpoint<S extends z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  searchParams?: URLSearchParams;
  json?: unknown;
  schema: S;
  /** A reader that returns the schema's result without copying the body, or undefined to leave it to the schema. */
  read?: (body: unknown) => z.output<S> | undefined;
  policy: RepeatRule;
  /** Required unless idempotent. */
  outcome?: UnknownOutcome;
}

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
  /** Told when an attempt starts (1-based; got's beforeRequest), for the waiting line on a terminal. */
  onAttempt?: (attempt: number, attempts: number) => void;
  /** Shared by the calls of one bulk run: each attempt awaits it; a 429's Retry-After holds them all (pacer.ts). */
  pacer?: Pacer;
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

export interface Transport {
  send(request: SendRequest): Promise<RawResponse>;
}
