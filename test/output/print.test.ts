import {describe, expect, it, vi} from 'vitest';
import type {Column} from '../../src/output/columns.js';
import {printJson, printRows, tableMayBeDrawn, terminalWidth} from '../../src/output/print.js';
import {resolveOutputFormat} from '../../src/output/format.js';
import {fakeIO} from '../helpers/fake-io.js';

interface Row {
  key: string;
  value: string;
}
const rows: Row[] = [
  {key: 'org', value: 'acme'},
  {key: 'base-url', value: 'https://api.example/api/v2'},
];
const columns: Column<Row>[] = [
  {header: 'KEY', value: row => row.key, style: () => 'cyan'},
  {header: 'VALUE', value: row => row.value},
];

describe('printRows', () => {
  it('prints a coloured table on a terminal and TSV when piped, both to stdout', () => {
    const tty = fakeIO({tty: true});
    printRows(tty, resolveOutputFormat({}, tty), rows, columns);
    expect(tty.out()).toContain('KEY');
    expect(tty.out()).toContain('\u001b[36morg');
    expect(tty.err()).toBe('');

    const pipe = fakeIO({tty: false});
    printRows(pipe, resolveOutputFormat({}, pipe), rows, columns);
    expect(pipe.out()).toBe('org\tacme\nbase-url\thttps://api.example/api/v2\n');
  });

  it('leaves colour out of a terminal table under NO_COLOR', () => {
    const tty = fakeIO({tty: true, env: {NO_COLOR: '1'}});
    printRows(tty, 'table', rows, columns);
    expect(tty.out()).not.toContain('\u001b');
  });

  it('truncates a table to the terminal columns', () => {
    const tty = fakeIO({tty: true, columns: 20});
    printRows(tty, 'table', rows, columns);
    for (const line of tty.out().trimEnd().split('\n')) expect(line.replace(/\u001b\[\d+m/g, '').length).toBeLessThanOrEqual(20);
  });

  it('prints the rows as JSON (pretty on a terminal, compact piped), or the json override', () => {
    const tty = fakeIO({tty: true});
    printRows(tty, 'json', rows, columns);
    expect(JSON.parse(tty.out())).toEqual(rows);
    expect(tty.out()).toContain('\n  ');

    const pipe = fakeIO({tty: false});
    printRows(pipe, 'json', rows, columns, {json: {items: rows, totalCount: 2}});
    expect(pipe.out()).toBe('{"items":[{"key":"org","value":"acme"},{"key":"base-url","value":"https://api.example/api/v2"}],"totalCount":2}\n');
  });

  it('says "nothing found" on stderr for a person, prints [] for --json and nothing for TSV', () => {
    const tty = fakeIO({tty: true});
    printRows(tty, 'table', [], columns, {emptyMessage: 'no reports match'});
    expect(tty.out()).toBe('');
    expect(tty.err()).toBe('no reports match\n');

    const json = fakeIO({tty: false});
    printRows(json, 'json', [], columns, {emptyMessage: 'no reports match'});
    expect(json.out()).toBe('[]\n');
    expect(json.err()).toBe('');

    const tsv = fakeIO({tty: false});
    printRows(tsv, 'tsv', [], columns, {emptyMessage: 'no reports match'});
    expect(tsv.out() + tsv.err()).toBe('');
  });

  it('falls back to COLUMNS, then 80, for the width', () => {
    expect(terminalWidth({stdout: {write: () => true}, env: {COLUMNS: '132'}})).toBe(132);
    expect(terminalWidth({stdout: {write: () => true}, env: {}})).toBe(80);
    expect(terminalWidth({stdout: {write: () => true, columns: 40}, env: {COLUMNS: '132'}})).toBe(40);
  });
});

describe('tableMayBeDrawn: whether a run loads the table renderer', () => {
  it('on a terminal, or when --output is given; never with --json', () => {
    expect(tableMayBeDrawn({}, {stdoutIsTTY: true})).toBe(true);
    expect(tableMayBeDrawn({}, {stdoutIsTTY: false})).toBe(false);
    expect(tableMayBeDrawn({output: 'markdown'}, {stdoutIsTTY: false})).toBe(true);
    expect(tableMayBeDrawn({json: true}, {stdoutIsTTY: true})).toBe(false);
    expect(tableMayBeDrawn({json: true, output: 'table'}, {stdoutIsTTY: false})).toBe(false);
    expect(tableMayBeDrawn({json: false}, {stdoutIsTTY: true})).toBe(true);
  });
});

describe('terminalWidth: what counts as a width', () => {
  it('ignores a zero terminal width and a COLUMNS that is not a positive number', () => {
    expect(terminalWidth({stdout: {write: () => true, columns: 0}, env: {COLUMNS: '100'}})).toBe(100);
    expect(terminalWidth({stdout: {write: () => true}, env: {COLUMNS: '0'}})).toBe(80);
    expect(terminalWidth({stdout: {write: () => true}, env: {COLUMNS: '-5'}})).toBe(80);
    expect(terminalWidth({stdout: {write: () => true}, env: {COLUMNS: 'wide'}})).toBe(80);
    expect(terminalWidth({stdout: {write: () => true}, env: {COLUMNS: '1'}})).toBe(1);
  });
});

describe('printRows as markdown, and printJson', () => {
  it('writes a markdown table, and for no rows its header with the note on stderr', () => {
    const io = fakeIO({tty: false});
    printRows(io, 'markdown', rows, columns, {emptyMessage: 'none'});
    expect(io.out()).toBe('| KEY | VALUE |\n| --- | --- |\n| org | acme |\n| base-url | https://api.example/api/v2 |\n');
    expect(io.err()).toBe('');

    const empty = fakeIO({tty: false});
    printRows(empty, 'markdown', [], columns, {emptyMessage: 'none'});
    expect(empty.out()).toBe('| KEY | VALUE |\n| --- | --- |\n');
    expect(empty.err()).toBe('none\n');
  });

  it('says nothing on stderr for no rows when no note is given', () => {
    const io = fakeIO({tty: true});
    printRows(io, 'table', [], columns);
    expect(io.out() + io.err()).toBe('');
  });

  it('printJson: indented on a terminal, one line when piped, keys sorted', () => {
    const tty = fakeIO({tty: true});
    printJson(tty, {b: 1, a: 'x'});
    expect(tty.out()).toBe('{\n  "a": "x",\n  "b": 1\n}\n');
    const pipe = fakeIO({tty: false});
    printJson(pipe, {b: 1, a: 'x'});
    expect(pipe.out()).toBe('{"a":"x","b":1}\n');
  });
});

describe('the table renderer, loaded on demand', () => {
  const names: Column<{name: string}>[] = [{header: 'NAME', value: row => row.name}];

  it('refuses to draw a table before it is loaded, and draws it once loaded', async () => {
    // A fresh copy of the module: the test setup has loaded the renderer into the shared one.
    vi.resetModules();
    const print = await import('../../src/output/print.js');
    const io = fakeIO({tty: true});
    expect(() => print.formatRows(io, 'table', [{name: 'acme'}], names)).toThrow('the table renderer is not loaded (loadTableRenderer)');
    await print.loadTableRenderer();
    expect(print.formatRows(io, 'table', [{name: 'acme'}], names)).toBe('\u001b[1mNAME\u001b[22m\nacme\n');
  });
});
