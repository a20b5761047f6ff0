import {getEventListeners} from 'node:events';
import {describe, expect, it} from 'vitest';
import {isRetryableCode, isRetryableStatus, parseRetryAfter, retryDelayMs, sleep} from '../../src/api/retry.js';
import {isLoopbackHost} from '../../src/api/url-guard.js';
import {InterruptedError} from '../../src/errors.js';

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

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T04:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('1.5', now)).toBe(1_500);
    expect(parseRetryAfter('Sun, 22 Nov 2026 04:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 03:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(['5', '9'], now)).toBe(5_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-3', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('reads Retry-After seconds with spaces around them and any number of decimals, nothing after them', () => {
    expect(parseRetryAfter(' 120 ')).toBe(120_000);
    expect(parseRetryAfter(['\t2\t'])).toBe(2_000);
    expect(parseRetryAfter('1.25')).toBe(1_250);
    expect(parseRetryAfter('120 seconds')).toBeUndefined();
    expect(parseRetryAfter('   ')).toBeUndefined();
  });

  it('backoff: exponential, half jitter, capped; Retry-After wins but is capped', () => {
    const opts = {baseDelayMs: 100, maxDelayMs: 1_000};
    expect([1, 2, 3, 4, 5].map(n => retryDelayMs(n, opts, undefined, () => 0))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map(n => retryDelayMs(n, opts, undefined, () => 1))).toEqual([100, 200, 400, 800, 1_000]);
    expect(retryDelayMs(1, opts, 700)).toBe(700);
    expect(retryDelayMs(1, opts, 60_000)).toBe(1_000);
  });

  it('sleep rejects with InterruptedError on abort', async () => {
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(InterruptedError);
    await expect(sleep(1)).resolves.toBeUndefined();
  });

  it('sleep with a signal already aborted rejects at once instead of waiting', async () => {
    const started = performance.now();
    await expect(sleep(5_000, AbortSignal.abort())).rejects.toBeInstanceOf(InterruptedError);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('sleep leaves no listener on a signal it shares, whether it slept or was interrupted', async () => {
    // A worker passes one signal to every wait of a run: a listener left per wait would pile up.
    const controller = new AbortController();
    for (let i = 0; i < 3; i++) await sleep(1, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    const interrupted = sleep(10_000, controller.signal);
    controller.abort();
    await expect(interrupted).rejects.toBeInstanceOf(InterruptedError);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
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
