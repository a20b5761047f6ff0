import * as z from 'zod';
import {ApiError, CredentialsError, InputError, MissingKeyError} from '../errors.js';
import {CREATE_OUTCOME, reviewOutcome, reviewRefusal} from './outcomes.js';
import {registerSecret} from '../secrets.js';
import {USER_AGENT} from '../version.js';
import {DEFAULT_MAX_RESPONSE_BYTES} from './body-cap.js';
import {createTransport} from './transport.js';
import type {Endpoint, Transport} from './exchange.js';
import {explainFailure, failedStatus, parseSuccess} from './answers.js';
import {checkBaseUrl} from './url-guard.js';
import {deadline} from './deadline.js';
import type {Pacer} from './pacer.js';
import {
  PATHS,
  createReportResponseSchema,
  HEALTHCHECK_LIST_PATH,
  healthcheckListBody,
  healthcheckPath,
  healthcheckRegistrySchema,
  healthcheckResultSchema,
  listReportsResponseSchema,
  type AssetCheckResult,
  proposalReviewPath,
  readHealthcheckResult,
  readListPage,
  reviewResponseSchema,
  searchReportsResponseSchema,
  keyCheckQuery,
  fillPath,
  wireRequest,
  type AnyEndpoint,
  type EndpointInput,
  type EndpointOutput,
  toListQueryParams,
  type CreateReportRequest,
  type CreateReportResponse,
  type HealthcheckRegistry,
  type HealthcheckResult,
  type ListReportsFilters,
  type ListReportsResult,
  type ListTakedownsResult,
  type TakedownFilters,
  type ReviewRequest,
  type ReviewResult,
  type SearchReportsRequest,
  type SearchReportsResult,
} from './wire/index.js';
import {checkAsset} from './wire/endpoints/assets.js';
import {listTakedowns} from './wire/endpoints/takedowns.js';

/** How the client talks to the upstream. */
export interface ApiClientOptions {
  /**
   * Base URL, ending in `/api/v2` (trailing slash optional). Required. `https://`, or `http://`
   * to a loopback host only; anything else makes createApiClient throw InputError (--base-url).
   */
  baseUrl: string;
  /** Sent as `X-API-KEY`. Without it every call throws MissingKeyError before sending. */
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
   * reviewProposal are retried only when the upstream cannot have acted (see RepeatRule). Default: 3.
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
  /**
   * Milliseconds one call may take in all, retries and their waits included; past it the
   * call fails with UnavailableError (exit 8), or OutcomeUnknownError when it may have acted.
   * Default: 60000 (`--timeout` and VIGIL_TIMEOUT in the CLI).
   */
  budgetMs?: number;
  /**
   * Told when each attempt of a call starts, and with undefined when the call is over: what
   * the CLI's waiting line on a terminal shows. Default: none.
   */
  onAttempt?: (progress: AttemptProgress | undefined) => void;
}

/** One attempt under way: the host it goes to, its number and how many there may be. */
export interface AttemptProgress {
  host: string;
  attempt: number;
  attempts: number;
}

/** Default of ApiClientOptions.budgetMs. */
export const DEFAULT_BUDGET_MS = 60_000;

/** Per-call overrides. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Paces the calls of a bulk run; a 429's Retry-After holds every call sharing it (pacer.ts). */
  pacer?: Pacer;
}

export interface ApiClient {
  /**
   * One call of an endpoint declared in src/api/wire/endpoints/ (defineEndpoint): its path
   * filled, its input sent as the body (POST) or query (GET) in the upstream's names, the
   * answer read by its tolerant reader, repeated as its repeat rule allows.
   */
  call<E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, options?: CallOptions): Promise<EndpointOutput<E>>;
  createReport(body: CreateReportRequest, options?: CallOptions): Promise<CreateReportResponse>;
  listReports(filters: ListReportsFilters, options?: CallOptions): Promise<ListReportsResult>;
  searchReports(body: SearchReportsRequest, options?: CallOptions): Promise<SearchReportsResult>;
  /** One page of POST /takedowns/list (docs/contract.md#listing-takedowns): a read, safe to repeat. */
  listTakedowns(filters: TakedownFilters, options?: CallOptions): Promise<ListTakedownsResult>;
  /** POST /asset/check of one asset (docs/contract.md#checking-assets): a read, safe to repeat; pass a pacer for a bulk run. */
  checkAsset(content: string, options?: CallOptions): Promise<AssetCheckResult>;
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

/** The one set of defaults of a client's timeouts and retries (the transport takes them all). */
const DEFAULTS = {
  connectTimeoutMs: 5_000,
  timeoutMs: 30_000,
  retries: 3,
  maxRetryDelayMs: 30_000,
  retryBaseDelayMs: 500,
} as const;

/** A client's numbers, defaults applied, each checked. */
export interface ClientSettings {
  connectTimeoutMs: number;
  timeoutMs: number;
  retries: number;
  maxRetryDelayMs: number;
  retryBaseDelayMs: number;
  budgetMs: number;
}

/** How the client sends one endpoint; what every method of ApiClient calls. */
type Call = <S extends z.ZodType>(endpoint: Endpoint<S>, callOptions?: CallOptions) => Promise<z.output<S>>;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const prefixUrl = checkBaseUrl(options.baseUrl);
  registerSecret(options.apiKey);
  return endpointsOf(caller(options, clientSettings(options), prefixUrl));
}

