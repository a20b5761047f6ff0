import {describe, expect, it} from 'vitest';
import {ABSENT, cellText, displayText} from '../../src/output/columns.js';

describe('cell text', () => {
  it('a value the upstream left out shows as a mark for a person, as nothing for TSV', () => {
    expect(displayText(null)).toBe(ABSENT);
    expect(displayText(undefined)).toBe('-');
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
  });

  it('dates as ISO-8601, an invalid date as nothing', () => {
    expect(cellText(new Date(Date.UTC(2026, 10, 26, 12)))).toBe('2026-11-26T12:00:00.000Z');
    expect(cellText(new Date(Number.NaN))).toBe('');
    expect(displayText(new Date(Number.NaN))).toBe('');
  });
});
