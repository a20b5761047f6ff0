import {useCallback, useEffect, useLayoutEffect, useRef, useState} from 'react';
import {useApp, useInput} from 'ink';

/**
 * How an interactive screen ends: with an exit code once its last frame is on screen, or
 * interrupted. Injected so tests observe the outcome without touching the real process.
 */
export interface SessionEnd {
  /** The screen finished: the command exits with `code`. */
  done(code: number): void;
  /**
   * Ctrl+C: sets exit code 130 and aborts in-flight requests (src/cli/interrupt.ts). `note`,
   * a line for stderr once the screen is gone: what the interrupt left undone or unknown.
   */
  interrupt(note?: string): void;
}

/**
 * The end of an interactive screen, done right for Ink:
 * - `finish(code)` renders first and reports the code from an effect, because an exit in
 *   the same tick as the last setState loses the final frame;
 * - Ctrl+C: Pastel renders with Ink's exitOnCtrlC, so Ink restores the terminal and
 *   unmounts us without telling anyone (exit code 0). An unmount we did not ask for is
 *   therefore a Ctrl+C and becomes `interrupt()`. Where Ink passes Ctrl+C on to input
 *   handlers instead (exitOnCtrlC off, as in tests), we see it here and unmount the same way.
 */
export function useSession(end: SessionEnd): {finish(code: number): void; finished: boolean} {
  const {exit} = useApp();
  const [code, setCode] = useState<number | null>(null);
  const settled = useRef(false);
  const endRef = useRef(end);
  endRef.current = end;

  // Unmount (which restores the terminal); the cleanup below then interrupts. A Ctrl+C
  // that reached the terminal in one read with other keys arrives inside `input`.
  useInput((input, key) => {
    if (((key.ctrl && input === 'c') || input.includes('\u0003')) && !settled.current) exit();
  });

  useEffect(() => {
    if (code === null) return;
    endRef.current.done(code);
  }, [code]);

  // A layout effect's cleanup runs synchronously while Ink unmounts, before the process
  // can run out of work and exit with code 0.
  useLayoutEffect(
    () => () => {
      if (!settled.current) {
        settled.current = true;
        endRef.current.interrupt();
      }
    },
    [],
  );

  const finish = useCallback((exitCode: number) => {
    settled.current = true;
    setCode(current => current ?? exitCode);
  }, []);
  return {finish, finished: code !== null};
}
