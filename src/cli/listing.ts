import type {CommandContext} from './context.js';
import {streamPages} from './pages.js';
import {printJson, printRows, sanitizeText, type Column, type OutputFormat} from '../output/index.js';

/*
 * How a platform listing runs (takedowns, threats, assets, detections): one page, or with
 * --all every page streamed (pages.ts). One page's --json is the page as vigil reads it
 * (the rows and `nextPage`); a table ends with the command that prints the next page.
 */

export interface Listing<Row> {
  format: OutputFormat;
  all: boolean;
  warnings: readonly string[];
  /** One page: at `cursor`, or where the flags say when undefined. `json` is what --json prints of it. */
  fetch: (cursor: string | undefined) => Promise<{rows: readonly Row[]; next: string | null; json: unknown}>;
  columns: readonly Column<Row>[];
  /** `POST threats/list`, naming the operation in a ContractError. */
  what: string;
  /** "threats": the stderr progress line. */
  noun: string;
  emptyMessage: string;
  /** The command that prints the page after this one. */
  nextCommand: (next: string) => string;
}

export async function runListing<Row>(ctx: CommandContext, listing: Listing<Row>): Promise<void> {
  const {format} = listing;
  for (const warning of listing.warnings) ctx.io.stderr.write(`warning: ${sanitizeText(warning)}\n`);
  if (listing.all) {
    const shown = await streamPages(ctx, {fetch: listing.fetch, format, columns: listing.columns, what: listing.what, noun: listing.noun});
    if (shown === 0 && (format === 'table' || format === 'markdown')) ctx.io.stderr.write(`${listing.emptyMessage}\n`);
    return;
  }
  const page = await listing.fetch(undefined);
  if (format === 'json') {
    printJson(ctx.io, page.json);
    return;
  }
  printRows(ctx.io, format, page.rows, listing.columns, {emptyMessage: listing.emptyMessage});
  // For a person at a terminal only: TSV, CSV and markdown carry rows and nothing else.
  if (format === 'table' && page.next !== null && page.rows.length > 0) {
    ctx.io.stdout.write(`\nNext page: ${sanitizeText(listing.nextCommand(page.next))}\n`);
  }
}
