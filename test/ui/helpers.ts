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

/** Polls until `check` stops throwing (renders and fetches settle at their own pace). */
export async function waitFor(check: () => void, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await tick(10);
    }
  }
}
