import {afterEach, describe, expect, it, vi} from 'vitest';
import {deadline} from '../../src/api/deadline.js';

describe('a call deadline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('aborts with a TimeoutError when its time is up, and says it expired', () => {
    vi.useFakeTimers();
    const limit = deadline(1_000, []);
    vi.advanceTimersByTime(999);
    expect(limit.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(limit.signal.aborted).toBe(true);
    expect((limit.signal.reason as Error).name).toBe('TimeoutError');
    expect(limit.expired).toBe(true);
  });

  it("aborts with a parent's reason when a parent aborts, without calling it expired", () => {
    const parent = new AbortController();
    const limit = deadline(60_000, [undefined, parent.signal]);
    parent.abort(new Error('Ctrl+C'));
    expect(limit.signal.aborted).toBe(true);
    expect((limit.signal.reason as Error).message).toBe('Ctrl+C');
    expect(limit.expired).toBe(false);
    limit.dispose();
  });

  it('starts aborted under a parent that already is', () => {
    const limit = deadline(60_000, [AbortSignal.abort(new Error('gone'))]);
    expect(limit.signal.aborted).toBe(true);
    expect((limit.signal.reason as Error).message).toBe('gone');
  });

  it('once disposed, neither its timer nor its parents abort it', () => {
    vi.useFakeTimers();
    const parent = new AbortController();
    const limit = deadline(1_000, [parent.signal]);
    limit.dispose();
    vi.advanceTimersByTime(5_000);
    parent.abort();
    expect(limit.signal.aborted).toBe(false);
    expect(limit.expired).toBe(false);
  });

  it('many calls in flight under one parent print no leak warning (the worker runs 50 at once)', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const parent = new AbortController();
      const limits = Array.from({length: 60}, () => deadline(60_000, [parent.signal]));
      await new Promise(resolve => setImmediate(resolve));
      parent.abort();
      expect(limits.every(limit => limit.signal.aborted)).toBe(true);
      for (const limit of limits) limit.dispose();
      expect(warnings.map(warning => warning.name)).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
