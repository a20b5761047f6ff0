import * as z from 'zod';
import {ApiError, ContractError, CredentialsError, InputError, InterruptedError, OutcomeUnknownError, UnavailableError} from '../errors.js';
import {CREATE_OUTCOME, reviewOutcome, reviewRefusal, type UnknownOutcome} from './outcomes.js';
import {redact, registerSecret} from '../secrets.js';
import {USER_AGENT} from '../version.js';
import {DEFAULT_MAX_RESPONSE_BYTES} from './body-cap.js';
import {CrossOriginRedirect, NetworkFailure, createTransport, type RawResponse, type Transport} from './http.js';
import {redactDeep} from './redact.js';
import {isRetryableCode, isRetryableStatus, parseRetryAfter, retryDelayMs, sleep} from './retry.js';
import {checkBaseUrl} from './url-guard.js';
import {
  PATHS,
  createReportResponseSchema,
  HEALTHCHECK_LIST_PATH,
  healthcheckListBody,
  healthcheckPath,
  healthcheckRegistrySchema,
  healthcheckResultSchema,
  listReportsResponseSchema,
  normalizeErrorBody,
  parseResponse,
  proposalReviewPath,
  readListPage,
  reviewResponseSchema,
  searchReportsResponseSchema,
  keyCheckQuery,
  toListQueryParams,
  type CreateReportRequest,
  type CreateReportResponse,
  type HealthcheckRegistry,
  type HealthcheckResult,
  type ListReportsFilters,
  type ListReportsResult,
  type ReviewRequest,
  type ReviewResult,
  type SearchReportsRequest,
  type SearchReportsResult,
} from './wire/index.js';

/** How the client talks to the upstream. */
export interface ApiClientOptions {
  /**
   * Base URL, ending in `/api/v2` (trailing slash optional). Required. `https://`, or `http://`
   * to a loopback host only; anything else makes createApiClient throw InputError (--base-url).
   */
  baseUrl: string;
  /** Sent as `X-API-KEY`. Without it every call throws CredentialsError before sending. */
  apiKey?: string;
  /** Called with one line per attempt (method, URL, status, ms; key redacted). Default: none. */
  debug?: (line: string) => void;
  /** Milliseconds to establish a connection. Default: 5000. */
  connectTimeoutMs?: number;
  /**
   * Milliseconds to wait for the response to start once connected. The whole exchange, body
   * included, is capped at connectTimeoutMs + timeoutMs. Default: 30000.
   */
  timeoutMs?: number;
  /**
   * Retries after the first attempt, for 5xx, 429, timeouts and resets. createReport and
   * reviewProposal are retried only when the upstream cannot have acted (see RetryPolicy). Default: 3.
   */
  retries?: number;
  /** Upper bound of one backoff delay, including a Retry-After the upstream asked for. Default: 30000. */
  maxRetryDelayMs?: number;
  /** Backoff before the first retry; doubles per retry, half of it random (jitter). Default: 500. */
  retryBaseDelayMs?: number;
  /** Aborts every in-flight and future request (Ctrl+C). Default: none. */
  signal?: AbortSignal;
  /**
   * Largest response body accepted, in bytes, counted on the wire and again once
   * decompressed; past it the download stops with ResponseTooLargeError (exit 1, never
   * retried). Default: 16 MiB (VIGIL_MAX_RESPONSE_BYTES in the CLI and the worker).
   */
  maxResponseBytes?: number;
  /** Sent as `User-Agent`. Default: `vigil/<version>`. */
  userAgent?: string;
}

/** Per-call overrides. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface ApiClient {
  createReport(body: CreateReportRequest, options?: CallOptions): Promise<CreateReportResponse>;
  listReports(filters: ListReportsFilters, options?: CallOptions): Promise<ListReportsResult>;
  searchReports(body: SearchReportsRequest, options?: CallOptions): Promise<SearchReportsResult>;
  /**
   * Reviews one proposal of the needs-customer-review queue. Not idempotent: sent once unless
   * the connection was never made. Throws ReviewConflictError (409), ReviewLimitError (429,
   * the org's daily limit; never retried) and OutcomeUnknownError when it may have acted.
   */
  reviewProposal(proposalId: string, body: ReviewRequest, options?: CallOptions): Promise<ReviewResult>;
  /** Runs any `/healthchecks/...` check by id (e.g. `takedowns.cancelled-count`). */
  runHealthcheck(id: string, body: Record<string, unknown>, options?: CallOptions): Promise<HealthcheckResult>;
  /**
   * The registry (`POST /healthchecks/list`): every check the upstream offers for `org`, and
   * which are implemented. Read tolerantly; an id not of the `group.name` shape reads as not
   * implemented, so a caller that runs the implemented ones never builds a path from it.
   */
  listHealthchecks(org: string | undefined, options?: CallOptions): Promise<HealthcheckRegistry>;
  /**
   * One cheap authenticated read that tells whether the upstream accepts the key: `accepted`,
   * or `no-access` (403: a valid key without access to `org`). A rejected key is the
   * ApiError 401 (exit 2); an unreachable upstream the usual UnavailableError or ApiError.
   */
  checkKey(org: string | undefined, options?: CallOptions): Promise<KeyCheck>;
}

