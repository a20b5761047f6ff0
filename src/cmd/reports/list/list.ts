import type {ApiClient} from '../../../api/client.js';
import type {ListReportsFilters, ListReportsResult, Report} from '../../../api/wire/index.js';
import type {CommandContext} from '../../../cli/context.js';
import {ContractError, InterruptedError} from '../../../errors.js';
import {colorEnabled, formatPageRows, painter, printJson, printRows, renderJson, sanitizeText, type OutputFormat} from '../../../output/index.js';
import {listErrorInFlagWords} from './errors.js';
import {writeDrained} from '../../../cli/pages.js';
import {listColumns, withAwaiting} from './format.js';
import {nextPageCommand, validateListFlags, type ListFilterFlags} from './options.js';

// The browser parses its flags as the table does.
export {validateListFlags};

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
  return client.listReports(filters, {signal: ctx.signal}).catch(error => {
    throw listErrorInFlagWords(error);
  });
}

/** `vigil reports list`, static and scripted output. */
export async function runReportsList(flags: ListFlags, ctx: CommandContext): Promise<void> {
  const {filters, format, warnings} = validateListFlags(flags, ctx);
  for (const warning of warnings) ctx.io.stderr.write(`warning: ${warning}\n`);
  const client = ctx.client();
  const columns = listColumns({proposals: filters.needsCustomerReview === true, ...(format === 'table' ? {relativeTo: ctx.now().getTime()} : {})});
  if (flags.all === true) {
    await streamAllPages(filters, format, ctx, client);
    return;
  }

  const page = await fetchReportsPage(filters, ctx, client);
  if (format === 'json') {
    printJson(ctx.io, filters.needsCustomerReview === true ? {...page, reports: page.reports.map(withAwaiting)} : page);
    return;
  }
  printRows(ctx.io, format, page.reports, columns, {emptyMessage: EMPTY_MESSAGE});
  // The footer is for a person at a terminal: never in TSV or markdown a script reads.
  if (format === 'table' && page.reports.length > 0) {
    const lines = [`Showing ${page.reports.length}${page.totalCount === null ? '' : ` of ${page.totalCount}`}`];
    if (page.nextCursor !== null) lines.push(`Next page: ${nextPageCommand(filters, sanitizeText(page.nextCursor), flags.interactive === false ? ['--no-interactive'] : [])}`);
    // The cursor comes from the upstream: no control sequence may reach the terminal through it.
    ctx.io.stdout.write(`\n${dim(ctx, lines.map(line => sanitizeText(line)).join('\n'))}\n`);
  }
}

/**
 * `--all`: follows nextCursor to the end, writing each page's rows as it arrives, so memory
 * stays flat however many reports there are. The next page is requested before the current
 * one is written, so the network and a slow reader overlap instead of taking turns; at most
 * one page waits while one is written (and writing waits for the reader to drain).
 * JSON becomes NDJSON (one report a line). Markdown keeps one header; a table repeats its
 * header per page, since widths are only known page by page. Ctrl+C aborts the request in
 * flight (ctx.signal); a closed pipe ends the process quietly (the bootstrap's EPIPE handler).
 */
async function streamAllPages(filters: ListReportsFilters, format: OutputFormat, ctx: CommandContext, client: ApiClient): Promise<void> {
  const columns = listColumns({proposals: filters.needsCustomerReview === true, ...(format === 'table' ? {relativeTo: ctx.now().getTime()} : {})});
  const seen = new Set<string>();
  const request = (cursor: string | undefined) => {
    const page = fetchReportsPage({...filters, ...(cursor === undefined ? {} : {cursor})}, ctx, client);
    // Awaited on the next turn; until then a failure must not count as unhandled.
    page.catch(() => {});
    return page;
  };
  let pending: Promise<ListReportsResult> | undefined = request(filters.cursor);
  let shown = 0;
  let totalCount: number | null = null;
  const progress = allProgress(ctx);
  for (let pageIndex = 0; pending; pageIndex++) {
    if (ctx.signal.aborted) throw new InterruptedError();
    const page: ListReportsResult = await pending;
    pending = undefined;
    totalCount = page.totalCount;
    const next = page.reports.length === 0 ? null : page.nextCursor;
    if (next !== null) {
      // A cursor that comes back again would loop forever: the upstream broke its contract.
      if (seen.has(next)) {
        progress.clear();
        await writeDrained(ctx.io.stdout, formatPage(ctx, format, page.reports, columns, pageIndex, filters), ctx.signal);
        throw new ContractError('GET organization/reports', [`nextCursor ${JSON.stringify(next)} was already returned; stopping after ${shown + page.reports.length} reports`]);
      }
      seen.add(next);
      pending = request(next);
    }
    progress.clear();
    await writeDrained(ctx.io.stdout, formatPage(ctx, format, page.reports, columns, pageIndex, filters), ctx.signal);
    shown += page.reports.length;
    progress.show(pageIndex + 1, shown, totalCount);
  }
  progress.done();
  if (shown === 0 && (format === 'table' || format === 'markdown')) ctx.io.stderr.write(`${EMPTY_MESSAGE}\n`);
  if (format === 'table' && shown > 0) {
    ctx.io.stdout.write(`\n${dim(ctx, `Showing ${shown}${totalCount === null ? '' : ` of ${totalCount}`} (all pages)`)}\n`);
  }
}

/**
 * `--all` on a terminal: one stderr line, rewritten after each page ("fetched 3 pages, 60
 * of 134 reports"), cleared before rows go to a terminal stdout so the two never mix; left
 * as a summary when stdout is a pipe. Nothing at all when stderr is not a terminal.
 */
function allProgress(ctx: CommandContext) {
  const on = ctx.io.stderr.isTTY === true;
  let last = '';
  const clear = () => {
    if (on && last !== '') ctx.io.stderr.write('\r\u001b[K');
  };
  return {
    clear,
    show(pages: number, rows: number, total: number | null) {
      if (!on) return;
      last = `fetched ${pages} page${pages === 1 ? '' : 's'}, ${rows}${total === null ? '' : ` of ${total}`} reports`;
      ctx.io.stderr.write(`\r\u001b[K${last}`);
    },
    done() {
      if (!on || last === '') return;
      if (ctx.io.stdoutIsTTY) clear();
      else ctx.io.stderr.write('\n');
    },
  };
}

function formatPage(ctx: CommandContext, format: OutputFormat, reports: Report[], columns: ReturnType<typeof listColumns>, pageIndex: number, filters: ListReportsFilters): string {
  if (format === 'json') return reports.map(report => renderJson(filters.needsCustomerReview === true ? withAwaiting(report) : report, {pretty: false})).join('');
  return formatPageRows(ctx.io, format, reports, columns, pageIndex);
}

function dim(ctx: CommandContext, text: string): string {
  return painter(colorEnabled(ctx.io))('dim', text);
}
