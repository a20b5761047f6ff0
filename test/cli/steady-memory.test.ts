import {describe, expect, it} from 'vitest';
import {holdMemorySteady} from '../../src/cli/steady-memory.js';

/**
 * `reports list --all` holds its memory at the level it started with: a full collection
 * whenever the heap grew by the budget, one at a time, and no collecting in a loop when what
 * is live really grew. (bench:cli measures the effect on peak RSS.)
 */

const MiB = 2 ** 20;

/** A heap whose level the test sets; a collection frees garbage down to `live`, `lag` pages later. */
function fakeHeap(options: {lag?: number} = {}) {
  const heap = {level: 10 * MiB, live: 10 * MiB, collections: 0, finishIn: -1};
  const memory = holdMemorySteady({
    budgetBytes: 3 * MiB,
    measure: () => heap.level,
    collect: () => {
      heap.collections++;
      heap.finishIn = options.lag ?? 0;
      if (heap.finishIn === 0) heap.level = heap.live;
    },
  });
  /** One page: `grow` bytes more on the heap, then the stream's check. */
  const page = (grow: number) => {
    heap.level += grow;
    if (heap.finishIn > 0 && --heap.finishIn === 0) heap.level = heap.live;
    memory.afterPage();
  };
  return {heap, page};
}

describe('a long stream keeps its memory steady', () => {
  it('collects once the heap grew by the budget, and not before', () => {
    const {heap, page} = fakeHeap();
    page(2 * MiB);
    expect(heap.collections).toBe(0);
    page(1 * MiB);
    expect(heap.collections).toBe(1);
    expect(heap.level).toBe(10 * MiB);
  });

  it('over a long stream, collects about once per budget of growth', () => {
    const {heap, page} = fakeHeap();
    for (let i = 0; i < 100; i++) page(MiB / 2);
    // 50 MiB of growth, 3 MiB budget: 16 at most (the floor is read a page after each collection).
    expect(heap.collections).toBeGreaterThanOrEqual(13);
    expect(heap.collections).toBeLessThanOrEqual(16);
    expect(heap.level).toBeLessThan(13 * MiB);
  });

  it('asks once while a concurrent collection is still under way', () => {
    const {heap, page} = fakeHeap({lag: 3});
    page(3 * MiB);
    page(MiB / 2);
    page(MiB / 2);
    expect(heap.collections).toBe(1);
    page(MiB / 2); // finished: back to what is live
    expect(heap.level).toBe(10 * MiB);
    for (let i = 0; i < 5; i++) page(MiB / 2);
    expect(heap.collections).toBe(1);
    page(MiB / 2);
    expect(heap.collections).toBe(2);
  });

  it('when what is live grew, counts the budget from the new level instead of collecting every page', () => {
    const {heap, page} = fakeHeap();
    heap.live = 20 * MiB;
    page(10 * MiB);
    expect(heap.collections).toBe(1);
    for (let i = 0; i < 5; i++) page(MiB / 2);
    expect(heap.collections).toBe(1);
    page(MiB / 2);
    expect(heap.collections).toBe(2);
  });

  it('when the runtime offers no collection, does nothing', () => {
    let measured = 0;
    const memory = holdMemorySteady({collect: undefined, measure: () => ++measured * MiB * 10});
    memory.afterPage();
    expect(measured).toBe(1);
  });
});
