import {gunzipSync} from 'node:zlib';
import {afterEach, describe, expect, it} from 'vitest';
import {KeptReady} from '../../src/metrics/kept-ready.js';
import {waitFor} from '../helpers/wait-for.js';

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
  it('builds on the first ask, serves what is ready after that, and rebuilds in the background', async () => {
    let version = 1;
    const {calls, build} = counted(() => [Buffer.from(`v ${version}\n`)]);
    kept = new KeptReady(build, {refreshMs: 100, idleMs: 60_000});
    expect(text(await kept.plain())).toBe('v 1\n');
    version = 2;
    // Asked again at once: the ready body, no build.
    expect(text(await kept.plain())).toBe('v 1\n');
    expect(calls.count).toBe(1);
    await waitFor('a background rebuild', async () => text(await kept!.plain()) === 'v 2\n');
    expect(calls.count).toBeGreaterThanOrEqual(2);
  });

  it('stops rebuilding when nobody asks, and the next ask waits for a fresh build', async () => {
    let clock = 0;
    let version = 1;
    const {calls, build} = counted(() => [Buffer.from(`v ${version}\n`)]);
    kept = new KeptReady(build, {refreshMs: 20, idleMs: 1000, now: () => clock});
    await kept.plain();
    await kept.plain(); // schedules the background rebuild
    clock = 5000; // idle: the next timer stops instead of building
    await new Promise(resolve => setTimeout(resolve, 100));
    const built = calls.count;
    await new Promise(resolve => setTimeout(resolve, 100));
    expect(calls.count).toBe(built);
    version = 3;
    expect(text(await kept.plain())).toBe('v 3\n');
  });

  it('rebuilds at the pace it is asked for, not every refreshMs, when asks are further apart', async () => {
    let clock = 1000;
    const {calls, build} = counted(() => [Buffer.from('x 1\n')]);
    kept = new KeptReady(build, {refreshMs: 20, idleMs: 60_000, now: () => clock});
    await kept.plain();
    clock += 400; // scraped every 400 ms
    await kept.plain();
    await new Promise(resolve => setTimeout(resolve, 150));
    // Timers fire late on a busy machine, never early: at 20 ms there would have been several builds.
    expect(calls.count).toBe(1);
    await waitFor('the rebuild one ask gap later', () => calls.count === 2);
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