export type KeyCheck = 'accepted' | 'no-access';

const DEFAULTS = {
  connectTimeoutMs: 5_000,
  timeoutMs: 30_000,
  retries: 3,
  maxRetryDelayMs: 30_000,
  retryBaseDelayMs: 500,
} as const;

/**
 * How a failed attempt may be repeated. Reads (list, search, healthchecks) are safe to send
 * twice. Report creation is not: a second POST after a lost response could file the report
 * twice, and a duplicate report (reviewers triage it twice, takedowns double up) is worse
 * than a failure the user can see and check. The upstream's REPORT_ALREADY_EXISTS 422 does
 * not make a blind retry safe either: when the first attempt did succeed, the retry would
 * turn that success into a "rejected" error. So creation is retried only when the request
 * provably was not processed: the connection was never made (refused, DNS, connect timeout)
 * or the upstream answered 429 (rate limited before any work). A 5xx, a response timeout or
 * a reset after sending fails at once, with a hint to check before trying again.
 * A review is stricter still ('unsent-only'): its 429 is the organization's daily limit, which
 * no retry within minutes can outlast, so only a connection never made is tried again.
 */
type RetryPolicy = 'idempotent' | 'unprocessed-only' | 'unsent-only';

interface Endpoint<S extends z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  searchParams?: URLSearchParams;
  json?: unknown;
  schema: S;
  /** A reader that returns the schema's result without copying the body, or undefined to leave it to the schema. */
  read?: (body: unknown) => z.output<S> | undefined;
  policy: RetryPolicy;
  /** Required unless idempotent. */
  outcome?: UnknownOutcome;
}

export const UNKNOWN_OUTCOME = 'the report may or may not have been created; check with `vigil reports search <asset>` before trying again';

