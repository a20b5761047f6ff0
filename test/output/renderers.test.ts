import {describe, expect, it} from 'vitest';
import stringWidth from 'string-width';
import type {Column} from '../../src/output/columns.js';
import {renderTable} from '../../src/output/table.js';
import {renderTsv} from '../../src/output/tsv.js';
import {renderMarkdown} from '../../src/output/markdown.js';
import {renderJson} from '../../src/output/json.js';

interface Row {
  id: number;
  title: string;
  status: string;
  createdAt: Date;
}

const rows: Row[] = [
  {id: 7, title: 'Fake bank login', status: 'TODO', createdAt: new Date('2026-11-01T10:00:00Z')},
  {id: 1234, title: 'Crypto giveaway | "airdrop"', status: 'CLOSED', createdAt: new Date('2026-11-02T11:30:00Z')},
];

const columns: Column<Row>[] = [
  {header: 'ID', value: row => row.id, align: 'right'},
  {header: 'TITLE', value: row => row.title},
  {header: 'STATUS', value: row => row.status, style: row => (row.status === 'TODO' ? 'yellow' : undefined)},
  {header: 'CREATED', value: row => row.createdAt},
];

const ESC = '\u001b';

describe('renderTable (terminal)', () => {
  it('prints a header and aligned columns, numbers right-aligned, dates ISO, no colour when off', () => {
    const out = renderTable(rows, columns, {width: 120, color: false});
    expect(out).toBe(
      [
        '  ID  TITLE                        STATUS  CREATED',
        '   7  Fake bank login              TODO    2026-11-01T10:00:00.000Z',
        '1234  Crypto giveaway | "airdrop"  CLOSED  2026-11-02T11:30:00.000Z',
        '',
      ].join('\n'),
    );
    expect(out).not.toContain(ESC);
  });

  it('bolds the header and paints styled cells when colour is on, without shifting columns', () => {
    const out = renderTable(rows, columns, {width: 120, color: true});
    expect(out).toContain(`${ESC}[1mTITLE${ESC}[22m`);
    expect(out).toContain(`${ESC}[33mTODO${ESC}[39m`);
    const plain = out.replace(/\u001b\[\d+m/g, '');
    expect(plain).toBe(renderTable(rows, columns, {width: 120, color: false}));
  });

  it('truncates to the terminal width with an ellipsis, widest column first', () => {
    const out = renderTable(rows, columns, {width: 60, color: false});
    for (const line of out.trimEnd().split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(60);
    expect(out).toContain('…');
    expect(out).toContain('1234');
    expect(out).toContain('CLOSED');
  });

  it('keeps the columns after a truncated one aligned, for ASCII and wide text alike', () => {
    const mixed = [...rows, {id: 5, title: '偽の銀行ログインページが見つかりました', status: 'TODO', createdAt: new Date(0)}];
    const lines = renderTable(mixed, columns, {width: 60, color: false}).trimEnd().split('\n');
    const statusAt = (line: string) => stringWidth(line.slice(0, line.search(/STATUS|TODO|CLOSED/)));
    expect(new Set(lines.map(statusAt)).size).toBe(1);
  });

  it('keeps wide (CJK) characters within the width', () => {
    const wide = [{id: 1, title: '日本語のタイトルがとても長いです日本語のタイトル', status: 'TODO', createdAt: new Date(0)}];
    const out = renderTable(wide, columns, {width: 50, color: false});
    for (const line of out.trimEnd().split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(50);
  });

  it('honours maxWidth even when there is room', () => {
    const narrow: Column<Row>[] = [{header: 'TITLE', value: row => row.title, maxWidth: 10}];
    expect(renderTable(rows, narrow, {width: 200, color: false}).split('\n')[2]).toBe('Crypto gi…');
  });

  it('sanitises cells: no clear-screen, no hyperlink target, no bidi override, newlines flattened', () => {
    const evil = [{id: 1, title: `a${ESC}[2J${ESC}]8;;https://evil${ESC}\\link${ESC}]8;;${ESC}\\ \u202Eb\nc`, status: 'TODO', createdAt: new Date(0)}];
    const out = renderTable(evil, columns, {width: 200, color: false});
    expect(out).not.toContain(ESC);
    expect(out).not.toContain('\u202E');
    expect(out).not.toContain('evil');
    expect(out).toContain('alink b c');
    expect(out.trimEnd().split('\n')).toHaveLength(2);
  });
});

describe('renderTsv (pipe)', () => {
  it('writes one line per record, no header, no colour, no truncation', () => {
    const long = 'x'.repeat(500);
    const out = renderTsv([...rows, {id: 9, title: long, status: 'TODO', createdAt: new Date(0)}], columns);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('7\tFake bank login\tTODO\t2026-11-01T10:00:00.000Z');
    expect(lines[2]).toContain(long);
    expect(out).not.toContain(ESC);
  });

  it('escapes tab, newline, CR and backslash so one record stays one line', () => {
    const out = renderTsv([{id: 1, title: 'a\tb\nc\r\nd\\e', status: 'TODO', createdAt: new Date(0)}], columns);
    expect(out).toBe('1\ta\\tb\\nc\\nd\\\\e\tTODO\t1970-01-01T00:00:00.000Z\n');
  });

  it('strips control sequences and bidi overrides', () => {
    const out = renderTsv([{id: 1, title: `${ESC}[2Jx${ESC}]8;;u${ESC}\\y\u2066z`, status: 'TODO', createdAt: new Date(0)}], columns);
    expect(out.split('\t')[1]).toBe('xyz');
  });

  it('writes nothing for no rows', () => {
    expect(renderTsv([], columns)).toBe('');
  });
});

describe('renderMarkdown', () => {
  it('writes a GFM table with alignment and escaped pipes', () => {
    expect(renderMarkdown(rows, columns)).toBe(
      [
        '| ID | TITLE | STATUS | CREATED |',
        '| ---: | --- | --- | --- |',
        '| 7 | Fake bank login | TODO | 2026-11-01T10:00:00.000Z |',
        '| 1234 | Crypto giveaway \\| "airdrop" | CLOSED | 2026-11-02T11:30:00.000Z |',
        '',
      ].join('\n'),
    );
  });

  it('turns newlines into <br>, escapes backslashes and strips control sequences', () => {
    const out = renderMarkdown([{id: 1, title: `line one\nline two\\${ESC}[2J\u202E`, status: 'TODO', createdAt: new Date(0)}], columns);
    expect(out.split('\n')[2]).toBe('| 1 | line one<br>line two\\\\ | TODO | 1970-01-01T00:00:00.000Z |');
  });

  it('keeps header and delimiter rows for no rows', () => {
    expect(renderMarkdown([], columns).trimEnd().split('\n')).toHaveLength(2);
  });
});

describe('renderJson', () => {
  const value = {zeta: 1, alpha: {b: new Date('2026-11-22T01:02:03Z'), a: [3, {y: 1, x: undefined}]}, big: 10n};

  it('sorts keys recursively, writes ISO dates, drops undefined, and indents on a terminal', () => {
    expect(renderJson(value, {pretty: true})).toBe(
      '{\n  "alpha": {\n    "a": [\n      3,\n      {\n        "y": 1\n      }\n    ],\n    "b": "2026-11-22T01:02:03.000Z"\n  },\n  "big": "10",\n  "zeta": 1\n}\n',
    );
  });

  it('is one compact line when piped, and an empty list is []', () => {
    expect(renderJson(value, {pretty: false})).toBe('{"alpha":{"a":[3,{"y":1}],"b":"2026-11-22T01:02:03.000Z"},"big":"10","zeta":1}\n');
    expect(renderJson([], {pretty: false})).toBe('[]\n');
  });

  it('escapes ESC, C1 controls and bidi overrides as \\u sequences, losslessly', () => {
    const title = `${ESC}[2J\u009b31m\u202Eevil\u2028`;
    const out = renderJson({title}, {pretty: false});
    expect(out).toBe('{"title":"\\u001b[2J\\u009b31m\\u202eevil\\u2028"}\n');
    expect(JSON.parse(out).title).toBe(title);
  });

  it('writes what JSON.stringify writes for the sorted value, edge cases included', () => {
    // The format as first defined: a sorted, normalised copy handed to JSON.stringify.
    const sortedCopy = (item: unknown): unknown => {
      if (item instanceof Date) return Number.isNaN(item.getTime()) ? null : item.toISOString();
      if (typeof item === 'bigint') return item.toString();
      if (Array.isArray(item)) return item.map(entry => (entry === undefined ? null : sortedCopy(entry)));
      if (item === null || typeof item !== 'object') return item;
      const withJson = item as {toJSON?: () => unknown};
      if (typeof withJson.toJSON === 'function') return sortedCopy(withJson.toJSON());
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(item).sort()) {
        const entry = (item as Record<string, unknown>)[key];
        if (entry !== undefined && typeof entry !== 'function') out[key] = sortedCopy(entry);
      }
      return out;
    };
    const samples: unknown[] = [
      value, null, undefined, 0, -0, 1.5e300, NaN, -Infinity, true, 'plain', `${ESC}\u0085\u202a"\\`, [], {}, [[]], [{}],
      {b: {}, a: [], c: [undefined, () => 1, Symbol('s'), NaN, new Date('bad')]},
      {fn: () => 1, sym: Symbol('s'), gone: undefined, only: {gone: undefined}},
      {toJSON: () => ({z: 1, a: [2]})}, {nested: {toJSON: () => undefined}, keep: 1},
      {'\u202e key': 'v', 10: 'ten', 9: 'nine', b: 'B', A: 'a', '01': 'x', 4294967295: 'not an index', 4294967294: 'last'},
      {deep: {er: {est: [1, {k: [null, 'x']}]}}},
    ];
    for (const sample of samples) {
      for (const pretty of [false, true]) {
        const expected = `${(JSON.stringify(sortedCopy(sample), null, pretty ? 2 : undefined) ?? 'null').replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
        expect(renderJson(sample, {pretty})).toBe(expected);
      }
    }
  });
});
