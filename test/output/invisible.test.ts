import {describe, expect, it} from 'vitest';
import {reportColumns} from '../../src/cmd/reports/list/format.js';
import {escapeMarkdownCell, renderMarkdown, renderTsv, revealInvisible, sanitizeText, type Column} from '../../src/output/index.js';
import {renderTable} from '../../src/output/table.js';

const INVISIBLES = ['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2060', '\u061c', '\ufeff', '\u00ad', '\u{e0041}', '\u{e007f}'];

describe('invisible characters', () => {
  it('are stripped from ordinary text, each one', () => {
    for (const char of INVISIBLES) expect(sanitizeText(`pay${char}pal`), JSON.stringify(char)).toBe('paypal');
  });

  it('are named in asset content, so pay\\u200bpal.com cannot pass for paypal.com', () => {
    expect(revealInvisible('pay\u200bpal.com')).toBe('pay<U+200B>pal.com');
    expect(revealInvisible('a\u00adb\ufeffc\u{e0041}d\u202ee')).toBe('a<U+00AD>b<U+FEFF>c<U+E0041>d<U+202E>e');
    expect(revealInvisible('plain.example')).toBe('plain.example');
  });

  it('show in the table, TSV and markdown of reports list, and nowhere else in the row', () => {
    const report = {id: 'r\u200b1', status: 'OPEN', title: 'Pay\u200bPal clone', proposals: [{id: 'p1', asset: {content: 'pay\u200bpal.com'}}]};
    const columns = reportColumns() as unknown as Column<typeof report>[];
    const outputs = {table: renderTable([report], columns, {width: 200, color: false} as never), tsv: renderTsv([report], columns), markdown: renderMarkdown([report], columns)};
    for (const out of Object.values(outputs)) {
      expect(out).toContain('PayPal clone');
      expect(out).not.toContain('\u200b');
    }
    expect(outputs.table).toContain('pay<U+200B>pal.com');
    expect(outputs.tsv).toContain('pay<U+200B>pal.com');
    // Markdown escapes the marker's angle brackets; rendered, it reads pay<U+200B>pal.com.
    expect(outputs.markdown).toContain('pay&lt;U+200B&gt;pal.com');
  });
});

describe('markdown cells', () => {
  it('escape HTML so a rendered ticket shows it instead of running it', () => {
    expect(escapeMarkdownCell('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(escapeMarkdownCell('a & b')).toBe('a &amp; b');
  });

  it('escape link and image syntax', () => {
    expect(escapeMarkdownCell('[click](javascript:alert(1))')).toBe('\\[click\\](javascript:alert(1))');
    expect(escapeMarkdownCell('![x](http://t/p.png)')).toBe('!\\[x\\](http://t/p.png)');
  });

  it('still break lines with <br> and escape pipes', () => {
    expect(escapeMarkdownCell('a|b\nc')).toBe('a\\|b<br>c');
  });

  it('turn a tab into a space, which markdown cannot tell from column alignment otherwise', () => {
    expect(escapeMarkdownCell('a\tb')).toBe('a b');
  });

  it('no columns, no markdown table at all', () => {
    expect(renderMarkdown([{}], [])).toBe('');
  });
});
