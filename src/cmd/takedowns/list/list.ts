import {listTakedowns} from '../../../api/wire/endpoints/takedowns.js';
import type {CommandContext} from '../../../cli/context.js';
import {runListing} from '../../../cli/listing.js';
import {TAKEDOWN_COLUMNS} from '../shared/columns.js';
import {takedownsNextPageCommand, validateTakedownsListFlags, type TakedownsListFlags} from './options.js';

/**
 * `vigil takedowns list`: one page of POST /takedowns/list, or with --all every page,
 * streamed (--json: one takedown a line).
 */
export async function runTakedownsList(flags: TakedownsListFlags, ctx: CommandContext): Promise<void> {
  const {filters, format, all, warnings} = validateTakedownsListFlags(flags, ctx);
  await runListing(ctx, {
    format,
    all,
    warnings,
    fetch: async cursor => {
      const page = await ctx.client().call(listTakedowns, {...filters, ...(cursor === undefined ? {} : {nextPage: cursor})}, {signal: ctx.signal});
      return {rows: page.takedowns, next: page.nextPage, json: page};
    },
    columns: TAKEDOWN_COLUMNS,
    what: `${listTakedowns.method} ${listTakedowns.path}`,
    noun: 'takedowns',
    emptyMessage: 'No takedowns match these filters.',
    nextCommand: next => takedownsNextPageCommand(filters, next),
  });
}
