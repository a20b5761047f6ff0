/**
 * One AbortController per process, aborted by the first Ctrl+C (SIGINT). Every HTTP call
 * takes its signal, so an interrupt cancels in-flight requests; the command then exits 130.
 * A second Ctrl+C exits at once.
 */
const controller = new AbortController();
let installed = false;
let interrupted = false;

export const interruptSignal: AbortSignal = controller.signal;

export function wasInterrupted(): boolean {
  return interrupted;
}

/** Marks the process interrupted (also used when Ink receives Ctrl+C in raw mode). */
export function interrupt(): void {
  if (interrupted) {
    process.exit(130);
  }
  interrupted = true;
  process.exitCode = 130;
  controller.abort(new Error('interrupted'));
  // Whatever still holds the event loop (a socket, a timer) must not keep us alive.
  setTimeout(() => process.exit(130), 2000).unref();
}

export function installInterruptHandler(): void {
  if (installed) return;
  installed = true;
  process.on('SIGINT', interrupt);
}
