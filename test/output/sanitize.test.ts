import {describe, expect, it} from 'vitest';
import {sanitizeText} from '../../src/output/sanitize.js';

describe('sanitizeText', () => {
  it('removes a clear-screen sequence whole, leaving no "[2J" residue', () => {
    expect(sanitizeText('before\u001b[2J\u001b[Hafter')).toBe('beforeafter');
  });

  it('keeps the label of an OSC 8 hyperlink and drops its target (BEL and ST terminators)', () => {
    expect(sanitizeText('\u001b]8;;https://evil.example\u0007click me\u001b]8;;\u0007')).toBe('click me');
    expect(sanitizeText('\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\ here')).toBe('click here');
  });

  it('removes a window-title OSC, DCS strings, colours and two-byte escapes', () => {
    expect(sanitizeText('\u001b]0;pwned\u0007title')).toBe('title');
    expect(sanitizeText('\u001bPq#0;2;0;0;0\u001b\\x')).toBe('x');
    expect(sanitizeText('\u001b[31mred\u001b[0m')).toBe('red');
    expect(sanitizeText('\u001bcreset \u001b7saved')).toBe('reset saved');
  });

  it('removes the 8-bit C1 forms of CSI and OSC, and every other C0/C1 control and DEL', () => {
    expect(sanitizeText('a\u009b2Jb\u009d0;t\u009cc')).toBe('abc');
    expect(sanitizeText('bell\u0007 back\u0008space del\u007f nul\u0000 nel\u0085')).toBe('bell backspace del nul nel');
  });

  it('removes bidi embedding, override and isolate controls', () => {
    const trojan = 'access\u202e\u2066// admin\u2069\u2066 level\u202c';
    expect(sanitizeText(trojan)).toBe('access// admin level');
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      expect(sanitizeText(`x${String.fromCharCode(code)}y`)).toBe('xy');
    }
  });

  it('keeps a lone ESC from surviving and leaves an unterminated OSC body as inert text', () => {
    expect(sanitizeText('end\u001b')).toBe('end');
    const out = sanitizeText('\u001b]8;;https://x');
    expect(out).not.toContain('\u001b');
    expect(out).toContain('https://x');
  });

  it('turns newlines and tabs into spaces on one line, keeps them when multiline', () => {
    expect(sanitizeText('a\nb\tc\r\nd\re\u2028f')).toBe('a b c d e f');
    expect(sanitizeText('a\nb\tc\r\nd\re', {multiline: true})).toBe('a\nb\tc\nd\ne');
  });

  it('leaves ordinary text, emoji and right-to-left scripts untouched', () => {
    const text = 'Phishing kit — “bank” 🎣 שלום مرحبا 日本語';
    expect(sanitizeText(text)).toBe(text);
  });
});
