import type * as z from 'zod';
import {ApiError, ContractError, OutcomeUnknownError, UnavailableError} from '../errors.js';
import type {Endpoint, RawResponse} from './exchange.js';
import {CrossOriginRedirect, NetworkFailure, RedirectAfterPost, UnreadableSuccess} from './failures.js';
import {redactDeep} from './redact.js';
import {normalizeErrorBody, parseResponse} from './wire/index.js';

/*
 * What an answer or a failure of the transport becomes: the parsed body of a 2xx, or the
 * error the user reads, with the number of attempts, the budget, and for a call that is
 * not safe to repeat, whether it may have acted (or did) and the command that shows it.
 */

/** The environment variable that sets the budget in the CLI (docs/configuration.md). */
const TIMEOUT_ENV = 'VIGIL_TIMEOUT';

/** What explainFailure needs to know about the call. */
export interface FailedCall {
  endpoint: Pick<Endpoint<z.ZodType>, 'outcome'>;
  /** "GET organization/reports", for messages. */
  what: string;
  host: string;
  budgetMs: number;
  /** The call's signal. */
  signal: AbortSignal;
  /** Whether the call's budget ran out (rather than a caller's signal aborting). */
  budgetSpent: boolean;
}

/** Turns what the transport threw into the error the user reads. */
export function explainFailure(error: unknown, call: FailedCall): unknown {
  const {endpoint, what, signal, budgetSpent} = call;
  const outcome = endpoint.outcome;
  if (error instanceof NetworkFailure) {
    const maybeActed = outcome && error.phase === 'maybe-sent';
    let failure = `${what}: ${error.message}${afterAttempts(error.attempts)}`;
    if (budgetSpent) {
      failure = `${what}: no answer from ${call.host} within ${formatMs(call.budgetMs)}${afterAttempts(error.attempts)}`;
      if (!maybeActed) return new UnavailableError(failure, undefined, `the budget of every call, retries included, is set with --timeout or ${TIMEOUT_ENV} (e.g. 2m); add --debug to see each attempt`);
    } else if ((signal.reason as {name?: unknown} | undefined)?.name === 'TimeoutError') {
      // A caller's deadline (AbortSignal.timeout) is a timeout, not the user pressing Ctrl+C.
      failure = `${what}: no response before the caller's deadline`;
    }
    if (maybeActed) return new OutcomeUnknownError(`${failure}; ${outcome.what}`, outcome.check);
    return new UnavailableError(failure);
  }
  if (error instanceof CrossOriginRedirect) {
    return new UnavailableError(`${error.message}; vigil does not send the API key to another origin. If the API really moved, use the new address as --base-url`);
  }
  if (error instanceof RedirectAfterPost) {
    if (outcome) return new OutcomeUnknownError(`${what}: ${error.message}; ${outcome.what}`, outcome.check, error.status);
    return new UnavailableError(`${what}: ${error.message}`);
  }
  if (error instanceof UnreadableSuccess) {
    if (outcome) return new ContractError(what, [`${error.message}; ${outcome.acted}`], outcome.show);
    return error.problem instanceof NetworkFailure ? explainFailure(error.problem, call) : error.problem;
  }
  return error;
}

/** A 2xx's body; when the schema refuses it after a call that acts, say that it did act. */
export function parseSuccess<S extends z.ZodType>(endpoint: Pick<Endpoint<S>, 'schema' | 'read' | 'outcome'>, response: RawResponse, what: string): z.output<S> {
  try {
    return parseBody(endpoint, response, what);
  } catch (error) {
    const outcome = endpoint.outcome;
    if (!(error instanceof ContractError) || !outcome) throw error;
    throw new ContractError(what, [`${error.message.replace(/^unexpected response from [^:]*: /, '')}; ${outcome.acted}`], outcome.show);
  }
}

export function failedStatus(endpoint: Pick<Endpoint<z.ZodType>, 'outcome'>, response: RawResponse): Error {
  const body = redactDeep(normalizeErrorBody(response.status, response.statusText, response.body));
  body.message += afterAttempts(response.attempts);
  if (endpoint.outcome && response.status >= 500) {
    return new OutcomeUnknownError(`${body.message} (HTTP ${body.status} ${body.code}); ${endpoint.outcome.what}`, endpoint.outcome.check, body.status);
  }
  return new ApiError(body);
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

/** 60000 -> "60 s", 1500 -> "1.5 s", 250 -> "250 ms". */
function formatMs(ms: number): string {
  return ms >= 1_000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
