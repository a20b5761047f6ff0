import {describe, expect, it} from 'vitest';
import {forgetMemos, memo} from '../src/memo.js';

describe('memo', () => {
  it('builds on first use, once', () => {
    let builds = 0;
    const value = memo(() => ({n: ++builds}));
    expect(builds).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(builds).toBe(1);
  });

  it('builds again after forgetMemos (mutation testing rebuilds schemas per test)', () => {
    let builds = 0;
    const value = memo(() => ++builds);
    expect(value()).toBe(1);
    forgetMemos();
    expect(value()).toBe(2);
    expect(value()).toBe(2);
  });
});
