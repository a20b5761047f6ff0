import type {ListTakedownsResult, TakedownFilters} from '../../../api/wire/index.js';
import {listTakedowns} from '../../../api/wire/endpoints/takedowns.js';
import type {CommandContext} from '../../../cli/context.js';
import {streamPages} from '../../../cli/pages.js';
import {printJson, printRows, sanitizeText} from '../../../output/index.js';
import {TAKEDOWN_COLUMNS} from '../shared/columns.js';
import {takedownsNextPageCommand, validateTakedownsListFlags, type TakedownsListFlags} from './options.js';

const EMPTY_MESSAGE = 'No takedowns match these filters.';

function fetchPage(filters: TakedownFilters, ctx: CommandContext): Promise<ListTakedownsResult> {
  return ctx.client().call(listTakedowns, filters, {signal: ctx.signal});
}

/**
 * `vigil takedowns list`: one page of POST /takedowns/list, or with --all every page,
 * streamed (--json: one takedown a line).
 */
export async function runTakedownsList(flags: TakedownsListFlags, ctx: CommandContext): Promise<void> {
  const {filters, format, all, warnings} = validateTakedownsListFlags(flags, ctx);
  for (const warning of warnings) ctx.io.stderr.write(`warning: ${sanitizeText(warning)}\n`);
  if (all) {
    const shown = await streamPages(ctx, {
      fetch: async cursor => {
        const page = await fetchPage({...filters, ...(cursor === undefined ? {} : {nextPage: cursor})}, ctx);
        return {rows: page.takedowns, next: page.nextPage};
      },
      format,
      columns: TAKEDOWN_COLUMNS,
      what: `${listTakedowns.method} ${listTakedowns.path}`,
      noun: 'takedowns',
    });
    if (shown === 0 && (format === 'table' || format === 'markdown')) ctx.io.stderr.write(`${EMPTY_MESSAGE}\n`);
    return;
  }
  const page = await fetchPage(filters, ctx);
  if (format === 'json') {
    printJson(ctx.io, page);
    return;
  }
  printRows(ctx.io, format, page.takedowns, TAKEDOWN_COLUMNS, {emptyMessage: EMPTY_MESSAGE});
  // For a person at a terminal only: TSV, CSV and markdown carry rows and nothing else.
  if (format === 'table' && page.nextPage !== null && page.takedowns.length > 0) {
    ctx.io.stdout.write(`\nNext page: ${sanitizeText(takedownsNextPageCommand(filters, page.nextPage))}\n`);
  }
}
