import type {AttemptProgress} from '../api/client.js';
import type {OutputStream} from '../cli/io.js';
import {sanitizeText} from './sanitize.js';

/*
 * A slow upstream is never silent on a terminal: once a call has waited `afterMs`, one line on
 * stderr names the host and the attempt ("waiting for app.example (attempt 2 of 4)…"), is
 * rewritten when the attempt changes and erased when the call ends, so the command's own
 * output and the final error stay as they would be. Only on a terminal: a pipe or --json
 * gets nothing (the caller does not install it).
 */

/** How long a call waits before the line appears. */
export const WAITING_LINE_AFTER_MS = 2_000;

/** The line's text, without the escape sequences that place it. */
export function waitingText(progress: AttemptProgress): string {
  return `waiting for ${sanitizeText(progress.host)} (attempt ${progress.attempt} of ${progress.attempts})…`;
}

/**
 * The ApiClientOptions.onAttempt of a terminal: `progress` per attempt, undefined when a call
 * ends. Calls may overlap (doctor): the line stays until the last one ends.
 */
export function waitingLine(stderr: OutputStream, afterMs = WAITING_LINE_AFTER_MS): (progress: AttemptProgress | undefined) => void {
  let calls = 0;
  let current: AttemptProgress | undefined;
  let shown = false;
  let timer: NodeJS.Timeout | undefined;
  const draw = () => {
    timer = undefined;
    if (!current) return;
    stderr.write(`\r\u001b[2K${waitingText(current)}`);
    shown = true;
  };
  return progress => {
    if (progress) {
      if (progress.attempt === 1) calls++;
      current = progress;
      if (shown) draw();
      else if (!timer) {
        timer = setTimeout(draw, afterMs);
        // The line must never keep a finished process alive.
        timer.unref();
      }
      return;
    }
    calls = Math.max(0, calls - 1);
    if (calls > 0) return;
    clearTimeout(timer);
    timer = undefined;
    current = undefined;
    if (shown) stderr.write('\r\u001b[2K');
    shown = false;
  };
}
