import {gunzipSync} from 'node:zlib';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {KeptReady} from '../../src/metrics/kept-ready.js';

let kept: KeptReady | undefined;
afterEach(() => kept?.stop());

/** A build that returns `parts()` and counts itself. */
function counted(parts: () => Buffer[]) {
  const calls = {count: 0};
  return {
    calls,
    build: async () => {
      calls.count++;
      return parts();
    },
  };
}

const text = (parts: readonly Buffer[]) => Buffer.concat(parts).toString();

describe('a body kept built', () => {
  // Time is the subject: fake timers (Date included) move it exactly, and a build that did
  // not happen shows as a count that stayed, with no timer left to run it.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('builds on the first ask, serves what is ready after that, and rebuilds in the background', async () => {
    let version = 1;
    const {calls, build} = counted(() => [Buffer.from(`v ${version}\n`)]);
    kept = new KeptReady(build, {refreshMs: 100, idleMs: 60_000});
    expect(text(await kept.plain())).toBe('v 1\n');
    version = 2;
    // Asked again at once: the ready body, no build.
    expect(text(await kept.plain())).toBe('v 1\n');
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.count).toBe(2);
    expect(text(await kept.plain())).toBe('v 2\n');
  });

  it('stops rebuilding when nobody asks, and the next ask waits for a fresh build', async () => {
    let version = 1;
    const {calls, build} = counted(() => [Buffer.from(`v ${version}\n`)]);
    kept = new KeptReady(build, {refreshMs: 20, idleMs: 1000});
    await kept.plain();
    await kept.plain(); // schedules the background rebuild
    // Rebuilt every 20 ms while asked within idleMs...
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.count).toBeGreaterThanOrEqual(20);
    // ...then, a timer after idleMs without an ask, nothing is left to run.
    await vi.advanceTimersByTimeAsync(600);
    const built = calls.count;
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.count).toBe(built);
    version = 3;
    expect(text(await kept.plain())).toBe('v 3\n');
    expect(calls.count).toBe(built + 1);
  });

  it('rebuilds at the pace it is asked for, not every refreshMs, when asks are further apart', async () => {
    const {calls, build} = counted(() => [Buffer.from('x 1\n')]);
    kept = new KeptReady(build, {refreshMs: 20, idleMs: 60_000});
    await kept.plain();
    await vi.advanceTimersByTimeAsync(400); // scraped every 400 ms
    await kept.plain();
    // At 20 ms there would have been nearly twenty builds by now.
    await vi.advanceTimersByTimeAsync(399);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.count).toBe(2);
  });

  it('builds on every ask with refreshMs 0, one build for asks that arrive together', async () => {
    const {calls, build} = counted(() => [Buffer.from('x 1\n')]);
    kept = new KeptReady(build, {refreshMs: 0, idleMs: 1000});
    await Promise.all([kept.plain(), kept.plain(), kept.plain()]);
    expect(calls.count).toBe(1);
    await kept.plain();
    expect(calls.count).toBe(2);
  });
});

describe('its gzip form', () => {
  it('decodes to the plain body, and keeps the compressed bytes of segments that did not change', async () => {
    // 40 parts of 64 KiB: several segments of ~256 KiB.
    const parts = Array.from({length: 40}, (_, i) => Buffer.from(`series_${i}{a="b"} ${i}\n`.repeat(3000)));
    let current = parts;
    kept = new KeptReady(async () => current, {refreshMs: 0, idleMs: 1000});
    const first = await kept.gzip();
    expect(first.length).toBeGreaterThan(2);
    expect(gunzipSync(Buffer.concat(first)).equals(Buffer.concat(parts))).toBe(true);
    expect(Buffer.concat(first).length).toBeLessThan(Buffer.concat(parts).length / 10);
    // One part changed: only its segment is compressed again.
    current = [...parts.slice(0, 39), Buffer.from('changed 1\n')];
    const second = await kept.gzip();
    expect(gunzipSync(Buffer.concat(second)).equals(Buffer.concat(current))).toBe(true);
    expect(second.slice(0, -1)).toEqual(first.slice(0, -1));
    expect(second.slice(0, -1).every((member, i) => member === first[i])).toBe(true);
    expect(second.at(-1)).not.toBe(first.at(-1));
  });
});
