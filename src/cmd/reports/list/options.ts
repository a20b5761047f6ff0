import type {CommandContext} from '../../../cli/context.js';
import {readTriState} from '../../../cli/options.js';
import {
  ACTOR_KINDS,
  DEPRECATED_ASSET_TYPES,
  KNOWN_ASSET_TYPES,
  REPORT_STATUSES,
  REVIEW_DECISIONS,
  type ReviewDecision,
} from '../../../api/enums.js';
import type {ListReportsFilters} from '../../../api/wire/index.js';
import {resolveOutputFormat, type OutputFlags, type OutputFormat} from '../../../output/index.js';
import {shellQuote} from '../../../output/shell.js';
import {FILTER_FLAGS} from '../shared/filters.js';
import {
  Problems,
  capture,
  checkDateOrder,
  parseEnumFlag,
  parseIntegerFlag,
  parseIsoDateFlag,
  parseTextFlag,
  resolveOrg,
  splitCommaList,
} from '../../../cli/problems.js';

/** The filter flags of `reports list` as Pastel parses them: plain strings, checked here. */
export interface ListFilterFlags extends OutputFlags {
  limit?: string;
  cursor?: string;
  status?: string;
  search?: string;
  reporterQuery?: string;
  reportedByCustomer?: 'true' | 'false';
  needsCustomerReview?: 'true' | 'false';
  reporterKind?: string;
  reviewerKind?: string;
  excludeAutomation?: boolean;
  onlyRejected?: boolean;
  reviewStatus?: string;
  assetType?: string;
  brand?: string;
  countryCode?: string;
  reviewedByUserId?: string;
  from?: string;
  to?: string;
  updatedFrom?: string;
  updatedTo?: string;
}


export const MAX_PAGE_SIZE = 20;

export interface ValidatedList {
  filters: ListReportsFilters;
  format: OutputFormat;
  /** Deprecations and unknown values, printed on stderr before anything is sent. */
  warnings: string[];
}

/**
 * Checks every filter flag and maps them to ListReportsFilters (whose wire names live in
 * src/api/wire). Throws one InputError listing every problem: nothing is sent.
 */
export function validateListFlags(flags: ListFilterFlags, ctx: CommandContext): ValidatedList {
  const problems = new Problems();
  const warnings: string[] = [];
  const f = FILTER_FLAGS;
  const slug = resolveOrg(ctx, problems);
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));

  let reporterKind = parseEnumFlag(flags.reporterKind, ACTOR_KINDS, f.reporterKind, problems);
  if (flags.excludeAutomation === true) {
    if (reporterKind === 'automation') {
      problems.add('--exclude-automation', 'cannot be combined with --reporter-kind automation (it means --reporter-kind human)');
    } else {
      warnings.push('--exclude-automation is deprecated; use --reporter-kind human (sent as such)');
      reporterKind = 'human';
    }
  }

  const reviewStatus = splitCommaList(flags.reviewStatus, item => item.toUpperCase());
  const badDecisions = reviewStatus?.filter(item => !(REVIEW_DECISIONS as readonly string[]).includes(item)) ?? [];
  if (badDecisions.length > 0) problems.add(f.reviewStatus, `unknown decision ${badDecisions.join(', ')}; use a comma list of ${REVIEW_DECISIONS.join(', ')}`);
  if (reviewStatus?.length === 0) problems.add(f.reviewStatus, 'must list at least one decision');

  const assetType = splitCommaList(flags.assetType, item => item.toUpperCase());
  if (assetType?.length === 0) problems.add(f.assetType, 'must list at least one asset type');
  for (const type of assetType ?? []) {
    const deprecated = DEPRECATED_ASSET_TYPES[type];
    if (deprecated) warnings.push(`--asset-type: ${deprecated}`);
    else if (!KNOWN_ASSET_TYPES.includes(type)) warnings.push(`--asset-type: ${type} is not a known asset type; sent as is (the upstream adds types)`);
  }

  const brandIds = splitCommaList(flags.brand);
  if (brandIds?.length === 0) problems.add(f.brandIds, 'must list at least one brand ID');

  const countryCodes = splitCommaList(flags.countryCode, item => item.toUpperCase());
  const badCountries = countryCodes?.filter(code => !/^[A-Z]{2}$/.test(code)) ?? [];
  if (badCountries.length > 0) problems.add(f.countryCodes, `not a 2-letter ISO country code: ${badCountries.join(', ')}`);
  if (countryCodes?.length === 0) problems.add(f.countryCodes, 'must list at least one country code');

  const from = parseIsoDateFlag(flags.from, f.from, problems);
  const to = parseIsoDateFlag(flags.to, f.to, problems, {endOfDay: true});
  const updatedFrom = parseIsoDateFlag(flags.updatedFrom, f.updatedFrom, problems);
  const updatedTo = parseIsoDateFlag(flags.updatedTo, f.updatedTo, problems, {endOfDay: true});
  checkDateOrder(from, to, [f.from, f.to], problems);
  checkDateOrder(updatedFrom, updatedTo, [f.updatedFrom, f.updatedTo], problems);

  const filters: ListReportsFilters = {
    slug: slug ?? '',
    limit: parseIntegerFlag(flags.limit, f.limit, problems, {min: 1, max: MAX_PAGE_SIZE}),
    cursor: parseTextFlag(flags.cursor, f.cursor, problems),
    status: parseEnumFlag(flags.status, REPORT_STATUSES, f.status, problems),
    search: parseTextFlag(flags.search, f.search, problems),
    reporterQuery: parseTextFlag(flags.reporterQuery, f.reporterQuery, problems),
    reportedByCustomer: readTriState(flags.reportedByCustomer),
    needsCustomerReview: readTriState(flags.needsCustomerReview),
    reporterKind,
    reviewerKind: parseEnumFlag(flags.reviewerKind, ACTOR_KINDS, f.reviewerKind, problems),
    onlyRejected: flags.onlyRejected === true ? true : undefined,
    reviewStatus: reviewStatus as ReviewDecision[] | undefined,
    assetType,
    brandIds,
    countryCodes,
    reviewedByUserId: parseIntegerFlag(flags.reviewedByUserId, f.reviewedByUserId, problems, {min: 1}),
    from,
    to,
    updatedFrom,
    updatedTo,
  };
  problems.throwIfAny();
  return {filters: dropUndefined(filters), format: format!, warnings};
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * The `vigil reports list ...` command that fetches the page after this one. `extraArgs`
 * (already quoted) go last, e.g. `--no-interactive` so the next page prints like this one.
 */
export function nextPageCommand(filters: ListReportsFilters, nextCursor: string, extraArgs: readonly string[] = []): string {
  const args = ['vigil', 'reports', 'list'];
  for (const [key, flag] of Object.entries(FILTER_FLAGS) as Array<[keyof ListReportsFilters, string]>) {
    const value = key === 'cursor' ? nextCursor : filters[key];
    if (value === undefined) continue;
    if (typeof value === 'boolean') {
      if (key === 'onlyRejected') args.push(flag);
      else args.push(value ? flag : flag.replace(/^--/, '--no-'));
    } else {
      args.push(flag, shellQuote(Array.isArray(value) ? value.join(',') : String(value)));
    }
  }
  return [...args, ...extraArgs].join(' ');
}
