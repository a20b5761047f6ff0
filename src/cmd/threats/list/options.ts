import {THREAT_SORT_KEYS, THREATS_PAGE_MAX, type ThreatFilters} from '../../../api/wire/index.js';
import type {CommandContext} from '../../../cli/context.js';
import * as z from 'zod';
import {checkFlags, dateOrder, nonBlank} from '../../../cli/flag-values.js';
import {assetTypeList, assetTypeWarnings, calendarDay, commandWith, dropUndefined, sortFlags, sortOf, nextPageFlags, pageFlagProblems} from '../../../cli/list-flags.js';
import {Problems, capture} from '../../../cli/problems.js';
import {resolveOutputFormat, type OutputFlags, type OutputFormat} from '../../../output/index.js';

/** The flags of `threats list` as the command line gives them (strings; checked here). */
export interface ThreatsListFlags extends OutputFlags {
  query?: string;
  from?: string;
  to?: string;
  assetType?: string;
  sortBy?: string;
  sortDirection?: string;
  perPage?: string;
  limit?: string;
  nextPage?: string;
  all?: boolean;
}

export interface ValidatedThreatsList {
  filters: ThreatFilters;
  format: OutputFormat;
  all: boolean;
  warnings: string[];
}


const threatsListFlags = z
  .object({
    query: nonBlank().optional(),
    from: calendarDay().optional(),
    to: calendarDay().optional(),
    assetType: assetTypeList().optional(),
    ...sortFlags(THREAT_SORT_KEYS),
    ...nextPageFlags(THREATS_PAGE_MAX),
  })
  .superRefine(...dateOrder('from', 'to'));

/**
 * Every flag checked before anything is sent (exit 3 naming each bad one). No org is sent:
 * the docs give the request none, the key decides (docs/contract.md#listing-threats).
 */
export function validateThreatsListFlags(flags: ThreatsListFlags, ctx: CommandContext): ValidatedThreatsList {
  const problems = new Problems();
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  pageFlagProblems(flags, {flag: '--next-page', given: flags.nextPage !== undefined}, problems);
  const values = checkFlags(threatsListFlags, flags, problems) ?? {};
  // The API's own default sorting is ascending (`[{key: "id", direction: "asc"}]`).
  const sort = sortOf(values, flags, problems, 'asc');
  problems.throwIfAny();
  const filters: ThreatFilters = {
    query: values.query,
    from: values.from,
    to: values.to,
    assetTypes: values.assetType,
    sort,
    perPage: values.perPage ?? values.limit,
    nextPage: values.nextPage,
  };
  return {filters: dropUndefined(filters), format: format!, all: flags.all === true, warnings: assetTypeWarnings('--asset-type', values.assetType)};
}

/** The command that prints the page after this one, every filter repeated. */
export function threatsNextPageCommand(filters: ThreatFilters, nextPage: string): string {
  return commandWith(['vigil', 'threats', 'list'], [
    ['--query', filters.query],
    ['--from', filters.from],
    ['--to', filters.to],
    ['--asset-type', filters.assetTypes?.join(',')],
    ['--sort-by', filters.sort?.key],
    ['--sort-direction', filters.sort?.direction],
    ['--per-page', filters.perPage?.toString()],
    ['--next-page', nextPage],
  ]);
}
