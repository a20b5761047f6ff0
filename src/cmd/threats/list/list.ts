import {listThreats} from '../../../api/wire/endpoints/threats.js';
import type {CommandContext} from '../../../cli/context.js';
import {runListing} from '../../../cli/listing.js';
import {THREAT_COLUMNS} from './format.js';
import {threatsNextPageCommand, validateThreatsListFlags, type ThreatsListFlags} from './options.js';

/**
 * `vigil threats list`: one page of POST /threats/list (the key's organization's blocked
 * threats), or with --all every page, streamed (--json: one threat a line).
 */
export async function runThreatsList(flags: ThreatsListFlags, ctx: CommandContext): Promise<void> {
  const {filters, format, all, warnings} = validateThreatsListFlags(flags, ctx);
  await runListing(ctx, {
    format,
    all,
    warnings,
    fetch: async cursor => {
      const page = await ctx.client().call(listThreats, {...filters, ...(cursor === undefined ? {} : {nextPage: cursor})}, {signal: ctx.signal});
      return {rows: page.threats, next: page.nextPage, json: page};
    },
    columns: THREAT_COLUMNS,
    what: `${listThreats.method} ${listThreats.path}`,
    noun: 'threats',
    emptyMessage: 'No threats match these filters (with no --from/--to the upstream lists the last day).',
    nextCommand: next => threatsNextPageCommand(filters, next),
  });
}
