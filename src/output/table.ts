import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import {painter, type StyleName} from './color.js';
import {displayText, type Column} from './columns.js';
import {sanitizeText} from './sanitize.js';

export interface TableOptions {
  /** Terminal width in cells; the table is truncated to fit it. */
  width: number;
  color: boolean;
}

const GAP = 2;
const DEFAULT_MIN_WIDTH = 8;

/**
 * A headed, aligned table for a terminal. Cells are sanitised to one line; when the table
 * is wider than the terminal, the widest columns give up cells first (never below their
 * minimum, then, if that is still too wide, down to one cell) and lose their ends to "…".
 * Colour goes on after truncation so escape codes never count as width. No trailing spaces.
 */
export function renderTable<Row>(rows: readonly Row[], allColumns: readonly Column<Row>[], options: TableOptions): string {
  const columns = columnsThatFit(rows, allColumns, options.width);
  if (columns.length === 0) return '';
  const paint = painter(options.color);
  const measure = (text: string): Cell => ({text, width: textWidth(text)});
  const headers = columns.map(column => measure(sanitizeText(column.header)));
  const cells = rows.map(row => columns.map(column => measure(sanitizeText(displayText(column.value(row))))));
  const natural = columns.map((column, index) => {
    let width = headers[index]!.width;
    for (const line of cells) width = Math.max(width, line[index]!.width);
    return column.maxWidth === undefined ? width : Math.min(width, Math.max(1, column.maxWidth));
  });
  const mins = columns.map((column, index) => Math.min(natural[index]!, column.minWidth ?? DEFAULT_MIN_WIDTH));
  const widths = fitWidths(natural, mins, Math.max(1, options.width) - GAP * (columns.length - 1));

  const renderLine = (line: readonly Cell[], style: (index: number) => StyleName | undefined) =>
    line
      .map((cell, index) => {
        const width = widths[index]!;
        const fitted = cell.width <= width ? cell : fitCell(cell.text, width);
        const padding = ' '.repeat(Math.max(0, width - fitted.width));
        const last = index === line.length - 1;
        const painted = paint(style(index), fitted.text);
        if (columns[index]!.align === 'right') return padding + painted;
        return last ? painted : painted + padding;
      })
      .join(' '.repeat(GAP))
      .trimEnd();

  const lines = [renderLine(headers, () => 'bold')];
  rows.forEach((row, rowIndex) => {
    lines.push(renderLine(cells[rowIndex]!, index => columns[index]!.style?.(row)));
  });
  return `${lines.join('\n')}\n`;
}

interface Cell {
  text: string;
  width: number;
}

/**
 * Drops the columns with the highest dropOrder until every remaining column fits at its
 * minimum width (or nothing more may be dropped): a narrow terminal loses whole columns
 * of lesser value rather than a title cut to a few characters.
 */
function columnsThatFit<Row>(rows: readonly Row[], columns: readonly Column<Row>[], width: number): readonly Column<Row>[] {
  const need = (column: Column<Row>) => {
    let natural = textWidth(sanitizeText(column.header));
    for (const row of rows) natural = Math.max(natural, textWidth(sanitizeText(displayText(column.value(row)))));
    if (column.maxWidth !== undefined) natural = Math.min(natural, column.maxWidth);
    return Math.min(natural, column.minWidth ?? DEFAULT_MIN_WIDTH);
  };
  let kept = [...columns];
  for (;;) {
    const total = kept.reduce((sum, column) => sum + need(column), 0) + GAP * (kept.length - 1);
    const droppable = kept.filter(column => column.dropOrder !== undefined);
    if (total <= width || droppable.length === 0) return kept;
    const first = droppable.reduce((a, b) => (b.dropOrder! > a.dropOrder! ? b : a));
    kept = kept.filter(column => column !== first);
  }
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * Terminal cells a sanitised text takes. Most cells are plain ASCII, one cell per
 * character; string-width (grapheme segmentation) only for the rest: a 10,000-row table
 * renders several times faster.
 */
function textWidth(text: string): number {
  return PRINTABLE_ASCII.test(text) ? text.length : stringWidth(text);
}

/** Shrinks the widest columns first until the total fits `available`. */
function fitWidths(natural: number[], mins: number[], available: number): number[] {
  const widths = [...natural];
  const total = () => widths.reduce((sum, width) => sum + width, 0);
  for (const floor of [mins, mins.map(() => 1)]) {
    let excess = total() - available;
    while (excess > 0) {
      let widest = -1;
      for (let i = 0; i < widths.length; i++) {
        if (widths[i]! > floor[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
      }
      if (widest < 0) break;
      // Bring the widest down to the next widest (or its floor, or just enough), in one step.
      // Ties give up one cell at a time, in turn.
      let next = floor[widest]!;
      for (let i = 0; i < widths.length; i++) if (i !== widest && widths[i]! <= widths[widest]!) next = Math.max(next, widths[i]!);
      const cut = Math.max(1, Math.min(excess, widths[widest]! - next));
      widths[widest] = widths[widest]! - cut;
      excess -= cut;
    }
    if (excess <= 0) break;
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
