import type {AssetSearchRequest, AssetSearchResult} from '../../../api/wire/index.js';
import {searchAsset} from '../../../api/wire/endpoints/asset-search.js';
import type {CommandContext} from '../../../cli/context.js';
import {ApiError} from '../../../errors.js';
import {ExitCode} from '../../../exit-codes.js';
import {formatRows, printJson, printRows, sanitizeText} from '../../../output/index.js';
import {CONSUMER_COLUMNS, REPORT_COLUMNS, SEARCH_COLUMNS, TASK_COLUMNS, type SearchedAsset} from './format.js';
import {queryLabel, validateAssetSearchFlags, type AssetSearchFlags} from './options.js';

const NOT_FOUND: AssetSearchResult = {asset: undefined, reports: [], takedown: undefined, blockedBy: [], scans: undefined};

/** One search; a 404 is an asset the upstream does not hold, as an answer without `asset` is (the docs state neither). */
async function searchOne(request: AssetSearchRequest, ctx: CommandContext): Promise<SearchedAsset> {
  try {
    return {query: queryLabel(request), result: await ctx.client().call(searchAsset, request, {signal: ctx.signal})};
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return {query: queryLabel(request), result: NOT_FOUND};
    throw error;
  }
}

/**
 * `vigil asset search`: POST /asset/search for each asset given (by content or --id), one
 * after the other: its status, reports, takedown and who consumed the block. A table also
 * lists, under each found asset, its reports, its takedown's tasks and its consumers.
 * Exit 4 when an asset is not found (after printing every answer).
 */
export async function runAssetSearch(flags: AssetSearchFlags, ctx: CommandContext): Promise<number> {
  const {requests, format} = validateAssetSearchFlags(flags, ctx);
  const searched: SearchedAsset[] = [];
  for (const request of requests) searched.push(await searchOne(request, ctx));
  if (format === 'json') {
    const json = searched.map(s => ({query: s.query, ...s.result}));
    printJson(ctx.io, json.length === 1 ? json[0] : {results: json});
  } else {
    printRows(ctx.io, format, searched, SEARCH_COLUMNS);
    if (format === 'table') for (const s of searched) ctx.io.stdout.write(details(ctx, s));
  }
  const missing = searched.filter(s => s.result.asset === undefined);
  if (missing.length === 0) return ExitCode.Ok;
  ctx.io.stderr.write(sanitizeText(`not found: ${missing.map(s => s.query).join(', ')}`) + '\n');
  return ExitCode.NotFound;
}

/** The parts of one answer a single row cannot hold, each under a heading naming the asset. */
function details(ctx: CommandContext, s: SearchedAsset): string {
  const {asset, reports, takedown, blockedBy} = s.result;
  if (asset === undefined) return '';
  const name = sanitizeText(asset.content ?? s.query);
  const parts: string[] = [];
  if (reports.length > 0) parts.push(`\nReports of ${name}:\n${formatRows(ctx.io, 'table', reports, REPORT_COLUMNS)}`);
  if (takedown !== undefined && takedown.tasks.length > 0) parts.push(`\nTakedown ${sanitizeText(takedown.id ?? '?')} (${sanitizeText(takedown.status ?? '-')}) of ${name}:\n${formatRows(ctx.io, 'table', takedown.tasks, TASK_COLUMNS)}`);
  if (blockedBy.length > 0) parts.push(`\n${name} is blocked by:\n${formatRows(ctx.io, 'table', blockedBy, CONSUMER_COLUMNS)}`);
  return parts.join('');
}
