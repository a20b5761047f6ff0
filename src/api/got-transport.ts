import http from 'node:http';
import https from 'node:https';
import got, {type BeforeRequestHook, type CancelableRequest, type Got, type Hooks, type Method, type PlainResponse, type Progress, type RequestError, type Response, type RetryObject} from 'got';
import {InterruptedError, VigilError} from '../errors.js';
import {redact} from '../secrets.js';
import {ACCEPT_ENCODING, ResponseTooLargeError, decodeBody} from './body-cap.js';
import {restoreEndCallback} from './end-callback.js';
import type {RawResponse, RepeatRule, SendRequest, Transport, TransportOptions} from './exchange.js';
import {CrossOriginRedirect, NetworkFailure, RedirectAfterPost, UnreadableSuccess, networkFailure, readCode} from './failures.js';
import {RETRYABLE_CODES, RETRYABLE_STATUSES, retryDelayMs} from './retry.js';

/*
 * The got client behind createTransport, loaded with the first request. One `got.extend`
 * instance per transport carries vigil's settings: timeouts, retries with the per-endpoint
 * policy in `calculateDelay`, Retry-After within `maxRetryAfter`, redirects decided by
 * `followRedirect`, the keep-alive agents, and the hooks: `beforeRequest` counts attempts
 * (got tells it the retry count) and tells `onAttempt`; the --debug ones (`beforeRedirect`,
 * `afterResponse`) are installed only with --debug. A failed attempt is traced in
 * `calculateDelay`, the one place got calls for every failure before its backoff wait
 * (`beforeRetry` runs after the wait, and not at all for the last failure). What got lacks is added here: the body caps
 * (got's inflater has no output limit, so `decompress: false` and body-cap.ts), and errors
 * rebuilt from a code and the host (a got error holds its options, headers and so the key).
 */

/** What one call carries through got, found again in hooks and `calculateDelay` through `context`. */
interface CallState {
  request: SendRequest;
  /** The attempt under way, 1-based (set by the beforeRequest hook). */
  attempt: number;
  /** Whether onAttempt was told of `attempt`. */
  announced: boolean;
  /** When the current exchange started. */
  startedAt: number;
  /** The last attempt a --debug line was written for. */
  traced: number;
  /** Set when the body passed the cap: got's cancel error is replaced by it. */
  tooLarge?: ResponseTooLargeError;
}

// Keep-alive, like Node's global agents. An idle socket is unref'd by the agent, so it never
// keeps a finished CLI alive, and it is closed after `timeout`: reusing a socket the server
// is closing fails as a reset, which a report creation would have to call "may have been sent".
const AGENT_OPTIONS = {keepAlive: true, scheduling: 'lifo', timeout: 5_000} as const;
let agents: {http: http.Agent; https: https.Agent} | undefined;

// 300 with a Location too, as got does; 304 is not a move.
const REDIRECT_STATUSES = new Set([300, 301, 302, 303, 307, 308]);
const NOT_SENT_TIMEOUTS = new Set(['lookup', 'connect', 'secureConnect']);
const KEY_HEADER = 'x-api-key';
// The Nodes whose request.end() callback reports a failure twice (end-callback.ts).
const [NODE_MAJOR = 0, NODE_MINOR = 0] = process.versions.node.split('.').map(Number);
const END_CALLBACK_FIX = NODE_MAJOR > 24 || (NODE_MAJOR === 24 && NODE_MINOR >= 20);

const stateOf = (options: {context: Record<string, unknown>} | undefined): CallState | undefined => options?.context['vigil'] as CallState | undefined;

/** Writes one --debug line per attempt (method, URL, outcome, ms; key redacted), or nothing without --debug. */
type Trace = (state: CallState | undefined, method: string, href: string, outcome: string) => void;

