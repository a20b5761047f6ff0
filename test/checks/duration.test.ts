import {describe, expect, it} from 'vitest';
import {formatDuration, parseDuration} from '../../src/checks/duration.js';

describe('parseDuration', () => {
  it('reads every unit, combined, and whole milliseconds as text or number', () => {
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('1d2h3m4s5ms')).toBe(93_784_005);
    expect(parseDuration(' 90s ')).toBe(90_000);
    expect(parseDuration(' 42 ')).toBe(42);
  });

  it('refuses text around or between the parts, zero, and totals past a safe integer', () => {
    for (const bad of ['x30s', '30sx', '30s x', '1h 30m', 'ms', '0s', '0', '0ms0s', `${'9'.repeat(17)}d`, 'Infinity', '1e3']) {
      expect(parseDuration(bad), bad).toBeUndefined();
    }
    expect(parseDuration(Number.MAX_SAFE_INTEGER + 2)).toBeUndefined();
    expect(parseDuration(-5)).toBeUndefined();
  });

  it('accepts the smallest duration, 1 ms', () => {
    expect(parseDuration('1ms')).toBe(1);
    expect(parseDuration(1)).toBe(1);
  });
});

describe('formatDuration', () => {
  it('writes the shortest form, largest unit first, exact units included', () => {
    expect(formatDuration(86_400_000)).toBe('1d');
    expect(formatDuration(3_600_000)).toBe('1h');
    expect(formatDuration(60_000)).toBe('1m');
    expect(formatDuration(1000)).toBe('1s');
    expect(formatDuration(93_784_005)).toBe('1d2h3m4s5ms');
    expect(formatDuration(1)).toBe('1ms');
    expect(formatDuration(1500)).toBe('1s500ms');
  });

  it('0 and below read as 0s', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(-1)).toBe('0s');
  });
});
