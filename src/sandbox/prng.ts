import {fnv1a32} from '../fnv1a.js';

/**
 * A small seeded PRNG (mulberry32 over an FNV-1a hash of the seed text), so `--seed demo`
 * yields the same orgs, reports and ids on every machine and every run. Math.random is
 * never used for data: a test or a demo script can rely on what it saw last time.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** true with probability p. */
  chance(p: number): boolean;
  /** Picks by weight: `weighted([['TODO', 3], ['CLOSED', 1]])`. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T;
}

export function createRng(seed: string): Rng {
  let state = fnv1a32(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: items => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)]!;
    },
    chance: p => next() < p,
    weighted: entries => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries[entries.length - 1]![0];
    },
  };
}
