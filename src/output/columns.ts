import type {StyleName} from './color.js';

/** What a column accessor may return; each formatter turns it into text its own way. */
export type CellValue = string | number | boolean | bigint | Date | null | undefined;

/**
 * One column of a listing, shared by every formatter so the table, TSV and markdown of a
 * command always carry the same fields in the same order.
 */
export interface Column<Row> {
  /** Header text, shown as given in tables and markdown (TSV has no header). */
  header: string;
  /**
   * What a table shows when the column is narrower than `header` (list it in
   * docs/output.md). A table never cuts a header: without a short form, the header's width
   * is the column's floor.
   */
  shortHeader?: string;
  value: (row: Row) => CellValue;
  /** A table never squeezes this column below this many cells (default: up to 8 wide). */
  minWidth?: number;
  /** A table truncates longer values to this many cells even when there is room. */
  maxWidth?: number;
  /** Never cut in a table (ids a reader copies): the column keeps its full width or is dropped. */
  whole?: boolean;
  /**
   * A table leaves the column out when it would tell the reader nothing: every value empty
   * or absent, or (two rows or more) every value the same, which a line under the table
   * then states once. TSV, markdown and JSON keep every column.
   */
  omitIfUniform?: boolean;
  /**
   * A table too narrow for every column's minimum drops columns with a dropOrder, highest
   * first (as the browser does), before squeezing any column below its minimum; while
   * squeezing, these columns give up cells before the others. Default: never dropped.
   */
  dropOrder?: number;
  /** `right` for numbers and counts. Default `left`. */
  align?: 'left' | 'right';
  /** Colour of a table cell (ignored when colour is off, and in every other format). */
  style?: (row: Row) => StyleName | undefined;
}

/**
 * How a person's formats (table, markdown) show a value the upstream left out (docs/contract.md#the-tolerant-reader
 * tolerant reader): a visible mark, so "absent" never reads as "empty". TSV keeps an empty
 * field, which is what `cut` and `awk` expect.
 */
export const ABSENT = '-';

/** cellText for a person: ABSENT for null and undefined. */
export function displayText(value: CellValue): string {
  return value === null || value === undefined ? ABSENT : cellText(value);
}

/** Text of a cell before sanitising: ISO-8601 for dates, empty for null and undefined. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return String(value);
}
