import {act} from 'react';
import type {SessionEnd} from '../../src/ui/hooks/use-session.js';

/**
 * Runs `step` (a render, a key; synchronous) inside React's act, so all it sets off in React has
 * run when this resolves: the frame is drawn and the effects have run (the next prompt's key
 * handler is attached, a fetch is started), on a machine of any speed. Work that finishes
 * later (a page arriving) is waited for with vi.waitFor(check, SETTLE).
 */
export async function settled<T>(step: () => T): Promise<T> {
  const env = globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean};
  // Only inside act: a page arriving later is not an update React should warn about.
  env.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    let result: T;
    await act(async () => {
      // Renders scheduled before this (a page that arrived) finish first, so a key typed
      // now reaches the component on screen.
      await new Promise(resolve => setImmediate(resolve));
      result = step();
      // Ink tells a lone ESC from the start of a sequence one event-loop turn later.
      await new Promise(resolve => setImmediate(resolve));
    });
    return result!;
  } finally {
    env.IS_REACT_ACT_ENVIRONMENT = false;
  }
}

/** Types keys one write at a time, each handled (and its effects run) before the next. */
export async function press(app: {stdin: {write(data: string): void}}, ...keys: string[]): Promise<void> {
  for (const key of keys) await settled(() => app.stdin.write(key));
}

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
export function fakeEnd(): SessionEnd & {codes: number[]; interrupts: number; notes: string[]} {
  const end = {
    codes: [] as number[],
    interrupts: 0,
    /** What each interrupt said it left (SessionEnd.interrupt's note). */
    notes: [] as string[],
    done(code: number) {
      end.codes.push(code);
    },
    interrupt(note?: string) {
      end.interrupts += 1;
      if (note !== undefined) end.notes.push(note);
    },
  };
  return end;
}

/** vi.waitFor's options for a render or a fetch to settle: under a loaded machine 1 s (its default) is short, and a frame is checked every 10 ms. */
export const SETTLE = {timeout: 2000, interval: 10};
