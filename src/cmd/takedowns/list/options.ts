import {LIVENESS_STATUSES, TAKEDOWN_STATUSES} from '../../../api/enums.js';
import {TAKEDOWN_SORT_KEYS, TAKEDOWNS_PAGE_MAX, type TakedownFilters} from '../../../api/wire/index.js';
import type {CommandContext} from '../../../cli/context.js';
import * as z from 'zod';
import {checkFlags, dateOrder, isoDate, nonBlank} from '../../../cli/flag-values.js';
import {assetTypeList, assetTypeWarnings, dropUndefined, enumList, openListWarnings, sortFlags, sortOf, nextPageFlags, pageFlagProblems} from '../../../cli/list-flags.js';
import {Problems, capture} from '../../../cli/problems.js';
import {resolveOutputFormat, type OutputFlags, type OutputFormat} from '../../../output/index.js';
import {shellCommand} from '../../../output/shell.js';

/** The flags of `takedowns list` as the command line gives them (strings; checked here). */
export interface TakedownsListFlags extends OutputFlags {
  query?: string;
  from?: string;
  to?: string;
  assetType?: string;
  takedownStatus?: string;
  livenessStatus?: string;
  sortBy?: string;
  sortDirection?: string;
  perPage?: string;
  limit?: string;
  nextPage?: string;
  all?: boolean;
}

export interface ValidatedTakedownsList {
  filters: TakedownFilters;
  format: OutputFormat;
  all: boolean;
  warnings: string[];
}


/** What each flag's value must be (the one mapper names the flag of each problem). */
const takedownsListFlags = z
  .object({
    query: nonBlank().optional(),
    from: isoDate().optional(),
    to: isoDate({endOfDay: true}).optional(),
    assetType: assetTypeList().optional(),
    takedownStatus: enumList(TAKEDOWN_STATUSES, {open: true}).optional(),
    livenessStatus: enumList(LIVENESS_STATUSES).optional(),
    ...sortFlags(TAKEDOWN_SORT_KEYS),
    ...nextPageFlags(TAKEDOWNS_PAGE_MAX),
  })
  .superRefine(...dateOrder('from', 'to'));

/**
 * Every flag checked before anything is sent (exit 3 naming each bad one). The org is sent
 * only when one is configured: an org-scoped key needs none (docs/contract.md#listing-takedowns).
 */
export function validateTakedownsListFlags(flags: TakedownsListFlags, ctx: CommandContext): ValidatedTakedownsList {
  const problems = new Problems();
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  pageFlagProblems(flags, {flag: '--next-page', given: flags.nextPage !== undefined}, problems);
  const values = checkFlags(takedownsListFlags, flags, problems) ?? {};
  const sort = sortOf(values, flags, problems);
  const warnings = [
    ...assetTypeWarnings('--asset-type', values.assetType),
    ...openListWarnings('--takedown-status', values.takedownStatus, TAKEDOWN_STATUSES),
  ];
  const filters: TakedownFilters = {
    slug: ctx.settings.org?.value,
    query: values.query,
    from: values.from,
    to: values.to,
    assetTypes: values.assetType,
    statuses: values.takedownStatus,
    liveness: values.livenessStatus,
    sort,
    perPage: values.perPage ?? values.limit,
    nextPage: values.nextPage,
  };
  problems.throwIfAny();
  return {filters: dropUndefined(filters), format: format!, all: flags.all === true, warnings};
}

/** The command that prints the page after this one, every filter repeated (values shell-quoted). */
export function takedownsNextPageCommand(filters: TakedownFilters, nextPage: string): string {
  const words = ['vigil', 'takedowns', 'list'];
  const add = (flag: string, value: string | undefined) => value !== undefined && words.push(flag, value);
  add('--org', filters.slug);
  add('--query', filters.query);
  add('--from', filters.from);
  add('--to', filters.to);
  add('--asset-type', filters.assetTypes?.join(','));
  add('--takedown-status', filters.statuses?.join(','));
  add('--liveness-status', filters.liveness?.join(','));
  add('--sort-by', filters.sort?.key);
  add('--sort-direction', filters.sort?.direction);
  add('--per-page', filters.perPage?.toString());
  add('--next-page', nextPage);
  return shellCommand(words);
}
