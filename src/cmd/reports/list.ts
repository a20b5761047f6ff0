import type {ApiClient} from '../../api/client.js';
import type {ListReportsFilters, ListReportsResult, Report} from '../../api/wire/index.js';
import type {CommandContext} from '../../cli/context.js';
import type {OutputStream} from '../../cli/io.js';
import {ContractError, InterruptedError} from '../../errors.js';
import {colorEnabled, formatRows, painter, printJson, printRows, renderJson, sanitizeText, type OutputFormat} from '../../output/index.js';
import {listColumns} from './list-format.js';
import {nextPageCommand, validateListFlags, type ListFilterFlags} from './list-options.js';

export interface ListFlags extends ListFilterFlags {
  /** Follow the cursor to the last page, streaming rows as pages arrive. */
  all?: boolean;
  /** `--no-interactive` (false): the static path ignores it, but repeats it in the next-page command. */
  interactive?: boolean;
}

const EMPTY_MESSAGE = 'No reports match these filters.';

/**
 * One page of GET /organization/reports. The interactive browser reuses it to page
 * through the same filters.
 */
export function fetchReportsPage(filters: ListReportsFilters, ctx: CommandContext, client: ApiClient = ctx.client()): Promise<ListReportsResult> {
  return client.listReports(filters, {signal: ctx.signal});
}

/** `vigil reports list`, static and scripted output. */
export async function runReportsList(flags: ListFlags, ctx: CommandContext): Promise<void> {
  const {filters, format, warnings} = validateListFlags(flags, ctx);
  for (const warning of warnings) ctx.io.stderr.write(`warning: ${warning}\n`);
  const client = ctx.client();
  const columns = listColumns({proposals: filters.needsCustomerReview === true});
  if (flags.all === true) {
    await streamAllPages(filters, format, ctx, client);
    return;
  }

  const page = await fetchReportsPage(filters, ctx, client);
  if (format === 'json') {
    printJson(ctx.io, page);
    return;
  }
  printRows(ctx.io, format, page.reports, columns, {emptyMessage: EMPTY_MESSAGE});
  // The footer is for a person at a terminal: never in TSV or markdown a script reads.
  if (format === 'table' && page.reports.length > 0) {
    const lines = [`Showing ${page.reports.length}${page.totalCount === null ? '' : ` of ${page.totalCount}`}`];
    if (page.nextCursor !== null) lines.push(`Next page: ${nextPageCommand(filters, page.nextCursor, flags.interactive === false ? ['--no-interactive'] : [])}`);
    // The cursor comes from the upstream: no control sequence may reach the terminal through it.
    ctx.io.stdout.write(`\n${dim(ctx, lines.map(line => sanitizeText(line)).join('\n'))}\n`);
  }
}

/**
 * `--all`: follows nextCursor to the end, writing each page's rows as it arrives, so memory
 * stays flat however many reports there are. JSON becomes NDJSON (one report a line).
 * Markdown keeps one header; a table repeats its header per page, since widths are only
 * known page by page. Ctrl+C aborts the request in flight (ctx.signal); a closed pipe ends
 * the process quietly (the bootstrap's EPIPE handler).
 */
async function streamAllPages(filters: ListReportsFilters, format: OutputFormat, ctx: CommandContext, client: ApiClient): Promise<void> {
  const columns = listColumns({proposals: filters.needsCustomerReview === true});
  const seen = new Set<string>();
  let cursor = filters.cursor;
  let shown = 0;
  let totalCount: number | null = null;
  for (let pageIndex = 0; ; pageIndex++) {
    if (ctx.signal.aborted) throw new InterruptedError();
    const page = await fetchReportsPage({...filters, ...(cursor === undefined ? {} : {cursor})}, ctx, client);
    totalCount = page.totalCount;
    await write(ctx.io.stdout, formatPage(ctx, format, page.reports, columns, pageIndex), ctx.signal);
    shown += page.reports.length;
    if (page.nextCursor === null || page.reports.length === 0) break;
    // A cursor that comes back again would loop forever: the upstream broke its contract.
    if (seen.has(page.nextCursor)) {
      throw new ContractError('GET organization/reports', [`nextCursor ${JSON.stringify(page.nextCursor)} was already returned; stopping after ${shown} reports`]);
    }
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
  if (shown === 0 && (format === 'table' || format === 'markdown')) ctx.io.stderr.write(`${EMPTY_MESSAGE}\n`);
  if (format === 'table' && shown > 0) {
    ctx.io.stdout.write(`\n${dim(ctx, `Showing ${shown}${totalCount === null ? '' : ` of ${totalCount}`} (all pages)`)}\n`);
  }
}

function formatPage(ctx: CommandContext, format: OutputFormat, reports: Report[], columns: ReturnType<typeof listColumns>, pageIndex: number): string {
  if (format === 'json') return reports.map(report => renderJson(report, {pretty: false})).join('');
  if (reports.length === 0) return '';
  const text = formatRows(ctx.io, format, reports, columns);
  // Later pages continue the first page's markdown table: drop their header and delimiter rows.
  if (format === 'markdown' && pageIndex > 0) return text.split('\n').slice(2).join('\n');
  return text;
}

/** Writes, then waits for a slow reader (`| less`) to drain, so pages never pile up in memory. */
async function write(stream: OutputStream, text: string, signal: AbortSignal): Promise<void> {
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

function dim(ctx: CommandContext, text: string): string {
  return painter(colorEnabled(ctx.io))('dim', text);
}
