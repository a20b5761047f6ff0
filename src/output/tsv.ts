import {cellText, type Column} from './columns.js';
import {sanitizeText} from './sanitize.js';

/**
 * Tab-separated rows for pipes: no header, no colour, no truncation, one record a line.
 * Backslash, tab, newline and CR inside a value are written `\\`, `\t`, `\n`, `\r`, so a
 * description with line breaks cannot split a record (the escaping of `mysql -B` and
 * PostgreSQL's text COPY; `printf '%b'` undoes it). Terminal control sequences are removed.
 */
export function renderTsv<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  return rows.map(row => `${columns.map(column => escapeTsvField(cellText(column.value(row)))).join('\t')}\n`).join('');
}

export function escapeTsvField(text: string): string {
  return sanitizeText(text, {multiline: true}).replace(/[\\\t\n]/g, char => (char === '\\' ? '\\\\' : char === '\t' ? '\\t' : '\\n'));
}
