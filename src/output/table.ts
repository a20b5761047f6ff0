import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import {painter, type StyleName} from './color.js';
import {ABSENT, displayText, type Column} from './columns.js';
import {sanitizeText} from './sanitize.js';
import {textWidth} from './text-width.js';

export interface TableOptions {
  /** Terminal width in cells; the table is truncated to fit it. */
  width: number;
  color: boolean;
}

const GAP = 2;
const DEFAULT_MIN_WIDTH = 8;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * A headed, aligned table for a terminal. Cells are sanitised to one line. Columns that
 * would tell nothing are left out (Column.omitIfUniform); when the table is wider than the
 * terminal, columns with a dropOrder leave first, then the widest columns give up cells
 * (those with a dropOrder before the others), never below their minimum, then never below
 * their header: a header is shown whole or in its short form, never cut. Cells lose their
 * ends to "…". Colour goes on after truncation so escape codes never count as width. No
 * trailing spaces.
 */
export function renderTable<Row>(rows: readonly Row[], allColumns: readonly Column<Row>[], options: TableOptions): string {
  const {shown, uniform} = leaveOutUniform(rows, allColumns);
  const fitting = columnsThatFit(shown.map(column => measureColumn(rows, column)), options.width);
  if (fitting.length === 0) return '';
  const paint = painter(options.color);
  const widths = fitWidths(fitting, Math.max(1, options.width) - GAP * (fitting.length - 1));
  const headers = fitting.map((m, index) => (m.header.width <= widths[index]! ? m.header : m.short));

  const renderLine = (line: readonly Cell[], style: (index: number) => StyleName | undefined) =>
    line
      .map((cell, index) => {
        const width = widths[index]!;
        const fitted = cell.width <= width ? cell : fitCell(cell.text, width);
        const padding = ' '.repeat(Math.max(0, width - fitted.width));
        const last = index === line.length - 1;
        const painted = paint(style(index), fitted.text);
        if (fitting[index]!.column.align === 'right') return padding + painted;
        return last ? painted : painted + padding;
      })
      .join(' '.repeat(GAP))
      .trimEnd();

  const lines = [renderLine(headers, () => 'bold')];
  rows.forEach((row, rowIndex) => {
    lines.push(renderLine(fitting.map(m => m.cells[rowIndex]!), index => fitting[index]!.column.style?.(row)));
  });
  if (uniform.length > 0) {
    const said = uniform.map(({column, text}) => `${sanitizeText(column.header)} ${text}`).join(', ');
    lines.push(paint('dim', truncateToWidth(`Every row: ${said}`, Math.max(1, options.width))));
  }
  return `${lines.join('\n')}\n`;
}

interface Cell {
  text: string;
  width: number;
}

/** A column with its text measured: what the layout decides on. */
interface Measured<Row> {
  column: Column<Row>;
  header: Cell;
  /** The short header, or the header when there is none (or it is no shorter). */
  short: Cell;
  cells: Cell[];
  /** Widest cell or header, capped by maxWidth (never below the short header). */
  natural: number;
  /** Narrowest before columns are dropped: minWidth, never below the floor. */
  min: number;
  /** Narrowest at all: the short header, or the natural width of a whole column. */
  floor: number;
}

const measure = (text: string): Cell => ({text, width: textWidth(text)});

function measureColumn<Row>(rows: readonly Row[], column: Column<Row>): Measured<Row> {
  const header = measure(sanitizeText(column.header));
  const shortText = column.shortHeader === undefined ? header : measure(sanitizeText(column.shortHeader));
  const short = shortText.width < header.width ? shortText : header;
  const cells = rows.map(row => measure(sanitizeText(displayText(column.value(row)))));
  let natural = header.width;
  for (const cell of cells) natural = Math.max(natural, cell.width);
  if (column.maxWidth !== undefined) natural = Math.max(short.width, Math.min(natural, column.maxWidth));
  const floor = column.whole === true ? natural : short.width;
  const min = Math.max(floor, Math.min(natural, column.minWidth ?? DEFAULT_MIN_WIDTH));
  return {column, header, short, cells, natural, min, floor};
}

/** Text that says nothing in a table: empty, or the mark of an absent value. */
const isBlank = (text: string) => text === '' || text === ABSENT;

