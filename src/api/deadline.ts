import {setMaxListeners} from 'node:events';

/*
 * A call's signal: aborted when any of its parents is (Ctrl+C, a forced shutdown, a caller's
 * own signal), or with a TimeoutError once its time is up. One AbortController, one timer and
 * a listener per parent, all released by `dispose()` when the call is over: the
 * `AbortSignal.timeout` + `AbortSignal.any` pair it replaces cost the worker two timers, weak
 * references and finalizer registrations per run, a run being two such signals (the
 * processor's timeout and the client's budget), ~3% of its CPU (docs/performance.md#worker).
 */

export interface Deadline {
  signal: AbortSignal;
  /** Whether the time ran out (as opposed to a parent aborting). */
  readonly expired: boolean;
  /** Clears the timer and leaves the parents; the signal stays as it is. Call it when the call is over. */
  dispose(): void;
}

// A long-lived parent (the CLI's Ctrl+C signal, the worker's forced shutdown) carries a
// listener per call in flight: dozens at the worker's concurrency, each removed by dispose().
// Node would warn of a leak past 10, on stderr, where a user reads it.
const unlimited = new WeakSet<AbortSignal>();

export function deadline(ms: number, parents: ReadonlyArray<AbortSignal | undefined>): Deadline {
  const controller = new AbortController();
  let expired = false;
  const present = parents.filter((parent): parent is AbortSignal => parent !== undefined);
  const onAbort = function (this: AbortSignal) {
    controller.abort(this.reason);
  };
  const aborted = present.find(parent => parent.aborted);
  if (aborted) controller.abort(aborted.reason);
  for (const parent of present) {
    if (!unlimited.has(parent)) {
      setMaxListeners(0, parent);
      unlimited.add(parent);
    }
    parent.addEventListener('abort', onAbort);
  }
  // As AbortSignal.timeout's: a pending deadline does not keep the process alive by itself.
  const timer = aborted
    ? undefined
    : setTimeout(() => {
        expired = true;
        controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
      }, ms);
  timer?.unref();
  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    dispose() {
      clearTimeout(timer);
      for (const parent of present) parent.removeEventListener('abort', onAbort);
    },
  };
}
