/*
 * What is worth another attempt and how long to wait, as got's `retry` options take them
 * (got-transport.ts). Pure, so the policy is testable without a server; got itself honours
 * Retry-After and sleeps, abortably.
 */

export interface BackoffOptions {
  /** Delay before the first retry; doubles each time. */
  baseDelayMs: number;
  /** Upper bound of any one computed wait. */
  maxDelayMs: number;
}

/** 5xx and 429 mean "not now", never "wrong request": retry them (got's `retry.statusCodes`). Other statuses are final. */
export const RETRYABLE_STATUSES = [429, ...Array.from({length: 100}, (_, i) => 500 + i)];

/**
 * Network failures worth another attempt. ENOTFOUND is left out on purpose: a misspelt
 * host fails the same way every time, so the user hears about it at once; EAI_AGAIN is the
 * transient DNS failure. ECONNREFUSED is retried (a server restarting) but, like all the
 * others, only within the bounded number of retries.
 */
export const RETRYABLE_CODES = [
  'ETIMEDOUT', 'ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'EPIPE', 'EAI_AGAIN',
  'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EADDRINUSE',
];

/**
 * Wait before retry number `retry` (1-based): exponential backoff with "equal jitter" (half
 * fixed, half random) so a fleet of workers does not retry in lockstep, yet never waits ~0.
 * Capped at maxDelayMs. A Retry-After from the upstream is got's to honour (maxRetryAfter).
 */
export function retryDelayMs(
  retry: number,
  options: BackoffOptions,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(options.baseDelayMs * 2 ** (retry - 1), options.maxDelayMs);
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
