import {describe, expect, it} from 'vitest';
import type {Column} from '../../src/output/columns.js';
import {renderCsv} from '../../src/output/csv.js';
import {formatPageRows} from '../../src/output/print.js';
import {fakeIO} from '../helpers/fake-io.js';

interface Row {
  id: number;
  title: string | undefined;
}

const columns: Column<Row>[] = [
  {header: 'ID', value: row => row.id},
  {header: 'TITLE', value: row => row.title},
];

/** A strict RFC 4180 reader (CRLF records, quoted fields with doubled quotes), to read back what was written. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') record.push(field), (field = '');
    else if (char === '\r' && text[i + 1] === '\n') record.push(field), records.push(record), (record = []), (field = ''), i++;
    else if (char === '\n' || char === '\r' || char === '"') throw new Error(`bare ${JSON.stringify(char)} at ${i}`);
    else field += char;
  }
  if (field !== '' || record.length > 0) throw new Error('last record not ended by CRLF');
  return records;
}

describe('renderCsv (RFC 4180)', () => {
  it('writes a header row, CRLF line ends, and quotes only fields that need it', () => {
    const out = renderCsv([{id: 7, title: 'plain'}, {id: 8, title: 'a, "quoted" one'}], columns);
    expect(out).toBe('ID,TITLE\r\n7,plain\r\n8,"a, ""quoted"" one"\r\n');
    expect(parseCsv(out)).toEqual([['ID', 'TITLE'], ['7', 'plain'], ['8', 'a, "quoted" one']]);
  });

  it('keeps line breaks inside a quoted field (as CRLF) and writes an absent value as an empty field', () => {
    const out = renderCsv([{id: 1, title: 'two\nlines\r\nthree'}, {id: 2, title: undefined}], columns);
    expect(parseCsv(out)).toEqual([['ID', 'TITLE'], ['1', 'two\r\nlines\r\nthree'], ['2', '']]);
  });

  it('lets no terminal control sequence or invisible character of the upstream through', () => {
    const hostile = '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007 \u001b[2Jx\u0007\u009b31m\u202eyes\u200b';
    const out = renderCsv([{id: 1, title: hostile}], columns);
    expect(out).not.toMatch(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u200b]/);
    expect(parseCsv(out)[1]).toEqual(['1', 'click xyes']);
  });

  it('has a header even when there are no rows, and none with header: false', () => {
    expect(renderCsv([], columns)).toBe('ID,TITLE\r\n');
    expect(renderCsv([{id: 1, title: 'x'}], columns, {header: false})).toBe('1,x\r\n');
  });

  it('--all: only the first page carries the header', () => {
    const io = fakeIO({tty: false});
    const pages = [0, 1].map(index => formatPageRows(io, 'csv', [{id: index, title: `p${index}`}], columns, index)).join('');
    expect(parseCsv(pages)).toEqual([['ID', 'TITLE'], ['0', 'p0'], ['1', 'p1']]);
  });
});
