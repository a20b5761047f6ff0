import type {OutputStream} from './io.js';
import type {CommandContext} from './context.js';
import {ContractError, InterruptedError} from '../errors.js';
import {formatPageRows, renderJson, type Column, type OutputFormat} from '../output/index.js';

/*
 * `--all` for the listings that page with a cursor the upstream hands back (`next_page`,
 * `nextCursor`): every page streamed as it arrives, so memory stays flat however long the
 * list. The next page is requested while the current one is written (network and a slow
 * reader overlap), and at most one page waits while one is written, since writing waits
 * for the reader to drain. JSON becomes NDJSON, one row a line; CSV and markdown keep one
 * header. A cursor that comes back a second time would loop forever: the upstream broke its
 * contract, so the stream stops there with a ContractError.
 */

export interface Page<Row> {
  rows: readonly Row[];
  /** The cursor of the next page; null on the last. */
  next: string | null;
}

export interface StreamPagesOptions<Row> {
  /** Fetches the page at `cursor` (undefined: the first page, or the one the user named). */
  fetch: (cursor: string | undefined) => Promise<Page<Row>>;
  first?: string;
  format: OutputFormat;
  columns: readonly Column<Row>[];
  /** What a row is in NDJSON (default: the row). */
  json?: (row: Row) => unknown;
  /** Names the operation in a ContractError (`POST takedowns/list`). */
  what: string;
  /** "takedowns": the stderr progress line and the empty note. */
  noun: string;
}

/** Streams every page; returns how many rows were written. */
export async function streamPages<Row>(ctx: CommandContext, options: StreamPagesOptions<Row>): Promise<number> {
  const {format, columns} = options;
  const seen = new Set<string>();
  const request = (cursor: string | undefined) => {
    const page = options.fetch(cursor);
    // Awaited on the next turn; until then a failure must not count as unhandled.
    page.catch(() => {});
    return page;
  };
  const text = (rows: readonly Row[], index: number) =>
    format === 'json' ? rows.map(row => renderJson(options.json ? options.json(row) : row, {pretty: false})).join('') : formatPageRows(ctx.io, format, rows, columns, index);
  let pending: Promise<Page<Row>> | undefined = request(options.first);
  let shown = 0;
  for (let index = 0; pending; index++) {
    if (ctx.signal.aborted) throw new InterruptedError();
    const page: Page<Row> = await pending;
    pending = undefined;
    const next = page.rows.length === 0 ? null : page.next;
    const looped = next !== null && seen.has(next);
    if (next !== null && !looped) {
      seen.add(next);
      pending = request(next);
    }
    await writeDrained(ctx.io.stdout, text(page.rows, index), ctx.signal);
    shown += page.rows.length;
    if (looped) throw new ContractError(options.what, [`next page ${JSON.stringify(next)} was already returned; stopping after ${shown} ${options.noun}`]);
  }
  if (shown === 0 && format === 'csv') await writeDrained(ctx.io.stdout, formatPageRows(ctx.io, format, [], columns, 0), ctx.signal);
  return shown;
}

/** Writes, then waits for a slow reader (`| less`) to drain, so pages never pile up in memory. */
export async function writeDrained(stream: OutputStream, text: string, signal: AbortSignal): Promise<void> {
  if (text === '') return;
  const flushed = stream.write(text);
  const emitter = stream as Partial<NodeJS.WritableStream>;
  if (flushed !== false || typeof emitter.once !== 'function') return;
  await new Promise<void>(resolve => {
    const done = () => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    emitter.once!('drain', done);
    signal.addEventListener('abort', done, {once: true});
  });
}
