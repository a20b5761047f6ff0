import {describe, expect, it} from 'vitest';
import {RETRYABLE_CODES, RETRYABLE_STATUSES, retryDelayMs} from '../../src/api/retry.js';
import {isLoopbackHost} from '../../src/api/url-guard.js';

describe('retry policy', () => {
  it('retries 5xx and 429 only', () => {
    expect(RETRYABLE_STATUSES).toEqual(expect.arrayContaining([429, 500, 502, 503, 504, 599]));
    expect(RETRYABLE_STATUSES.filter(status => status < 500)).toEqual([429]);
    expect(Math.max(...RETRYABLE_STATUSES)).toBe(599);
  });

  it('retries transient network codes, not a misspelt host or a TLS failure', () => {
    expect([...RETRYABLE_CODES].sort()).toEqual(['EADDRINUSE', 'EAI_AGAIN', 'ECONNABORTED', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETDOWN', 'ENETUNREACH', 'EPIPE', 'ETIMEDOUT']);
    expect(RETRYABLE_CODES).not.toContain('ENOTFOUND');
    expect(RETRYABLE_CODES).not.toContain('CERT_HAS_EXPIRED');
  });

  it('backoff: exponential, half jitter, capped', () => {
    const opts = {baseDelayMs: 100, maxDelayMs: 1_000};
    expect([1, 2, 3, 4, 5].map(n => retryDelayMs(n, opts, () => 0))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map(n => retryDelayMs(n, opts, () => 1))).toEqual([100, 200, 400, 800, 1_000]);
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
