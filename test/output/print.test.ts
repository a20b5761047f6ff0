import {describe, expect, it} from 'vitest';
import type {Column} from '../../src/output/columns.js';
import {printRows, terminalWidth} from '../../src/output/print.js';
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
