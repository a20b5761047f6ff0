/**
 * One AbortController per process, aborted by the first Ctrl+C (SIGINT). Every HTTP call
 * takes its signal, so an interrupt cancels in-flight requests; the command then exits 130.
 * A second Ctrl+C exits at once.
 */
interface InterruptState {
  controller: AbortController;
  /** The SIGINT listener installed, whichever build's copy of `interrupt` it is. */
  installed: (() => void) | undefined;
  interrupted: boolean;
}

// One per process, though the bootstrap, the fast path and Pastel's path are separate builds
// that each hold a copy of this module (scripts/build.mjs): the state lives on globalThis.
const key = Symbol.for('vigil.interrupt');
const state: InterruptState = ((globalThis as Record<symbol, unknown>)[key] as InterruptState | undefined) ??
  ((globalThis as Record<symbol, unknown>)[key] = {controller: new AbortController(), installed: undefined, interrupted: false} satisfies InterruptState) as InterruptState;
const controller = state.controller;

export const interruptSignal: AbortSignal = controller.signal;

export function wasInterrupted(): boolean {
  return state.interrupted;
}

/** Marks the process interrupted (also used when Ink receives Ctrl+C in raw mode). */
export function interrupt(): void {
  if (state.interrupted) {
    process.exit(130);
  }
  state.interrupted = true;
  process.exitCode = 130;
  controller.abort(new Error('interrupted'));
  // Whatever still holds the event loop (a socket, a timer) must not keep us alive.
  setTimeout(() => process.exit(130), 2000).unref();
}

export function installInterruptHandler(): void {
  if (state.installed) return;
  state.installed = interrupt;
  process.on('SIGINT', interrupt);
}

/** Takes the bootstrap's SIGINT listener off (the worker drains on a signal instead). */
export function removeInterruptHandler(): void {
  if (state.installed) process.off('SIGINT', state.installed);
  state.installed = undefined;
}
