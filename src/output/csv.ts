import {cellText, type Column} from './columns.js';
import {sanitizeText} from './sanitize.js';

/**
 * RFC 4180 CSV for spreadsheets and `--output csv`: a header row, then one record per row,
 * each line ended by CRLF (section 2.1). A field holding a comma, a double quote, CR or LF
 * is quoted and its quotes doubled (2.6, 2.7); line breaks inside a value stay, quoted, so a
 * spreadsheet shows them. Terminal control sequences are removed first, as in every format.
 * An absent value is an empty field. Cells are not prefixed against formula injection: a
 * leading `+` or `-` is real data here (E.164 phone numbers, handles), and a `'` would
 * change what a script reads back.
 */
export function renderCsv<Row>(rows: readonly Row[], columns: readonly Column<Row>[], options: {header?: boolean} = {}): string {
  if (columns.length === 0) return '';
  const line = (cells: readonly string[]) => `${cells.map(escapeCsvField).join(',')}\r\n`;
  const header = options.header === false ? '' : line(columns.map(column => column.header));
  return header + rows.map(row => line(columns.map(column => cellText(column.value(row))))).join('');
}

export function escapeCsvField(text: string): string {
  // Newlines normalised to CRLF inside a quoted field, as the record separator is.
  const clean = sanitizeText(text, {multiline: true}).replace(/\n/g, '\r\n');
  return /[",\r\n]/.test(clean) ? `"${clean.replace(/"/g, '""')}"` : clean;
}
