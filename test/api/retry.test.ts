import {describe, expect, it} from 'vitest';
import {RETRYABLE_CODES, RETRYABLE_STATUSES, isRetryableCode, isRetryableStatus, retryDelayMs} from '../../src/api/retry.js';
import {isLoopbackHost} from '../../src/api/url-guard.js';

describe('retry policy', () => {
  it('retries 5xx and 429 only', () => {
    expect([500, 502, 503, 504, 429].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 413, 422, 301].some(isRetryableStatus)).toBe(false);
  });

  it('retries transient network codes, not a misspelt host', () => {
    expect(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EAI_AGAIN', 'EPIPE'].every(isRetryableCode)).toBe(true);
    expect(isRetryableCode('ENOTFOUND')).toBe(false);
    expect(isRetryableCode('CERT_HAS_EXPIRED')).toBe(false);
  });

  it('backoff: exponential, half jitter, capped', () => {
    const opts = {baseDelayMs: 100, maxDelayMs: 1_000};
    expect([1, 2, 3, 4, 5].map(n => retryDelayMs(n, opts, () => 0))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map(n => retryDelayMs(n, opts, () => 1))).toEqual([100, 200, 400, 800, 1_000]);
  });

  it.each(['ETIMEDOUT', 'ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'EPIPE', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EADDRINUSE'])(
    'retries %s, a failure that may pass',
    code => {
      expect(isRetryableCode(code)).toBe(true);
    },
  );

  it("got's lists are the same rules", () => {
    expect(RETRYABLE_STATUSES.every(isRetryableStatus)).toBe(true);
    expect(RETRYABLE_STATUSES).toEqual(expect.arrayContaining([429, 500, 503, 599]));
    expect(RETRYABLE_CODES.every(isRetryableCode)).toBe(true);
  });
});

describe('loopback hosts', () => {
  it.each(['localhost', '127.0.0.1', '127.255.0.9', '[::1]', '::1', '[::ffff:7f00:1]'])('%s is loopback', host => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  it.each(['example.com', '128.0.0.1', '10.0.0.1', '127.example.com', 'localhost.example.com', '[::2]', '[::ffff:a00:1]'])('%s is not', host => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});