/**
 * Columns marked omitIfUniform that say nothing row to row: all blank (left out), or, with
 * two rows or more, all the same (left out, and their value said once under the table).
 */
function leaveOutUniform<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): {shown: Column<Row>[]; uniform: Array<{column: Column<Row>; text: string}>} {
  const shown: Column<Row>[] = [];
  const uniform: Array<{column: Column<Row>; text: string}> = [];
  for (const column of columns) {
    if (column.omitIfUniform !== true || rows.length === 0) {
      shown.push(column);
      continue;
    }
    const texts = [...new Set(rows.map(row => sanitizeText(displayText(column.value(row)))))];
    if (texts.every(isBlank)) continue;
    if (texts.length === 1 && rows.length > 1) uniform.push({column, text: texts[0]!});
    else shown.push(column);
  }
  return {shown, uniform};
}

/**
 * Drops the columns with the highest dropOrder until every remaining column fits at its
 * minimum (a narrow terminal loses whole columns of lesser value rather than a title cut to
 * a few characters); if even their floors do not fit, the last columns go, the first stays.
 */
function columnsThatFit<Row>(columns: readonly Measured<Row>[], width: number): readonly Measured<Row>[] {
  const total = (list: readonly Measured<Row>[], of: (m: Measured<Row>) => number) => list.reduce((sum, m) => sum + of(m), 0) + GAP * (list.length - 1);
  let kept = [...columns];
  for (;;) {
    const droppable = kept.filter(m => m.column.dropOrder !== undefined);
    if (total(kept, m => m.min) <= width || droppable.length === 0) break;
    const first = droppable.reduce((a, b) => (b.column.dropOrder! > a.column.dropOrder! ? b : a));
    kept = kept.filter(m => m !== first);
  }
  while (kept.length > 1 && total(kept, m => m.floor) > width) kept = kept.slice(0, -1);
  return kept;
}

/**
 * Shrinks the widest columns first until the total fits `available`: down to their
 * minimum, then to their floor; at each level the columns with a dropOrder (the least
 * read) give up cells before the others.
 */
function fitWidths<Row>(columns: readonly Measured<Row>[], available: number): number[] {
  const widths = columns.map(m => m.natural);
  const total = () => widths.reduce((sum, width) => sum + width, 0);
  const all = columns.map(() => true);
  const firstToGive = columns.map(m => m.column.dropOrder !== undefined);
  for (const floor of [columns.map(m => m.min), columns.map(m => m.floor)]) {
    for (const group of [firstToGive, all]) {
      let excess = total() - available;
      while (excess > 0) {
        let widest = -1;
        for (let i = 0; i < widths.length; i++) {
          if (group[i] && widths[i]! > floor[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
        }
        if (widest < 0) break;
        // Bring the widest down to the next widest of its group (or its floor, or just
        // enough), in one step. Ties give up one cell at a time, in turn.
        let next = floor[widest]!;
        for (let i = 0; i < widths.length; i++) if (group[i] && i !== widest && widths[i]! <= widths[widest]!) next = Math.max(next, widths[i]!);
        const cut = Math.max(1, Math.min(excess, widths[widest]! - next));
        widths[widest] = widths[widest]! - cut;
        excess -= cut;
      }
      if (excess <= 0) return widths;
    }
  }
  return widths;
}

/** A cell cut to `width`; for ASCII the width is known without measuring ("…" is one cell). */
function fitCell(text: string, width: number): Cell {
  const cut = truncateToWidth(text, width);
  return {text: cut, width: PRINTABLE_ASCII.test(text) ? Math.min(width, text.length) : stringWidth(cut)};
}

/**
 * cli-truncate can overshoot by one cell when a wide (CJK, emoji) character meets the cut;
 * cutting one cell shorter then leaves room the padding fills.
 */
export function truncateToWidth(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  if (width <= 0) return '';
  if (PRINTABLE_ASCII.test(text)) return `${text.slice(0, width - 1)}…`;
  for (let target = width; target > 0; target--) {
    const cut = cliTruncate(text, target, {position: 'end'});
    if (stringWidth(cut) <= width) return cut;
  }
  return '';
}
