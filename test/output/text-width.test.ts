import {describe, expect, it} from 'vitest';
import stringWidth from 'string-width';
import {textWidth} from '../../src/output/text-width.js';

describe('textWidth: terminal cells, counted directly for common text', () => {
  it('one cell per ASCII, Latin, Greek or Cyrillic character', () => {
    expect(textWidth('')).toBe(0);
    expect(textWidth('paypal.com')).toBe(10);
    expect(textWidth('Ærøskøbing Ωμέγα Москва')).toBe(23);
  });

  it('two cells per CJK, kana, Hangul or full-width character', () => {
    expect(textWidth('日本語')).toBe(6);
    expect(textWidth('カタカナ한국')).toBe(12);
    expect(textWidth('ＡＢ')).toBe(4);
  });

  it('mixed one- and two-cell text adds both', () => {
    expect(textWidth('ab日本')).toBe(6);
    expect(textWidth('日a本b')).toBe(6);
    expect(textWidth('Москва東京')).toBe(10);
  });

  it('anything else (emoji, combining marks, zero-width) is measured by string-width', () => {
    for (const text of ['a🙂b', 'e\u0301', 'x\u200by', '日🙂', '👨‍👩‍👧']) expect(textWidth(text), text).toBe(stringWidth(text));
    expect(textWidth('a🙂b')).toBe(4);
    expect(textWidth('e\u0301')).toBe(1);
  });
});