export function createGotTransport(options: TransportOptions): Transport {
  const trace = tracer(options.debug, options.retries + 1);
  agents ??= {http: new http.Agent(AGENT_OPTIONS), https: new https.Agent(AGENT_OPTIONS)};
  const client = got.extend({
    prefixUrl: options.prefixUrl.href,
    headers: {[KEY_HEADER]: options.apiKey, 'user-agent': options.userAgent, accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING},
    responseType: 'buffer',
    // got's inflater has no output limit (gzip bombs): body-cap.ts inflates with one.
    decompress: false,
    // Every status reaches client.ts, after got's retries.
    throwHttpErrors: false,
    followRedirect: response => shouldFollow(response, options.prefixUrl),
    maxRedirects: 5,
    agent: agents,
    // got passes rejectUnauthorized to Node even when unset, which hides Node's own switch.
    ...(process.env['NODE_TLS_REJECT_UNAUTHORIZED'] === '0' ? {https: {rejectUnauthorized: false}} : {}),
    timeout: {
      lookup: options.connectTimeoutMs,
      connect: options.connectTimeoutMs,
      secureConnect: options.connectTimeoutMs,
      response: options.timeoutMs,
      // The whole exchange, body included: `response` only covers the wait for headers.
      request: options.connectTimeoutMs + options.timeoutMs,
    },
    retry: retryPolicy(options, trace),
    hooks: attemptHooks(options.retries + 1, trace, options.debug !== undefined),
  });
  return {send: request => send(client, options, trace, request)};
}

function tracer(debug: ((line: string) => void) | undefined, attempts: number): Trace {
  if (!debug) return () => {};
  return (state, method, href, outcome) => {
    if (state) state.traced = state.attempt;
    const ms = state ? Math.round(performance.now() - state.startedAt) : 0;
    debug(redact(`${method} ${href} -> ${outcome} in ${ms} ms (attempt ${state?.attempt ?? 1}/${attempts})`));
  };
}

/** got's `retry`: its limit and triggers, and a delay that applies the call's repeat rule and budget. */
function retryPolicy(options: TransportOptions, trace: Trace) {
  const backoff = {baseDelayMs: options.retryBaseDelayMs, maxDelayMs: options.maxRetryDelayMs};
  const calculateDelay = ({attemptCount, error, retryAfter, computedValue}: RetryObject): number => {
    const state = stateOf(error.options);
    // An HTTP answer was traced by afterResponse; a failure without one is traced here.
    if (error.name !== 'HTTPError') trace(state, error.options.method, String(error.options.url), readCode(error));
    if (computedValue === 0 || !state || !mayRepeat(state.request.policy ?? 'idempotent', error)) return 0;
    const delay = Math.max(1, retryAfter ? computedValue : retryDelayMs(attemptCount, backoff));
    // No retry that the call's total budget cannot wait for.
    if (performance.now() + delay >= (state.request.deadline ?? Infinity)) return 0;
    options.debug?.(`waiting ${delay} ms before attempt ${attemptCount + 1}${retryAfter ? ' (Retry-After)' : ''}`);
    // The upstream asked for quiet: every call sharing the pacer waits it out, not only this one.
    if (retryAfter && error.response?.statusCode === 429) state.request.pacer?.hold(delay);
    return delay;
  };
  return {
    limit: options.retries,
    methods: ['GET', 'POST'] as Method[],
    statusCodes: RETRYABLE_STATUSES,
    errorCodes: RETRYABLE_CODES,
    // A longer Retry-After cancels the retry: the answer is given at once instead.
    maxRetryAfter: options.maxRetryDelayMs,
    calculateDelay,
  };
}

/** got's hooks: `beforeRequest` counts attempts and tells onAttempt; the tracing ones only with --debug (each hook costs every request). */
function attemptHooks(attempts: number, trace: Trace, debugging: boolean): Partial<Hooks> {
  // Every exchange: the first, each retry, and each redirect of one (same retry count).
  const beforeRequest: BeforeRequestHook = async (opts, {retryCount}) => {
    const state = stateOf(opts);
    if (!state) return;
    if (state.request.pacer) await state.request.pacer.ready(state.request.signal);
    state.startedAt = performance.now();
    if (state.attempt === retryCount + 1 && state.announced) return;
    state.attempt = retryCount + 1;
    state.announced = true;
    state.request.onAttempt?.(state.attempt, attempts);
  };
  if (!debugging) return {beforeRequest: [beforeRequest]};
  return {
    beforeRequest: [beforeRequest],
    beforeRedirect: [
      (next, response) => {
        const from = response.request.options;
        trace(stateOf(from), from.method, response.url, `${response.statusCode} redirect to ${String(next.url)}`);
      },
    ],
    afterResponse: [
      (response: Response) => {
        const opts = response.request.options;
        const to = REDIRECT_STATUSES.has(response.statusCode) ? locationOf(response) : undefined;
        trace(stateOf(opts), opts.method, response.url, to ? `${response.statusCode} redirect to ${to.href}` : String(response.statusCode));
        return response;
      },
    ],
  };
}

