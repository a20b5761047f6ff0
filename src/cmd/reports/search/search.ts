import type {SearchReportsRequest, SearchReportsResult} from '../../../api/wire/index.js';
import type {CommandContext} from '../../../cli/context.js';
import {readTriState} from '../../../cli/options.js';
import {ABSENT, printJson, printRows, resolveOutputFormat, revealInvisible, sanitizeText, type Column, type OutputFlags, type OutputFormat} from '../../../output/index.js';
import {uniqueContents} from '../shared/assets.js';
import * as z from 'zod';
import {checkFlags, wholeNumber} from '../../../cli/flag-values.js';
import {Problems, capture, resolveOrg} from '../../../cli/problems.js';
import {answerPerAsset, type AssetAnswer} from '../shared/answers.js';

export interface SearchFlags extends OutputFlags {
  /** Positional contents. */
  contents?: string[];
  asset?: string[];
  reportedByCustomer?: 'true' | 'false';
  limit?: string;
}

export const DEFAULT_SEARCH_LIMIT = 50;
export const MAX_SEARCH_LIMIT = 100;

export interface ValidatedSearch {
  request: SearchReportsRequest;
  format: OutputFormat;
}

export function validateSearchFlags(flags: SearchFlags, ctx: CommandContext): ValidatedSearch {
  const problems = new Problems();
  const slug = resolveOrg(ctx, problems);
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  const given = [...(flags.contents ?? []), ...(flags.asset ?? [])];
  const blank = given.filter(content => content.trim() === '').length;
  if (blank > 0) problems.add('--asset', `${blank} empty asset content${blank === 1 ? '' : 's'} given`);
  // The same asset twice (even spelled differently) is one question.
  const assetContents = uniqueContents(given);
  if (given.length === 0) problems.add('<content>', 'give at least one asset: `vigil reports search <content> ...` or --asset <content>');
  const {limit} = checkFlags(z.object({limit: wholeNumber({min: 1, max: MAX_SEARCH_LIMIT}).optional()}), flags, problems) ?? {};
  problems.throwIfAny();
  const reportedByCustomer = readTriState(flags.reportedByCustomer);
  // docs/contract.md#searching-reports: both wire names are guesses, so each is sent only when its flag is given
  // (the upstream's default limit is DEFAULT_SEARCH_LIMIT).
  return {
    request: {
      slug: slug!,
      assetContents,
      ...(limit === undefined ? {} : {limit}),
      ...(reportedByCustomer === undefined ? {} : {reportedByCustomer}),
    },
    format: format!,
  };
}

const ANSWER_COLUMNS: ReadonlyArray<Column<AssetAnswer>> = [
  {header: 'ASSET', value: answer => revealInvisible(answer.content), minWidth: 12},
  {header: 'REPORTED', value: answer => (answer.reported === null ? 'unknown' : answer.reported ? 'yes' : 'no'), minWidth: 8},
  {header: 'REPORTS', value: answer => answer.reports.map(r => `${r.id} (${r.status ?? ABSENT})`).join(', '), minWidth: 10},
];

/** Piped: the ids and statuses as `id:status` pairs, for `cut` and `awk`. */
const ANSWER_TSV_COLUMNS: ReadonlyArray<Column<AssetAnswer>> = [
  ANSWER_COLUMNS[0]!,
  ANSWER_COLUMNS[1]!,
  {header: 'REPORTS', value: answer => answer.reports.map(r => `${r.id}:${r.status ?? ABSENT}`).join(',')},
];

type Hit = SearchReportsResult['reports'][number];
const HIT_COLUMNS: ReadonlyArray<Column<Hit>> = [
  {header: 'ID', value: hit => hit.id},
  {header: 'STATUS', value: hit => hit.status},
  {header: 'TITLE', value: hit => hit.title ?? '', maxWidth: 60},
  {header: 'CREATED', value: hit => hit.createdAt ?? ''},
];

/** `vigil reports search`: one request, then an answer per queried asset. Exit 0 either way. */
export async function runReportsSearch(flags: SearchFlags, ctx: CommandContext): Promise<void> {
  const {request, format} = validateSearchFlags(flags, ctx);
  const result = await ctx.client().searchReports(request, {signal: ctx.signal});
  const {answers, perAsset, unmatched} = answerPerAsset(request.assetContents, result.reports);
  if (format === 'json') {
    printJson(ctx.io, {assets: answers, reports: result.reports, totalCount: result.totalCount});
    return;
  }
  printRows(ctx.io, format, answers, format === 'tsv' ? ANSWER_TSV_COLUMNS : ANSWER_COLUMNS);
  if (unmatched.length > 0) {
    const list = unmatched.map(r => `${r.id} (${r.status ?? ABSENT})`).join(', ');
    ctx.io.stderr.write(sanitizeText(`note: also matched, without naming a queried asset: ${list}`) + '\n');
  }
  if (format === 'tsv') {
    if (!perAsset) ctx.io.stderr.write('note: the upstream did not say which asset each report covers ("unknown" rows list reports matching the query as a whole)\n');
    return;
  }
  if (!perAsset) {
    ctx.io.stdout.write('\nThe upstream did not say which asset each report covers; these reports match the query as a whole:\n\n');
    printRows(ctx.io, format, result.reports, HIT_COLUMNS);
  }
  if (result.totalCount > result.reports.length) {
    ctx.io.stderr.write(`note: ${result.totalCount} reports match; only the newest ${result.reports.length} were returned (raise --limit, up to ${MAX_SEARCH_LIMIT})\n`);
  }
}
