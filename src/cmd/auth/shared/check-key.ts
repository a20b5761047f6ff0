import {createApiClient} from '../../../api/client.js';
import type {CommandContext} from '../../../cli/context.js';
import {ApiError, VigilError} from '../../../errors.js';
import {ExitCode} from '../../../exit-codes.js';

/** What one live check of a key found. */
export type KeyVerdict =
  | {result: 'accepted'}
  /** A valid key without access to the org it was checked against (403). */
  | {result: 'no-access'; org: string}
  /** The upstream answered 401. */
  | {result: 'rejected'; message: string}
  /** No answer that says anything about the key: network, timeout, 5xx, a 404 from a wrong base URL. */
  | {result: 'unreachable'; message: string};

/** A check is a single question, answered quickly: one retry at most, 10 s to answer. */
const CHECK_CLIENT = {retries: 1, timeoutMs: 10_000, connectTimeoutMs: 5_000} as const;

/**
 * Asks the upstream whether it accepts `apiKey`, with one cheap authenticated request (a
 * one-report page of the listing; see keyCheckQuery). Never throws for an answer about the
 * key; a bad base URL (InputError) and Ctrl+C (InterruptedError) still throw.
 */
export async function checkKeyLive(apiKey: string, baseUrl: string, org: string | undefined, ctx: CommandContext): Promise<KeyVerdict> {
  return keyChecker(apiKey, baseUrl, ctx)(org);
}

/**
 * checkKeyLive for many orgs on one client (the worker asks once per org of its file: a
 * client per question would be a connection pool and a transport per org).
 */
export function keyChecker(apiKey: string, baseUrl: string, ctx: CommandContext): (org: string | undefined) => Promise<KeyVerdict> {
  const client = createApiClient({baseUrl, apiKey, ...CHECK_CLIENT, ...ctx.clientOptions()});
  return async org => {
    try {
      const found = await client.checkKey(org, {signal: ctx.signal});
      return found === 'no-access' ? {result: 'no-access', org: org ?? ''} : {result: 'accepted'};
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.status === 401) return {result: 'rejected', message: error.message};
        if (error.status === 404) return {result: 'unreachable', message: `${baseUrl} answered 404 (${error.message}); does the base URL end in /api/v2?`};
        return {result: 'unreachable', message: `the upstream answered ${error.status}: ${error.message}`};
      }
      if (error instanceof VigilError && error.exitCode === ExitCode.Unavailable) return {result: 'unreachable', message: error.message};
      throw error;
    }
  };
}

/** What to do about a rejected key, the same from `auth status` and from the worker. */
export const REJECTED_KEY_HINT = 'log in again with a valid key: `vigil auth login`';

/** The upstream refused the key (exit 2). */
export class KeyRejectedError extends VigilError {
  constructor(detail: string, hint: string) {
    super(`the upstream rejected this API key (401: ${detail})`, {exitCode: ExitCode.Auth, hint});
  }
}

/** The key could not be checked (exit 8). */
export class KeyUncheckedError extends VigilError {
  constructor(detail: string, hint: string) {
    super(`could not check the API key: ${detail}`, {exitCode: ExitCode.Unavailable, hint});
  }
}