/** The options' numbers with the defaults; a negative or non-finite one is an InputError naming it. */
export function clientSettings(options: ApiClientOptions): ClientSettings {
  const setting = (name: keyof ClientSettings, value: number | undefined, fallback: number) => nonNegative(name, value ?? fallback);
  return {
    connectTimeoutMs: setting('connectTimeoutMs', options.connectTimeoutMs, DEFAULTS.connectTimeoutMs),
    timeoutMs: setting('timeoutMs', options.timeoutMs, DEFAULTS.timeoutMs),
    retries: setting('retries', options.retries, DEFAULTS.retries),
    maxRetryDelayMs: setting('maxRetryDelayMs', options.maxRetryDelayMs, DEFAULTS.maxRetryDelayMs),
    retryBaseDelayMs: setting('retryBaseDelayMs', options.retryBaseDelayMs, DEFAULTS.retryBaseDelayMs),
    budgetMs: setting('budgetMs', options.budgetMs, DEFAULT_BUDGET_MS),
  };
}

/** The key, if a header can carry it: checked on every call, before anything is sent. */
export function sendableKey(apiKey: string | undefined): string {
  if (!apiKey) throw new MissingKeyError();
  // A key with whitespace or non-ASCII cannot travel in a header; say so before Node does.
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new CredentialsError('the API key contains spaces or characters that cannot be sent in a header', 'check for a stray newline or quote; log in again with `vigil auth login`');
  }
  return apiKey;
}

/**
 * One call: the transport (made on the first call), the call's budget (retries and backoff
 * included; got's timeouts are per attempt) over the client's and the caller's signals, the
 * answer read or the failure explained.
 */
function caller(options: ApiClientOptions, settings: ClientSettings, prefixUrl: URL): Call {
  let transport: Transport | undefined;
  const host = prefixUrl.host;
  const onAttempt = options.onAttempt;
  const attemptTold = onAttempt ? (attempt: number, attempts: number) => onAttempt({host, attempt, attempts}) : undefined;
  return async (endpoint, callOptions) => {
    const apiKey = sendableKey(options.apiKey);
    transport ??= createTransport({
      prefixUrl,
      apiKey,
      userAgent: options.userAgent ?? USER_AGENT,
      connectTimeoutMs: settings.connectTimeoutMs,
      timeoutMs: settings.timeoutMs,
      retries: settings.retries,
      retryBaseDelayMs: settings.retryBaseDelayMs,
      maxRetryDelayMs: settings.maxRetryDelayMs,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      ...(options.debug ? {debug: options.debug} : {}),
    });
    const budget = deadline(settings.budgetMs, [options.signal, callOptions?.signal]);
    const what = `${endpoint.method} ${endpoint.path}`;
    try {
      const response = await transport.send({
        ...endpoint,
        signal: budget.signal,
        deadline: performance.now() + settings.budgetMs,
        ...(attemptTold ? {onAttempt: attemptTold} : {}),
        ...(callOptions?.pacer ? {pacer: callOptions.pacer} : {}),
      });
      if (response.status >= 200 && response.status < 300) return parseSuccess(endpoint, response, what);
      throw failedStatus(endpoint, response);
    } catch (error) {
      throw explainFailure(error, {endpoint, what, host, budgetMs: settings.budgetMs, signal: budget.signal, budgetSpent: budget.expired});
    } finally {
      budget.dispose();
      onAttempt?.(undefined);
    }
  };
}

/** The endpoints as ApiClient's methods. async arrows: a bad argument becomes a rejected promise, like every other failure. */
function endpointsOf(call: Call): ApiClient {
  const declared = async <E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, callOptions?: CallOptions): Promise<EndpointOutput<E>> => {
    const wire = wireRequest(endpoint, input);
    const path = fillPath(endpoint.path, endpoint.params?.(input));
    const carried = endpoint.method === 'GET' ? {searchParams: searchParamsOf(wire)} : {json: wire};
    return call({method: endpoint.method, path, ...carried, schema: endpoint.response(), policy: endpoint.repeat}, callOptions) as Promise<EndpointOutput<E>>;
  };
  return {
    call: declared,
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
    // Kept for their callers; both are declared endpoints now (src/api/wire/endpoints/).
    listTakedowns: async (filters, callOptions) => declared(listTakedowns, filters, callOptions),
    checkAsset: async (content, callOptions) => declared(checkAsset, content, callOptions),
    // Healthchecks compute a verdict and change nothing upstream: safe to repeat.
    runHealthcheck: async (id, body, callOptions) =>
      call({method: 'POST', path: checkPath(id), json: body, schema: healthcheckResultSchema(), read: readHealthcheckResult, policy: 'idempotent'}, callOptions),
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

/** A GET's query: each field given, arrays repeated, in the order given. */
function searchParamsOf(wire: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(wire)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  return params;
}

function checkPath(id: string): string {
  try {
    return healthcheckPath(id);
  } catch {
    throw new InputError([{field: 'healthcheck', message: `not a healthcheck id: ${JSON.stringify(id)} (expected <group>.<name>, e.g. takedowns.cancelled-count)`}]);
  }
}

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) {
    throw new InputError([{field: name, message: `must be a number of at least 0 (got ${value})`}]);
  }
  return value;
}
