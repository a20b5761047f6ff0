import type {OutputStream} from '../../cli/io.js';
import {painter, type StyleName} from '../../output/color.js';
import {sanitizeText} from '../../output/sanitize.js';
import {escapeTerminalControls} from '../../output/json.js';
import {redact} from '../../secrets.js';
import type {RunLogEntry} from '../../../jobs/processor.js';

/**
 * The worker's stderr: one line per run and one per lifecycle event. Readable columns on a
 * terminal; JSON lines otherwise, for log shippers (stable keys, ISO-8601 times).
 */

/**
 * How much an event needs a reader: `warn` for what keeps checks from running (an org the
 * key cannot reach, Redis lost, a failed reconcile), `info` for the rest.
 */
export type EventLevel = 'info' | 'warn';

/** How the worker's parts log an event (jobs/ takes it as a plain function). */
export type LogEvent = (message: string, fields?: Record<string, unknown>, level?: EventLevel) => void;

export interface WorkerLogger {
  run(entry: RunLogEntry): void;
  event: LogEvent;
}

const OUTCOME_STYLE: Record<RunLogEntry['outcome'], StyleName> = {ok: 'green', warn: 'yellow', fail: 'red', error: 'magenta'};

/** Numbers only on a terminal line: counts matter, echoed windows and labels are noise. */
function observedText(observed: Record<string, unknown> | undefined): string {
  return Object.entries(observed ?? {})
    .filter(([, value]) => typeof value === 'number')
    .map(([key, value]) => `${sanitizeText(key)}=${sanitizeText(String(value))}`)
    .join(' ');
}

export function formatRunLine(entry: RunLogEntry, options: {json: boolean; color: boolean}): string {
  if (options.json) {
    const {time, ...rest} = entry;
    const level = entry.outcome === 'ok' ? 'info' : entry.outcome === 'warn' ? 'warn' : 'error';
    return `${escapeTerminalControls(JSON.stringify({time: time.toISOString(), level, msg: 'run', ...rest}))}\n`;
  }
  const paint = painter(options.color);
  const parts = [
    paint('gray', entry.time.toISOString().slice(11, 19)),
    paint(OUTCOME_STYLE[entry.outcome], entry.outcome.toUpperCase().padEnd(5)),
    entry.check,
    entry.org,
  ];
  if (entry.outcome === 'error') {
    parts.push(`${entry.errorKind}: ${sanitizeText(entry.error ?? '')}`);
    const retry = entry.willRetry ? 'will retry' : 'no retry';
    parts.push(paint('gray', `(attempt ${entry.attempt}/${entry.attempts}, ${retry})`));
  } else {
    parts.push(observedText(entry.observed));
    if (entry.observedNotLogged !== undefined) parts.push(paint('gray', `(+${entry.observedNotLogged} observed keys not logged)`));
    if (entry.warnThreshold !== undefined || entry.failThreshold !== undefined) {
      parts.push(paint('gray', `(warn>=${entry.warnThreshold ?? '-'} fail>=${entry.failThreshold ?? '-'})`));
    }
    if (entry.attempt > 1) parts.push(paint('gray', `attempt ${entry.attempt}/${entry.attempts}`));
  }
  parts.push(paint('gray', `${entry.durationMs}ms`));
  return `${parts.join('  ')}\n`;
}

export function formatEventLine(time: Date, message: string, fields: Record<string, unknown>, options: {json: boolean; color: boolean}, level: EventLevel = 'info'): string {
  if (options.json) return `${escapeTerminalControls(JSON.stringify({time: time.toISOString(), level, msg: message, ...fields}))}\n`;
  const paint = painter(options.color);
  const detail = Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? sanitizeText(value) : JSON.stringify(value)}`)
    .join(' ');
  const text = level === 'warn' ? paint('yellow', `warning: ${message}`) : message;
  return `${paint('gray', time.toISOString().slice(11, 19))}  ${paint('cyan', 'vigil')}  ${text}${detail ? `  ${paint('gray', detail)}` : ''}\n`;
}

/**
 * Run lines are written together, at most RUN_LINES_MS after the first of them: at hundreds
 * of runs a second a write per line (a system call on a pipe) cost ~7% of the worker's CPU,
 * and a write per event-loop turn still ~3%, runs finishing one or two a turn
 * (docs/performance.md#worker). An event line first writes what is pending, so the order of
 * lines is kept, and the last line of a shutdown leaves nothing behind.
 */
export const RUN_LINES_MS = 25;

export function createWorkerLogger(stderr: OutputStream, options: {json: boolean; color: boolean}, now: () => Date = () => new Date()): WorkerLogger {
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const text = pending;
    pending = '';
    stderr.write(redact(text));
  };
  return {
    run: entry => {
      if (pending === '') setTimeout(flush, RUN_LINES_MS);
      pending += formatRunLine(entry, options);
    },
    event: (message, fields = {}, level = 'info') => {
      flush();
      stderr.write(redact(formatEventLine(now(), message, fields, options, level)));
    },
  };
}
