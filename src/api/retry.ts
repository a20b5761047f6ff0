import {InterruptedError} from '../errors.js';

/*
 * When to try again and how long to wait. Pure functions plus an abortable sleep, so the
 * policy is testable without a server.
 */

export interface BackoffOptions {
  /** Delay before the first retry; doubles each time. */
  baseDelayMs: number;
  /** Upper bound of any one wait, including a Retry-After the upstream asked for. */
  maxDelayMs: number;
}

/** 5xx and 429 mean "not now", never "wrong request": retry them. Other statuses are final. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * Network failures worth another attempt. ENOTFOUND is left out on purpose: a misspelt
 * host fails the same way every time, so the user hears about it at once; EAI_AGAIN is the
 * transient DNS failure. ECONNREFUSED is retried (a server restarting) but, like all the
 * others, only within the bounded number of retries.
 */
const RETRYABLE_CODES = new Set([
  'ETIMEDOUT', 'ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'EPIPE', 'EAI_AGAIN',
  'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EADDRINUSE',
]);

export function isRetryableCode(code: string): boolean {
  return RETRYABLE_CODES.has(code);
}

/**
 * `Retry-After` in milliseconds from now: delta-seconds (`120`, `1.5`) or an HTTP date.
 * Undefined when absent or unparseable; never negative.
 */
export function parseRetryAfter(header: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  // An HTTP date always names its month; this keeps Date.parse from reading "-3" as a year.
  if (!/[a-z]/i.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * Wait before retry number `retry` (1-based): exponential backoff with "equal jitter" (half
 * fixed, half random) so a fleet of workers does not retry in lockstep, yet never waits ~0.
 * A Retry-After from the upstream wins over the computed value; both are capped.
 */
export function retryDelayMs(
  retry: number,
  options: BackoffOptions,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, options.maxDelayMs);
  const exponential = Math.min(options.baseDelayMs * 2 ** (retry - 1), options.maxDelayMs);
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

/** Resolves after `ms`, or rejects with InterruptedError as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new InterruptedError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new InterruptedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, {once: true});
  });
}
