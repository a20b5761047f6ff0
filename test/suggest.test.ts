import {describe, expect, it} from 'vitest';
import {editDistance, nearest} from '../src/suggest.js';

describe('nearest', () => {
  const keys = ['check', 'org', 'every', 'lookbackHours', 'warnThreshold', 'failThreshold'];

  it('names the key a typo was meant to be: a letter missing, doubled, swapped or changed', () => {
    expect(nearest('failTreshold', keys)).toBe('failThreshold');
    expect(nearest('warnThreshhold', keys)).toBe('warnThreshold');
    expect(nearest('ogr', keys)).toBe('org');
    expect(nearest('evrey', keys)).toBe('every');
    expect(nearest('FailThreshold', keys)).toBe('failThreshold');
  });

  it('names nothing when no key is close: a short word changed by half, or a different word', () => {
    expect(nearest('zzzzzz', keys)).toBeUndefined();
    expect(nearest('ab', keys)).toBeUndefined();
    expect(nearest('colour', keys)).toBeUndefined();
    expect(nearest('thresholds', keys)).toBeUndefined();
  });

  it('prefers the closest of two candidates', () => {
    expect(nearest('warnThresold', keys)).toBe('warnThreshold');
    expect(nearest('failThresold', keys)).toBe('failThreshold');
  });
});

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('ogr', 'org')).toBe(1);
    expect(editDistance('BLOKED', 'BLOCKED')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});
