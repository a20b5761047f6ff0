import {describe, expect, it} from 'vitest';
import {MAX_FIELD_CHARS, boundText} from '../../src/output/bound.js';
import {homoglyphWarning, mixedScripts} from '../../src/output/homoglyph.js';
import {detailLines} from '../../src/ui/browser/detail.js';
import {makeReport} from '../ui/fixtures.js';

describe('boundText', () => {
  it('keeps a field up to the limit as it is', () => {
    expect(boundText('a'.repeat(MAX_FIELD_CHARS))).toBe('a'.repeat(MAX_FIELD_CHARS));
    expect(boundText('short', 5)).toBe('short');
  });

  it('cuts a longer field with a marker saying how much was left out', () => {
    expect(boundText('abcdefghij', 4)).toBe('abcd... [6 more characters cut; see --json]');
  });

  it('never splits a surrogate pair', () => {
    expect(boundText('ab😀cd', 3)).toBe('ab... [4 more characters cut; see --json]');
  });

  it('steps back over every high surrogate at the cut, the first and last of the range included', () => {
    expect(boundText('a\ud800\udc00bc', 2)).toBe('a... [4 more characters cut; see --json]');
    expect(boundText('a\udbff\udfffbc', 2)).toBe('a... [4 more characters cut; see --json]');
  });

  it('keeps a whole pair that ends at the cut', () => {
    expect(boundText('a😀bc', 3)).toBe('a😀... [2 more characters cut; see --json]');
    expect(boundText('a\ue000bc', 2)).toBe('a\ue000... [2 more characters cut; see --json]');
  });
});

describe('look-alike asset domains', () => {
  it('flag letters from more than one script', () => {
    expect(mixedScripts('p\u0430ypal.com')).toEqual(['Latin', 'Cyrillic']);
    expect(mixedScripts('\u03bfpenai.com')).toEqual(['Greek', 'Latin']);
    expect(homoglyphWarning('p\u0430ypal.com')).toBe('! mixes Latin and Cyrillic letters: possible look-alike of another domain');
  });

  it('leave single-script names alone, digits and punctuation included', () => {
    for (const name of ['paypal.com', 'пример.рф', 'bücher-24.de', '例え.jp'.replace('え', '')]) expect(homoglyphWarning(name), name).toBeUndefined();
  });

  it('show under the asset in the browser detail', () => {
    const report = makeReport(1, {proposals: [{id: 'p1', reviewStatus: 'PENDING', asset: {id: 'a1', type: 'DOMAIN', content: 'p\u0430ypal.com', status: 'BLOCKED'}}]});
    const lines = detailLines(report, 100).map(line => line.text);
    const at = lines.findIndex(line => line.includes('1. p\u0430ypal.com'));
    expect(lines[at + 1]).toBe('     ! mixes Latin and Cyrillic letters: possible look-alike of another domain');
  });
});
