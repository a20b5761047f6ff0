import {describe, expect, it} from 'vitest';
import type {Column} from '../../src/output/columns.js';
import {renderTable, truncateToWidth} from '../../src/output/table.js';

/*
 * Exact layouts, cell for cell: the widest column gives up cells first, down to the next
 * widest; ties give up one cell at a time in turn; minimums hold until nothing else can
 * give, then columns go down to one cell; columns with a dropOrder leave first.
 */

interface Row {
  a: string;
  b: string;
  c: string;
  n: number;
}

const rows: Row[] = [
  {a: 'aaaaaaaaaa', b: 'bbbbbbbbbbbbbbbbbbbb', c: 'ccccc', n: 7},
  {a: 'a', b: 'b', c: 'c', n: 1234},
];

const four: Column<Row>[] = [
  {header: 'A', value: row => row.a},
  {header: 'B', value: row => row.b},
  {header: 'C', value: row => row.c},
  {header: 'N', value: row => row.n, align: 'right'},
];

const table = (columns: Column<Row>[], width: number) => renderTable(rows, columns, {width, color: false}).split('\n');

describe('renderTable: how a table shrinks to the terminal', () => {
  it('with room, every column takes its natural width; numbers right-aligned; no trailing spaces', () => {
    expect(table(four, 200)).toEqual(['A           B                     C         N', 'aaaaaaaaaa  bbbbbbbbbbbbbbbbbbbb  ccccc     7', 'a           b                     c      1234', '']);
  });

  it('the widest column gives up cells first, no further than needed', () => {
    expect(table(four, 40)).toEqual(['A           B                C         N', 'aaaaaaaaaa  bbbbbbbbbbbbbb…  ccccc     7', 'a           b                c      1234', '']);
    expect(table(four, 35)).toEqual(['A           B           C         N', 'aaaaaaaaaa  bbbbbbbbb…  ccccc     7', 'a           b           c      1234', '']);
  });

  it('columns of equal width give up one cell each in turn, then go below their minimum only when they must', () => {
    // A and B: 10 and 20 -> 10 and 10 -> 9/9 -> 8/8 (the minimum) -> A to 7 for the last cell.
    expect(table(four, 30)).toEqual(['A        B         C         N', 'aaaaaa…  bbbbbbb…  ccccc     7', 'a        b         c      1234', '']);
    expect(table(four, 26)).toEqual(['A      B       C         N', 'aaaa…  bbbbb…  ccccc     7', 'a      b       c      1234', '']);
    expect(table(four, 20)).toEqual(['A    B    C        N', 'aa…  bb…  ccc…     7', 'a    b    c     1234', '']);
  });

  it('at the narrowest, columns go down to one cell, numbers included', () => {
    expect(table(four, 12)).toEqual(['A  B  C    N', '…  …  c…   7', 'a  b  c   1…', '']);
  });

  it('two equal columns alternate', () => {
    const tie: Column<Row>[] = [{header: 'X', value: row => row.a}, {header: 'Y', value: row => row.a.toUpperCase()}];
    expect(table(tie, 22)).toEqual(['X           Y', 'aaaaaaaaaa  AAAAAAAAAA', 'a           A', '']);
    expect(table(tie, 19)).toEqual(['X         Y', 'aaaaaaa…  AAAAAAAA…', 'a         A', '']);
    expect(table(tie, 17)).toEqual(['X        Y', 'aaaaaa…  AAAAAAA…', 'a        A', '']);
  });

  describe('dropOrder and minWidth', () => {
    const droppable: Column<Row>[] = [
      {header: 'ID', value: row => row.n, align: 'right'},
      {header: 'TITLE', value: row => row.b, minWidth: 12},
      {header: 'STATUS', value: row => row.c, dropOrder: 1},
      {header: 'ASSET', value: row => row.a, dropOrder: 2},
    ];

    it('keeps every column while each fits at its minimum', () => {
      expect(table(droppable, 60)).toEqual(['  ID  TITLE                 STATUS  ASSET', '   7  bbbbbbbbbbbbbbbbbbbb  ccccc   aaaaaaaaaa', '1234  b                     c       a', '']);
      // The columns that may be dropped give up cells first: the title keeps more.
      expect(table(droppable, 40)).toEqual(['  ID  TITLE             STATUS  ASSET', '   7  bbbbbbbbbbbbbbb…  ccccc   aaaaaaa…', '1234  b                 c       a', '']);
    });

    it('drops the highest dropOrder first, then the next, and gives the room to the rest', () => {
      expect(table(droppable, 30)).toEqual(['  ID  TITLE             STATUS', '   7  bbbbbbbbbbbbbbb…  ccccc', '1234  b                 c', '']);
      expect(table(droppable, 25)).toEqual(['  ID  TITLE', '   7  bbbbbbbbbbbbbbbbbb…', '1234  b', '']);
      expect(table(droppable, 22)).toEqual(['  ID  TITLE', '   7  bbbbbbbbbbbbbbb…', '1234  b', '']);
    });

    it('with nothing left to drop, goes below minWidth, but never cuts a header', () => {
      expect(table(droppable, 10)).toEqual([' ID  TITLE', '  7  bbbb…', '12…  b', '']);
      // Not even the floors fit: the last columns go, the first stays.
      expect(table(droppable, 8)).toEqual(['  ID', '   7', '1234', '']);
    });
  });

  describe('which columns a narrow terminal drops', () => {
    it('counts a column capped by maxWidth at its cap, so it fits where its full text would not', () => {
      // X needs 3 cells (its cap), Y 5, plus one gap of 2: exactly 10, so nothing is dropped.
      const capped: Column<Row>[] = [
        {header: 'X', value: row => row.a, maxWidth: 3},
        {header: 'Y', value: row => row.c, dropOrder: 1},
      ];
      expect(table(capped, 10)).toEqual(['X    Y', 'aa…  ccccc', 'a    c', '']);
    });

    it('drops the highest dropOrder wherever it stands, and the first of equal ones', () => {
      const first: Column<Row>[] = [
        {header: 'P', value: row => row.a, dropOrder: 2},
        {header: 'Q', value: row => row.b, dropOrder: 1},
        {header: 'R', value: row => row.c},
      ];
      expect(table(first, 20)).toEqual(['Q              R', 'bbbbbbbbbbbb…  ccccc', 'b              c', '']);
      const tied = first.map(column => (column.dropOrder === undefined ? column : {...column, dropOrder: 1}));
      expect(table(tied, 20)).toEqual(['Q              R', 'bbbbbbbbbbbb…  ccccc', 'b              c', '']);
    });
  });

  describe('headers, ids and columns that say nothing', () => {
    it('a column narrower than its header shows its short form, never a cut header', () => {
      const named: Column<Row>[] = [
        {header: 'TITLE', value: row => row.b, minWidth: 14},
        {header: 'LATEST REVIEW', shortHeader: 'REVIEW', value: row => row.c},
      ];
      expect(table(named, 40)).toEqual(['TITLE                 LATEST REVIEW', 'bbbbbbbbbbbbbbbbbbbb  ccccc', 'b                     c', '']);
      expect(table(named, 24)).toEqual(['TITLE           REVIEW', 'bbbbbbbbbbbbb…  ccccc', 'b               c', '']);
      for (const width of [20, 16]) expect(table(named, width)[0]).toMatch(/^TITLE\s+REVIEW$/);
      // Too narrow for even the short form: the column goes.
      expect(table(named, 12)).toEqual(['TITLE', 'bbbbbbbbbbb…', 'b', '']);
    });

    it('a whole column (ids) is never cut: the others give way, or it is dropped', () => {
      const ids: Column<Row>[] = [
        {header: 'TITLE', value: row => row.b},
        {header: 'IDS', value: row => row.a, whole: true},
      ];
      expect(table(ids, 24)).toEqual(['TITLE         IDS', 'bbbbbbbbbbb…  aaaaaaaaaa', 'b             a', '']);
      expect(table(ids, 16)).toEqual(['TITLE', 'bbbbbbbbbbbbbbb…', 'b', '']);
    });

    it('leaves out a column whose every value is blank, or the same (saying it once under the table)', () => {
      const same: Row[] = [{a: 'x', b: 'TODO', c: '', n: 1}, {a: 'y', b: 'TODO', c: '', n: 2}];
      const columns: Column<Row>[] = [
        {header: 'ID', value: row => row.a},
        {header: 'STATUS', value: row => row.b, omitIfUniform: true},
        {header: 'REVIEW', value: row => row.c, omitIfUniform: true},
        {header: 'N', value: row => row.n, omitIfUniform: true},
      ];
      expect(renderTable(same, columns, {width: 80, color: false}).split('\n')).toEqual(['ID  N', 'x   1', 'y   2', 'Every row: STATUS TODO', '']);
      // One row: every column is "the same"; only the blank one goes.
      expect(renderTable(same.slice(0, 1), columns, {width: 80, color: false}).split('\n')).toEqual(['ID  STATUS  N', 'x   TODO    1', '']);
      // Without the mark, nothing is left out.
      expect(renderTable(same, columns.map(({omitIfUniform: _, ...column}) => column), {width: 80, color: false}).split('\n')[0]).toBe('ID  STATUS  REVIEW  N');
    });
  });

  it('no columns, no table', () => {
    expect(renderTable(rows, [], {width: 80, color: false})).toBe('');
  });
});

describe('truncateToWidth', () => {
  it('keeps text that fits, cuts with one "…" cell, and gives nothing for no room', () => {
    expect(truncateToWidth('abcdef', 6)).toBe('abcdef');
    expect(truncateToWidth('abcdef', 5)).toBe('abcd…');
    expect(truncateToWidth('abcdef', 0)).toBe('');
    expect(truncateToWidth('abcdef', -1)).toBe('');
  });

  it('never splits a two-cell character across the limit', () => {
    expect(truncateToWidth('日本語テキスト', 5)).toBe('日本…');
    expect(truncateToWidth('日本語テキスト', 6)).toBe('日本…');
    expect(truncateToWidth('日本語', 0)).toBe('');
  });
});
