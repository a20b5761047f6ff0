import {getHeapStatistics, setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';

/**
 * Keeps a long stream (`reports list --all`) at the memory it started with, however many
 * pages it writes. Left alone, V8 lets such a stream grow ~1.8x from 1k to 100k reports
 * although nothing is kept: it enlarges the young generation under a steady allocation
 * rate (8 to 32 MiB), and the socket buffers and page objects that lived through two minor
 * collections wait in the old generation and as ArrayBuffers for a full collection that,
 * with so little live data, comes late. Two levers, both pulled only once a stream starts:
 * the young generation stops growing, and a full collection runs whenever what the heap and
 * the buffers hold has grown by `budgetBytes` since the last one.
 *
 * It is a trade of time for memory, measured at 100k reports (docs/performance.md): the
 * young generation's cap alone costs nothing and leaves 1.48x; the collections bring it to
 * ~1.1x for ~20% more time at a 4 MiB budget (3 MiB: 1.07x, +33%; 6 MiB: 1.22x, +12%).
 */

export interface SteadyMemoryOptions {
  /** Growth of heap + external memory that triggers a full collection. Default 4 MiB. */
  budgetBytes?: number;
  /** What the heap and buffers hold now. Default: V8's used heap + external memory (~1 µs, no /proc read). */
  measure?: () => number;
  /** Runs a full collection; undefined when the runtime offers none (then only the first lever applies). */
  collect?: (() => void) | undefined;
}

export interface SteadyMemory {
  /** Call after each page is written: collects if the budget is spent. */
  afterPage(): void;
}

const DEFAULT_BUDGET = 4 * 2 ** 20;

export function holdMemorySteady(options: SteadyMemoryOptions = {}): SteadyMemory {
  const measure = options.measure ?? heapAndBuffers;
  // A caller that brings its own collection (the specs) is not on V8's heap: neither lever
  // touches the process then.
  const onV8 = !('collect' in options);
  const collect = onV8 ? fullCollection() : options.collect;
  const budget = options.budgetBytes ?? DEFAULT_BUDGET;
  if (onV8) setFlagsFromString('--semi-space-growth-factor=1');
  // The level a collection brought the heap back to; the budget counts from there.
  let floor = measure();
  // The level when the last collection was asked for, until it is seen to have finished (it
  // runs concurrently, so the heap drops a few pages later).
  let asked: number | undefined;
  return {
    afterPage() {
      if (!collect) return;
      const now = measure();
      if (asked !== undefined) {
        // Nothing freed yet: still marking, unless it grew a whole budget meanwhile, which
        // means what is live grew (then that is the new floor, and collecting goes on).
        if (now >= asked && now - asked < budget) return;
        floor = now < asked ? now : asked;
        asked = undefined;
      }
      if (now - floor >= budget) {
        collect();
        asked = now;
      }
    },
  };
}

function heapAndBuffers(): number {
  const stats = getHeapStatistics();
  return stats.used_heap_size + stats.external_memory;
}

/**
 * V8's gc(), exposed at run time (the flag only adds the function to new contexts), asked
 * for a concurrent full collection: marking runs on a helper thread while pages go on.
 */
function fullCollection(): (() => void) | undefined {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
  return typeof gc === 'function' ? () => (gc as (o: object) => void)({type: 'major', execution: 'async'}) : undefined;
}
