import {vi} from 'vitest';
import type {SessionEnd} from '../../src/ui/hooks/use-session.js';

/** Lets Ink render and process input; ESC needs longer (Ink waits to see if a sequence follows). */
export const tick = (ms = 30) => new Promise(resolve => setTimeout(resolve, ms));

export const KEYS = {
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  enter: '\r',
  escape: '\u001b',
  ctrlC: '\u0003',
  backspace: '\u007f',
  space: ' ',
};

/** A SessionEnd that records how the screen ended instead of touching the process. */
export function fakeEnd(): SessionEnd & {codes: number[]; interrupts: number} {
  const end = {
    codes: [] as number[],
    interrupts: 0,
    done(code: number) {
      end.codes.push(code);
    },
    interrupt() {
      end.interrupts += 1;
    },
  };
  return end;
}

/** Retries `check` until it stops throwing (renders and fetches settle at their own pace); on timeout the last failed assertion is the error. */
export async function waitFor(check: () => void, timeoutMs = 2000): Promise<void> {
  await vi.waitFor(check, {timeout: timeoutMs, interval: 10});
}
