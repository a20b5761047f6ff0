import {displayText, type Column} from './columns.js';
import {sanitizeText} from './sanitize.js';

/**
 * A GitHub-flavoured markdown table (for tickets and incident notes): header row, a
 * delimiter row carrying the alignment, `|` escaped as `\|`, line breaks as `<br>`, tabs as
 * spaces, terminal control sequences removed. Every row is written even when empty.
 * Upstream text is data, not markup: HTML (`<img onerror=...>`) and link or image syntax
 * (`[x](javascript:...)`) are escaped so a rendered ticket shows them as typed.
 */
export function renderMarkdown<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  if (columns.length === 0) return '';
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const out = [
    line(columns.map(column => escapeMarkdownCell(column.header))),
    line(columns.map(column => (column.align === 'right' ? '---:' : '---'))),
    ...rows.map(row => line(columns.map(column => escapeMarkdownCell(displayText(column.value(row)))))),
  ];
  return `${out.join('\n')}\n`;
}

export function escapeMarkdownCell(text: string): string {
  return sanitizeText(text, {multiline: true})
    .replace(/\t/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[[\]]/g, char => `\\${char}`)
    .trim()
    .replace(/ *\n */g, '<br>');
}
