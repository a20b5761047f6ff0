import type {IO} from '../cli/io.js';
import {colorEnabled} from './color.js';
import type {Column} from './columns.js';
import type {OutputFormat} from './format.js';
import {renderJson} from './json.js';
import {renderMarkdown} from './markdown.js';
import {renderCsv} from './csv.js';
import {renderTsv} from './tsv.js';

/*
 * The table renderer is loaded only by a run that may draw a table: string-width builds an
 * Intl.Segmenter when it is imported (tens of ms), which a piped, --json or --dry-run run
 * never needs. runWork loads it first (tableMayBeDrawn), so formatting stays synchronous.
 */
let table: typeof import('./table.js') | undefined;

/** Loads the table renderer; formatRows('table') needs it loaded. */
export async function loadTableRenderer(): Promise<void> {
  table ??= await import('./table.js');
}

/** Whether a run with these flags may print a table: on a terminal, or asked for with --output. */
export function tableMayBeDrawn(flags: {json?: unknown; output?: unknown}, io: {stdoutIsTTY: boolean}): boolean {
  return flags.json !== true && (io.stdoutIsTTY || flags.output !== undefined);
}

export interface PrintRowsOptions {
  /**
   * What `--json` prints instead of the rows themselves (e.g. `{items, totalCount,
   * nextCursor}`). Default: the rows as given, every field, keys sorted.
   */
  json?: unknown;
  /** Said on stderr, for a person, when there are no rows (table or markdown). Exit stays 0. */
  emptyMessage?: string;
}

/** Terminal width: what the terminal reports, else COLUMNS, else 80. */
export function terminalWidth(io: Pick<IO, 'stdout' | 'env'>): number {
  const reported = io.stdout.columns;
  if (reported !== undefined && reported > 0) return reported;
  const fromEnv = Number.parseInt(io.env.COLUMNS ?? '', 10);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 80;
}

/**
 * A table's width: the terminal's; on a pipe (`--output table > file`, `| less -S`) COLUMNS
 * when set, else no limit: no terminal wraps it there, and a cut cell is lost data.
 */
function tableWidth(io: Pick<IO, 'stdout' | 'env' | 'stdoutIsTTY'>): number {
  if (io.stdoutIsTTY) return terminalWidth(io);
  const fromEnv = Number.parseInt(io.env.COLUMNS ?? '', 10);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : Number.POSITIVE_INFINITY;
}

/**
 * The one way static commands print a listing, so every data command behaves the same:
 * the format from `resolveOutputFormat`, results on stdout, the "nothing found" note on
 * stderr (never mixed into data a script reads).
 */
export function printRows<Row>(io: IO, format: OutputFormat, rows: readonly Row[], columns: readonly Column<Row>[], options: PrintRowsOptions = {}): void {
  io.stdout.write(formatRows(io, format, rows, columns, options));
  if (rows.length === 0 && options.emptyMessage && (format === 'table' || format === 'markdown')) {
    io.stderr.write(`${options.emptyMessage}\n`);
  }
}

/** What `printRows` writes to stdout, as a string (for views that place it themselves). */
export function formatRows<Row>(io: IO, format: OutputFormat, rows: readonly Row[], columns: readonly Column<Row>[], options: PrintRowsOptions = {}): string {
  switch (format) {
    case 'json':
      return renderJson(options.json === undefined ? rows : options.json, {pretty: io.stdoutIsTTY});
    case 'tsv':
      return renderTsv(rows, columns);
    case 'markdown':
      return renderMarkdown(rows, columns);
    case 'csv':
      return renderCsv(rows, columns);
    case 'table':
      if (rows.length === 0) return '';
      if (table === undefined) throw new Error('the table renderer is not loaded (loadTableRenderer)');
      return table.renderTable(rows, columns, {width: tableWidth(io), color: colorEnabled(io)});
  }
}

/**
 * One page of a listing streamed page by page (`--all`), as text: later pages continue the
 * first page's markdown table or CSV, so they carry no header (nor delimiter) row; a table
 * repeats its header per page, since widths are only known page by page. Not for JSON
 * (each command writes its own NDJSON line).
 */
export function formatPageRows<Row>(io: IO, format: OutputFormat, rows: readonly Row[], columns: readonly Column<Row>[], pageIndex: number): string {
  if (rows.length === 0) return '';
  if (format === 'csv') return renderCsv(rows, columns, {header: pageIndex === 0});
  const text = formatRows(io, format, rows, columns);
  if (format === 'markdown' && pageIndex > 0) return text.split('\n').slice(2).join('\n');
  return text;
}

/** A single value for `--json` (a created report, a status): sorted keys, indented on a TTY. */
export function printJson(io: IO, value: unknown): void {
  io.stdout.write(renderJson(value, {pretty: io.stdoutIsTTY}));
}