/** One call through got: the answer as RawResponse, or a failure that holds no got options (and so no key). */
async function send(client: Got, options: TransportOptions, trace: Trace, request: SendRequest): Promise<RawResponse> {
  const {prefixUrl, maxResponseBytes} = options;
  const host = prefixUrl.host;
  const state: CallState = {request, attempt: 1, announced: false, startedAt: performance.now(), traced: 0};
  let status: number | undefined;
  try {
    const pending = client(request.path, {
      method: request.method,
      ...(request.searchParams ? {searchParams: request.searchParams} : {}),
      ...(request.json === undefined ? {} : {json: request.json}),
      signal: request.signal,
      context: {vigil: state},
    });
    // Node >= 24.20 would otherwise end a retried call with a second error (end-callback.ts).
    if (END_CALLBACK_FIX) pending.on('request', restoreEndCallback);
    capDownload(pending, state, host, maxResponseBytes);
    const response = await pending;
    status = response.statusCode;
    const done = {status, statusText: response.statusMessage ?? '', headers: response.headers, attempts: state.attempt};
    if (REDIRECT_STATUSES.has(status) && response.headers.location) return refusedRedirect(response, done, prefixUrl);
    const body = response.rawBody.length === 0 ? '' : await decodeBody(response.rawBody, response.headers['content-encoding'], maxResponseBytes, host).catch((error: unknown) => {
      // An error answer is told by its status: a body that cannot be decoded adds nothing.
      if (status !== undefined && status >= 300) return '';
      throw error;
    });
    return {...done, body};
  } catch (error) {
    if (request.signal.aborted && !isBudget(request.signal)) throw new InterruptedError();
    const failure = safeFailure(error, state, status ?? responseStatus(error), options);
    // An attempt ended by the budget or the size cap never reached calculateDelay.
    if (state.traced !== state.attempt) trace(state, request.method, `${prefixUrl.href}${request.path}${request.searchParams ? `?${request.searchParams}` : ''}`, failure instanceof NetworkFailure ? failure.code : failure.name);
    if (failure instanceof NetworkFailure) failure.attempts = state.attempt;
    throw failure;
  }
}

/**
 * got's recipe for a size limit, on the wire: watch the download, cancel past the cap. got
 * reports the Content-Length before the body (a larger one is refused then); a body that
 * declares its length cannot outgrow it (Node's parser stops there), so the watch ends at
 * once, and only a body without one (chunked) is counted chunk by chunk.
 */
function capDownload(pending: CancelableRequest, state: CallState, host: string, maxResponseBytes: number): void {
  // got tells the response only once its body is read: its socket's response, with the headers, is earlier.
  let status: number | undefined;
  pending.on('request', (request: {once(event: 'response', listener: (response: {statusCode?: number}) => void): unknown}) =>
    request.once('response', response => (status = response.statusCode)),
  );
  const watch = (progress: Progress) => {
    if (progress.transferred > maxResponseBytes || (progress.total ?? 0) > maxResponseBytes) {
      state.tooLarge ??= Object.assign(new ResponseTooLargeError(host, maxResponseBytes, 'compressed'), status === undefined ? {} : {status});
      pending.off('downloadProgress', watch);
      pending.cancel();
    } else if (progress.total !== undefined) {
      pending.off('downloadProgress', watch);
    }
  };
  pending.on('downloadProgress', watch);
}

