import {describe, expect, it} from 'vitest';
import {escapeLabel, renderCheckSeries} from '../../src/metrics/exposition.js';
import {numericObserved, MAX_OBSERVED_KEYS, type StoredCheck} from '../../src/metrics/store.js';
import {formatRunLine, formatEventLine} from '../../src/cmd/worker/log.js';
import type {RunLogEntry} from '../../jobs/processor.js';

const spec = {id: 'takedowns.cancelled-count@acme', check: 'takedowns.cancelled-count', org: 'acme', everyMs: 300_000, lookbackHours: 168, warnThreshold: 3, failThreshold: 10};

describe('per-check series', () => {
  it('exports severity, ok, observed, thresholds, interval and timestamps in seconds', () => {
    const checks: StoredCheck[] = [
      {spec, success: {severity: 'warn', ok: false, observed: {cancelledCount: 5}, at: 1_700_000_000_500, appUrl: null}, run: {at: 1_700_000_100_000, outcome: 'error', durationMs: 30, errorKind: 'timeout'}},
      {spec: {...spec, id: 'x@new', org: 'new'}},
    ];
    const text = renderCheckSeries(checks);
    const labels = 'check="takedowns.cancelled-count",org="acme"';
    for (const line of [
      `vigil_check_severity{${labels}} 1`,
      `vigil_check_ok{${labels}} 0`,
      `vigil_check_observed{${labels},key="cancelledCount"} 5`,
      `vigil_check_warn_threshold{${labels}} 3`,
      `vigil_check_fail_threshold{${labels}} 10`,
      `vigil_check_interval_seconds{${labels}} 300`,
      `vigil_check_last_success_timestamp_seconds{${labels}} 1700000000.5`,
      `vigil_check_last_run_timestamp_seconds{${labels}} 1700000100`,
      `vigil_check_last_run_error{${labels}} 1`,
      '# TYPE vigil_check_severity gauge',
    ]) {
      expect(text.split('\n')).toContain(line);
    }
    // A check that never ran has its configuration but no result series.
    expect(text).toContain('vigil_check_fail_threshold{check="takedowns.cancelled-count",org="new"} 10');
    expect(text).not.toContain('vigil_check_severity{check="takedowns.cancelled-count",org="new"}');
  });

  it('escapes label values and bounds observed keys', () => {
    expect(escapeLabel('a"b\\c\nd')).toBe('a\\"b\\\\c\\nd');
    const many = Object.fromEntries(Array.from({length: 20}, (_, i) => [`k${i}`, i]));
    expect(Object.keys(numericObserved({...many, text: 'x', flag: true}))).toHaveLength(MAX_OBSERVED_KEYS);
    expect(numericObserved({count: 2, label: 'x', nothing: null})).toEqual({count: 2});
  });
});

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

  it('are readable columns on a terminal, with control sequences stripped', () => {
    const line = formatRunLine(entry, {json: false, color: false});
    expect(line).toBe('04:00:00  ERROR  takedowns.cancelled-count  acme  server_error: HTTP 500 INTERNAL  (attempt 1/4, will retry)  12ms\n');
    const ok = formatRunLine({...entry, outcome: 'warn', severity: 'warn', observed: {cancelledCount: 4}, errorKind: undefined, error: undefined, willRetry: undefined}, {json: false, color: false});
    expect(ok).toBe('04:00:00  WARN   takedowns.cancelled-count  acme  cancelledCount=4  (warn>=3 fail>=10)  12ms\n');
  });
});
