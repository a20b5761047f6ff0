import {describe, expect, it, vi} from 'vitest';
import {createWorkerLogger, formatRunLine, formatEventLine, RUN_LINES_MS} from '../../../src/cmd/worker/log.js';
import {clearSecrets, registerSecret} from '../../../src/secrets.js';
import type {RunLogEntry} from '../../../jobs/processor.js';

describe('worker log lines', () => {
  const entry: RunLogEntry = {
    time: new Date('2026-11-22T04:00:00Z'), jobId: 'repeat:x:1', check: 'takedowns.cancelled-count', org: 'acme', outcome: 'error', attempt: 1, attempts: 4,
    durationMs: 12, warnThreshold: 3, failThreshold: 10, errorKind: 'server_error', error: 'HTTP 500 \u001b[2JINTERNAL', willRetry: true,
  };

  it('are JSON lines when not a terminal', () => {
    const line = formatRunLine(entry, {json: true, color: false});
    expect(line.endsWith('\n')).toBe(true);
    expect(JSON.parse(line)).toMatchObject({time: '2026-11-22T04:00:00.000Z', level: 'error', msg: 'run', org: 'acme', outcome: 'error', errorKind: 'server_error', willRetry: true});
    expect(JSON.parse(formatEventLine(entry.time, 'worker started', {checks: 2}, {json: true, color: false}))).toEqual({time: '2026-11-22T04:00:00.000Z', level: 'info', msg: 'worker started', checks: 2});
  });

  it('a warn event says so: level warn in JSON, "warning:" on a terminal', () => {
    expect(JSON.parse(formatEventLine(entry.time, 'redis connection lost; reconnecting', {}, {json: true, color: false}, 'warn'))).toEqual({time: '2026-11-22T04:00:00.000Z', level: 'warn', msg: 'redis connection lost; reconnecting'});
    expect(formatEventLine(entry.time, 'redis connection lost; reconnecting', {}, {json: false, color: false}, 'warn')).toBe('04:00:00  vigil  warning: redis connection lost; reconnecting\n');
  });

  it('escape C1 and bidi controls in JSON as --json does: the value parses back unchanged', () => {
    const hostile = 'a\u009b2Jb\u202ec\u2066d\u0085e\u2028f';
    const line = formatRunLine({...entry, outcome: 'ok', error: undefined, errorKind: undefined, observed: {[hostile]: 1}}, {json: true, color: false});
    expect(line).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
    expect(line).toContain('\\u009b');
    expect(line).toContain('\\u202e');
    expect(Object.keys(JSON.parse(line).observed)).toEqual([hostile]);
    const event = formatEventLine(entry.time, 'redis error', {error: hostile}, {json: true, color: false});
    expect(event).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
    expect(JSON.parse(event).error).toBe(hostile);
  });

  it('are readable columns on a terminal, with control sequences stripped', () => {
    const line = formatRunLine(entry, {json: false, color: false});
    expect(line).toBe('04:00:00  ERROR  takedowns.cancelled-count  acme  server_error: HTTP 500 INTERNAL  (attempt 1/4, will retry)  12ms\n');
    const ok = formatRunLine({...entry, outcome: 'warn', severity: 'warn', observed: {cancelledCount: 4}, errorKind: undefined, error: undefined, willRetry: undefined}, {json: false, color: false});
    expect(ok).toBe('04:00:00  WARN   takedowns.cancelled-count  acme  cancelledCount=4  (warn>=3 fail>=10)  12ms\n');
  });

  it('writes run lines together within 25 ms, in order, an event after what came before it, the key masked', () => {
    registerSecret('sk-live-0123456789');
    vi.useFakeTimers();
    try {
      const writes: string[] = [];
      const logger = createWorkerLogger({write: chunk => writes.push(chunk)}, {json: true, color: false}, () => entry.time);
      const ok = {...entry, outcome: 'ok' as const, errorKind: undefined, error: undefined, willRetry: undefined};
      logger.run({...ok, org: 'one'});
      logger.run({...ok, org: 'two sk-live-0123456789'});
      expect(writes).toEqual([]);
      logger.event('shutting down');
      logger.run({...ok, org: 'three'});
      vi.advanceTimersByTime(RUN_LINES_MS - 1);
      expect(writes).toHaveLength(2);
      vi.advanceTimersByTime(1);
      expect(writes).toHaveLength(3);
      expect(writes[0]!.split('\n').filter(Boolean).map(line => JSON.parse(line).org)).toEqual(['one', 'two sk-…6789']);
      expect(JSON.parse(writes[1]!).msg).toBe('shutting down');
      expect(JSON.parse(writes[2]!).org).toBe('three');
    } finally {
      vi.useRealTimers();
      clearSecrets();
    }
  });
});