/** A 3xx got did not follow (see shouldFollow): say why. */
function refusedRedirect(response: Response, done: Omit<RawResponse, 'body'>, prefixUrl: URL): RawResponse {
  const next = locationOf(response);
  if (!next) throw Object.assign(networkFailure({code: 'ERR_INVALID_URL'}, prefixUrl.host, true), {attempts: done.attempts});
  if (next.origin !== prefixUrl.origin) throw new CrossOriginRedirect(prefixUrl.origin, next.origin);
  // Same origin and not followed: a POST that is not safe to repeat (see shouldFollow).
  throw new RedirectAfterPost(response.statusCode, next.href);
}

function safeFailure(error: unknown, state: CallState, status: number | undefined, options: TransportOptions): Error {
  const success = status !== undefined && status >= 200 && status < 300 && (state.request.policy ?? 'idempotent') !== 'idempotent';
  const problem = state.tooLarge ?? (error instanceof VigilError ? error : undefined);
  if (problem) return success ? new UnreadableSuccess(status, problem) : problem;
  if (error instanceof CrossOriginRedirect || error instanceof RedirectAfterPost || error instanceof NetworkFailure) return error;
  const failure = toNetworkFailure(error, options);
  return success ? new UnreadableSuccess(status, failure) : failure;
}

/** Rebuilds a got error from its code, its timeout event and got's timings only. */
function toNetworkFailure(error: unknown, options: TransportOptions): NetworkFailure {
  const host = options.prefixUrl.host;
  const gotError = error as Partial<RequestError> & {event?: unknown};
  const sent = gotError.timings?.upload !== undefined;
  if (gotError.name === 'TimeoutError') {
    if (isBudget(stateOf(gotError.options)?.request.signal)) {
      return new NetworkFailure('ETIMEDOUT', sent ? 'maybe-sent' : 'not-sent', `no answer from ${host} within the call's time budget`);
    }
    if (NOT_SENT_TIMEOUTS.has(String(gotError.event)) && !sent) {
      return new NetworkFailure('ETIMEDOUT', 'not-sent', `could not connect to ${host} within ${options.connectTimeoutMs} ms`);
    }
    return new NetworkFailure('ETIMEDOUT', 'maybe-sent', `no response from ${host} within ${options.timeoutMs} ms`);
  }
  return networkFailure(error, host, sent);
}

/**
 * got follows a redirect only to the base URL's origin (host, port and scheme: https -> http
 * on the same host is refused too), so the key never travels elsewhere. After a POST that is
 * not safe to repeat (report create, review), only a 303 (got then sends a GET without the
 * body): any other would send the POST again, which may act twice. A redirect not followed
 * comes back as the response, and the transport refuses it by name.
 */
function shouldFollow(response: PlainResponse, origin: URL): boolean {
  const options = response.request.options;
  const policy = stateOf(options)?.request.policy ?? 'idempotent';
  if (policy !== 'idempotent' && options.method !== 'GET' && response.statusCode !== 303) return false;
  return locationOf(response)?.origin === origin.origin;
}

/** Where a redirect points; a Location arrives as latin1, read as UTF-8 as browsers (and got) do. */
function locationOf(response: PlainResponse): URL | undefined {
  const location = response.headers.location;
  if (!location) return undefined;
  try {
    return new URL(Buffer.from(location, 'latin1').toString('utf8'), response.url);
  } catch {
    return undefined;
  }
}

/** The call's total budget ran out (AbortSignal.timeout), as opposed to Ctrl+C. */
function isBudget(signal: AbortSignal | undefined): boolean {
  return (signal?.reason as {name?: unknown} | undefined)?.name === 'TimeoutError';
}

/** The mutually exclusive rule of RepeatRule: may this failure be sent again? */
function mayRepeat(policy: RepeatRule, error: RequestError): boolean {
  if (policy === 'idempotent') return true;
  const status = error.response?.statusCode;
  if (status !== undefined && error.name === 'HTTPError') return policy === 'unprocessed-only' && status === 429;
  // The body never fully left: the upstream cannot have acted on it.
  return error.timings?.upload === undefined;
}

function responseStatus(error: unknown): number | undefined {
  const status = (error as {response?: {statusCode?: unknown}} | undefined)?.response?.statusCode;
  return typeof status === 'number' ? status : undefined;
}
