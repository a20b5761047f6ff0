import {listAssets} from '../../../api/wire/endpoints/asset-list.js';
import type {CommandContext} from '../../../cli/context.js';
import {runListing} from '../../../cli/listing.js';
import {LISTED_ASSET_COLUMNS} from './format.js';
import {assetsNextPageCommand, validateAssetListFlags, type AssetListFlags} from './options.js';

/**
 * `vigil asset list`: one page of POST /asset/list (one type, one status, a date range), or
 * with --all every page, streamed (--json: one asset a line); pages of up to 10,000.
 */
export async function runAssetList(flags: AssetListFlags, ctx: CommandContext): Promise<void> {
  const {filters, format, all, warnings} = validateAssetListFlags(flags, ctx);
  await runListing(ctx, {
    format,
    all,
    warnings,
    fetch: async cursor => {
      const page = await ctx.client().call(listAssets, {...filters, ...(cursor === undefined ? {} : {nextPage: cursor})}, {signal: ctx.signal});
      return {rows: page.assets, next: page.nextPage, json: page};
    },
    columns: LISTED_ASSET_COLUMNS,
    what: `${listAssets.method} ${listAssets.path}`,
    noun: 'assets',
    emptyMessage: 'No assets match (with no --from/--to the upstream lists the last day; the status defaults to BLOCKED).',
    nextCommand: next => assetsNextPageCommand(filters, next),
  });
}