export function createApiClient(options: ApiClientOptions): ApiClient {
  const prefixUrl = checkBaseUrl(options.baseUrl);
  registerSecret(options.apiKey);
  const settings = {
    connectTimeoutMs: nonNegative('connectTimeoutMs', options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs),
    timeoutMs: nonNegative('timeoutMs', options.timeoutMs ?? DEFAULTS.timeoutMs),
    retries: nonNegative('retries', options.retries ?? DEFAULTS.retries),
    maxDelayMs: nonNegative('maxRetryDelayMs', options.maxRetryDelayMs ?? DEFAULTS.maxRetryDelayMs),
    baseDelayMs: nonNegative('retryBaseDelayMs', options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs),
  };
  const trace = (line: string) => options.debug?.(redact(line));
  let transport: Transport | undefined;

  const transportFor = (apiKey: string | undefined): Transport => {
    if (!apiKey) throw new CredentialsError('no API key configured');
    // A key with whitespace or non-ASCII cannot travel in a header; say so before Node does.
    if (!/^[\x21-\x7e]+$/.test(apiKey)) {
      throw new CredentialsError('the API key contains spaces or characters that cannot be sent in a header', 'check for a stray newline or quote; log in again with `vigil auth login`');
    }
    transport ??= createTransport({
      prefixUrl,
      apiKey,
      userAgent: options.userAgent ?? USER_AGENT,
      connectTimeoutMs: settings.connectTimeoutMs,
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      ...(options.debug ? {debug: options.debug} : {}),
    });
    return transport;
  };

  async function call<S extends z.ZodType>(endpoint: Endpoint<S>, callOptions?: CallOptions): Promise<z.output<S>> {
    const send = transportFor(options.apiKey);
    const signal = combineSignals(options.signal, callOptions?.signal);
    const what = `${endpoint.method} ${endpoint.path}`;
    try {
      return await attemptAll(endpoint, send, signal, what);
    } catch (error) {
      // A caller's deadline (AbortSignal.timeout) is a timeout, not the user pressing Ctrl+C.
      if (error instanceof InterruptedError && (signal.reason as {name?: unknown} | undefined)?.name === 'TimeoutError') {
        throw new UnavailableError(`${what}: no response before the caller's deadline`);
      }
      throw error;
    }
  }

  async function attemptAll<S extends z.ZodType>(endpoint: Endpoint<S>, send: Transport, signal: AbortSignal, what: string): Promise<z.output<S>> {
    const attempts = 1 + settings.retries;
    for (let attempt = 1; ; attempt++) {
      let response: RawResponse;
      try {
        response = await send.send({...endpoint, signal, attempt, attempts});
      } catch (error) {
        if (error instanceof CrossOriginRedirect) {
          throw new UnavailableError(`${error.message}; vigil does not send the API key to another origin. If the API really moved, use the new address as --base-url`);
        }
        if (!(error instanceof NetworkFailure)) throw error;
        const safe = endpoint.policy === 'idempotent' || error.phase === 'not-sent';
        if (safe && isRetryableCode(error.code) && attempt < attempts) {
          await pause(attempt, undefined, signal);
          continue;
        }
        const failure = `${what}: ${error.message}${afterAttempts(attempt)}`;
        if (endpoint.outcome && error.phase === 'maybe-sent') throw new OutcomeUnknownError(`${failure}; ${endpoint.outcome.what}`, endpoint.outcome.check);
        throw new UnavailableError(failure);
      }
      if (response.status >= 200 && response.status < 300) return parseBody(endpoint, response, what);
      const safe = endpoint.policy === 'idempotent' || (endpoint.policy === 'unprocessed-only' && response.status === 429);
      if (safe && isRetryableStatus(response.status) && attempt < attempts) {
        await pause(attempt, parseRetryAfter(response.headers['retry-after']), signal);
        continue;
      }
      const body = redactDeep(normalizeErrorBody(response.status, response.statusText, response.body));
      body.message += afterAttempts(attempt);
      if (endpoint.outcome && response.status >= 500) {
        throw new OutcomeUnknownError(`${body.message} (HTTP ${body.status} ${body.code}); ${endpoint.outcome.what}`, endpoint.outcome.check, body.status);
      }
      throw new ApiError(body);
    }
  }

  async function pause(attempt: number, retryAfterMs: number | undefined, signal: AbortSignal | undefined): Promise<void> {
    const delay = retryDelayMs(attempt, settings, retryAfterMs);
    trace(`waiting ${delay} ms before attempt ${attempt + 1}${retryAfterMs === undefined ? '' : ' (Retry-After)'}`);
    await sleep(delay, signal);
  }

  // async arrows: a bad argument becomes a rejected promise, like every other failure.
  return {
    createReport: async (body, callOptions) =>
      call({method: 'POST', path: PATHS.createReport, json: body, schema: createReportResponseSchema(), policy: 'unprocessed-only', outcome: CREATE_OUTCOME}, callOptions),
    reviewProposal: async (proposalId, body, callOptions) => {
      const endpoint = {
        method: 'POST',
        path: proposalReviewPath(proposalId),
        json: body,
        schema: reviewResponseSchema(),
        policy: 'unsent-only',
        outcome: reviewOutcome(proposalId, body.slug),
      } as const;
      return call(endpoint, callOptions).catch((error: unknown) => {
        throw reviewRefusal(error, body);
      });
    },
    listReports: async (filters, callOptions) =>
      call(
        {method: 'GET', path: PATHS.listReports, searchParams: toListQueryParams(filters), schema: listReportsResponseSchema(), read: readListPage, policy: 'idempotent'},
        callOptions,
      ),
    // A search is a read that happens to use POST: safe to repeat.
    searchReports: async (body, callOptions) =>
      call({method: 'POST', path: PATHS.searchReports, json: body, schema: searchReportsResponseSchema(), policy: 'idempotent'}, callOptions),
    // Healthchecks compute a verdict and change nothing upstream: safe to repeat.
    runHealthcheck: async (id, body, callOptions) =>
      call({method: 'POST', path: checkPath(id), json: body, schema: healthcheckResultSchema(), policy: 'idempotent'}, callOptions),
    listHealthchecks: async (org, callOptions) =>
      call({method: 'POST', path: HEALTHCHECK_LIST_PATH, json: healthcheckListBody(org), schema: healthcheckRegistrySchema(), policy: 'idempotent'}, callOptions),
    checkKey: async (org, callOptions) => {
      try {
        await call({method: 'GET', path: PATHS.listReports, searchParams: keyCheckQuery(org), schema: z.unknown(), policy: 'idempotent'}, callOptions);
        return 'accepted';
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 403) return 'no-access';
        // The key passed authentication; the upstream refused the query (e.g. no slug).
        if (error.status === 400 || error.status === 422) return 'accepted';
        throw error;
      }
    },
  };
}

function parseBody<S extends z.ZodType>(endpoint: Pick<Endpoint<S>, 'schema' | 'read'>, response: RawResponse, what: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    const type = headerValue(response.headers['content-type']) ?? 'no content type';
    const problem = response.body.trim() === '' ? 'empty body' : `body is not JSON (${type})`;
    throw new ContractError(what, [`HTTP ${response.status} with ${problem}`]);
  }
  return endpoint.read?.(json) ?? parseResponse(endpoint.schema, json, what);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function afterAttempts(attempt: number): string {
  return attempt > 1 ? ` (after ${attempt} attempts)` : '';
}

function checkPath(id: string): string {
  try {
    return healthcheckPath(id);
  } catch {
    throw new InputError([{field: 'healthcheck', message: `not a healthcheck id: ${JSON.stringify(id)} (expected <group>.<name>, e.g. takedowns.cancelled-count)`}]);
  }
}

function combineSignals(...signals: Array<AbortSignal | undefined>): AbortSignal {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  if (present.length === 1 && present[0]) return present[0];
  return present.length === 0 ? new AbortController().signal : AbortSignal.any(present);
}

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) {
    throw new InputError([{field: name, message: `must be a number of at least 0 (got ${value})`}]);
  }
  return value;
}
