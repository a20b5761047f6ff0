import {nextPageSchema, type AnyEndpoint} from '../api/wire/index.js';
import {printJson, printRows, resolveOutputFormat, sanitizeText, type CellValue, type Column, type OutputFlags, type OutputFormat} from '../output/index.js';
import type {CommandContext} from './context.js';
import {streamPages} from './pages.js';
import {Problems, capture} from './problems.js';

/*
 * One reader and formatter for the platform's plain reads (docs/contract.md#passthrough-reads),
 * so nine commands are nine declarations, not nine copies. The body is never checked against
 * a schema: `--json` prints it as the upstream sent it (stdout masks registered secrets, as
 * every output does), and the other formats show what a view can read of it. A view reads
 * tolerantly: a field missing, null or of another type is an absent cell, never a failed page.
 */

/** A row a view made of the body: any JSON object. */
export type Row = Readonly<Record<string, unknown>>;

/** How a read is shown in a table, TSV, markdown and CSV. */
export interface View {
  rows: (body: unknown) => readonly Row[];
  columns: readonly Column<Row>[];
}

export const isObjectRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted path (`group.name`), or undefined where the body has none. */
export function valueAt(row: unknown, path: string): unknown {
  let value = row;
  for (const key of path.split('.')) {
    if (!isObjectRow(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/** A cell of a scalar at `path`; an object, an array or nothing there is an absent cell. */
export function scalarAt(row: unknown, path: string): CellValue {
  const value = valueAt(row, path);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

/** A column showing the scalar at `path`. */
export function fieldColumn(header: string, path: string, extra: Partial<Column<Row>> = {}): Column<Row> {
  return {header, value: row => scalarAt(row, path), ...extra};
}

/** A list view: the objects of the array at `key` (other items are skipped: nothing to show of them). */
export function listView(key: string, columns: readonly Column<Row>[]): View {
  return {rows: body => rowsAt(body, key), columns};
}

/** The objects of the array at `key` of the body. */
export function rowsAt(body: unknown, key: string): Row[] {
  const list = valueAt(body, key);
  return Array.isArray(list) ? list.filter(isObjectRow) : [];
}

/** Longest dotted path a field view spells out; deeper values show as JSON. */
const MAX_DEPTH = 8;

/**
 * The field view, for an answer whose shape the docs leave unstated: one row per scalar the
 * body holds (FIELD a dotted path, `[i]` for an array item; VALUE the value), so whatever the
 * upstream sends is shown, and an empty object or list still says it is there.
 */
export const FIELD_VIEW: View = {
  rows: body => flattenFields(body),
  columns: [
    {header: 'FIELD', value: row => row.field as string, maxWidth: 60},
    {header: 'VALUE', value: row => row.value as CellValue, minWidth: 20},
  ],
};

export function flattenFields(body: unknown): Row[] {
  const rows: Row[] = [];
  const walk = (value: unknown, path: string, depth: number) => {
    if (Array.isArray(value) || isObjectRow(value)) {
      const entries = Array.isArray(value) ? value.map((item, index) => [`[${index}]`, item] as const) : Object.entries(value).map(([key, item]) => [path === '' ? key : `.${key}`, item] as const);
      if (entries.length === 0 || depth >= MAX_DEPTH) {
        rows.push({field: path === '' ? '.' : path, value: JSON.stringify(value)});
        return;
      }
      for (const [key, item] of entries) walk(item, `${path}${key}`, depth + 1);
      return;
    }
    rows.push({field: path === '' ? '.' : path, value: value === null ? 'null' : (value as CellValue)});
  };
  walk(body, '', 0);
  return rows;
}

export interface PassthroughRead {
  /** A read declared in src/api/wire/endpoints/platform.ts (its answer read as sent). */
  endpoint: AnyEndpoint;
  /** The endpoint's input (vigil's names; the declaration spells the wire's). */
  input: unknown;
  format: OutputFormat;
  view: View;
  /** Said on stderr for a person when the view finds no rows. */
  emptyMessage: string;
  /** For a read that pages by `next_page`: the input of the page at a cursor, and what a person is shown. */
  paging?: {all: boolean; withCursor: (cursor: string) => unknown; nextCommand: (cursor: string) => string; noun: string};
}

/** Runs one read and prints it; every failure is the client's (exit codes as every command's). */
export async function runPassthroughRead(ctx: CommandContext, spec: PassthroughRead): Promise<void> {
  const {endpoint, format, view, paging} = spec;
  const fetch = (cursor?: string): Promise<unknown> =>
    ctx.client().call(endpoint, cursor === undefined || paging === undefined ? spec.input : paging.withCursor(cursor), {signal: ctx.signal});
  if (paging?.all) {
    const shown = await streamPages(ctx, {
      fetch: async cursor => {
        const body = await fetch(cursor);
        return {rows: view.rows(body), next: nextPageOf(body)};
      },
      format,
      columns: view.columns,
      what: `${endpoint.method} ${endpoint.path}`,
      noun: paging.noun,
    });
    if (shown === 0 && (format === 'table' || format === 'markdown')) ctx.io.stderr.write(`${spec.emptyMessage}\n`);
    return;
  }
  const body = await fetch();
  if (format === 'json') {
    printJson(ctx.io, body);
    return;
  }
  const rows = view.rows(body);
  printRows(ctx.io, format, rows, view.columns, {emptyMessage: spec.emptyMessage});
  const next = paging ? nextPageOf(body) : null;
  // For a person at a terminal only: TSV, CSV and markdown carry rows and nothing else.
  if (format === 'table' && paging && next !== null && rows.length > 0) ctx.io.stdout.write(`\nNext page: ${sanitizeText(paging.nextCommand(next))}\n`);
}

/** `next_page` read as the paged listings read it; anything else there ends the listing. */
export function nextPageOf(body: unknown): string | null {
  const parsed = nextPageSchema().safeParse(valueAt(body, 'next_page'));
  return parsed.success ? parsed.data : null;
}

/** The output format of a read's flags, or with the other problems one exit-3 error (nothing sent). */
export function readFormat(flags: OutputFlags, ctx: CommandContext, problems = new Problems()): OutputFormat {
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  problems.throwIfAny();
  return format!;
}

/** A read that takes no flags but the output's: the request the docs name (none: `{}`), then the view. */
export async function runPlainRead(flags: OutputFlags, ctx: CommandContext, read: Omit<PassthroughRead, 'format' | 'input'>): Promise<void> {
  const format = readFormat(flags, ctx);
  await runPassthroughRead(ctx, {...read, input: {}, format});
}
