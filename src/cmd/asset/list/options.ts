import {ASSET_STATUSES} from '../../../api/enums.js';
import {ASSETS_PAGE_MAX, type AssetListFilters} from '../../../api/wire/index.js';
import type {CommandContext} from '../../../cli/context.js';
import * as z from 'zod';
import {checkFlags, dateOrder, nonBlank, oneOf} from '../../../cli/flag-values.js';
import {assetTypeWarnings, calendarDay, commandWith, dropUndefined, nextPageFlags, pageFlagProblems} from '../../../cli/list-flags.js';
import {Problems, capture} from '../../../cli/problems.js';
import {resolveOutputFormat, type OutputFlags, type OutputFormat} from '../../../output/index.js';

/** The flags of `asset list` as the command line gives them (strings; checked here). */
export interface AssetListFlags extends OutputFlags {
  assetType?: string;
  type?: string;
  assetStatus?: string;
  from?: string;
  to?: string;
  perPage?: string;
  limit?: string;
  nextPage?: string;
  all?: boolean;
}

export interface ValidatedAssetList {
  filters: AssetListFilters;
  format: OutputFormat;
  all: boolean;
  warnings: string[];
}

const assetType = () => nonBlank().transform(value => value.trim().toUpperCase()).optional();

const assetListFlags = z
  .object({
    assetType: assetType(),
    type: assetType(),
    assetStatus: oneOf(ASSET_STATUSES).optional(),
    from: calendarDay().optional(),
    to: calendarDay().optional(),
    ...nextPageFlags(ASSETS_PAGE_MAX),
  })
  .superRefine(...dateOrder('from', 'to'));

/** Every flag checked before anything is sent (exit 3 naming each bad one); the type is required, as upstream. */
export function validateAssetListFlags(flags: AssetListFlags, ctx: CommandContext): ValidatedAssetList {
  const problems = new Problems();
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  if (flags.assetType === undefined && flags.type === undefined) problems.add('--asset-type', 'required: the type of assets to list (vigil asset types)');
  if (flags.assetType !== undefined && flags.type !== undefined) problems.add('--type', 'is --asset-type; give one of them');
  pageFlagProblems(flags, {flag: '--next-page', given: flags.nextPage !== undefined}, problems);
  const values = checkFlags(assetListFlags, flags, problems) ?? {};
  problems.throwIfAny();
  const type = (values.assetType ?? values.type)!;
  const filters: AssetListFilters = {
    type,
    status: values.assetStatus,
    from: values.from,
    to: values.to,
    perPage: values.perPage ?? values.limit,
    nextPage: values.nextPage,
  };
  return {filters: dropUndefined(filters), format: format!, all: flags.all === true, warnings: assetTypeWarnings('--asset-type', [type])};
}

/** The command that prints the page after this one, every filter repeated. */
export function assetsNextPageCommand(filters: AssetListFilters, nextPage: string): string {
  return commandWith(['vigil', 'asset', 'list'], [
    ['--asset-type', filters.type],
    ['--asset-status', filters.status],
    ['--from', filters.from],
    ['--to', filters.to],
    ['--per-page', filters.perPage?.toString()],
    ['--next-page', nextPage],
  ]);
}
