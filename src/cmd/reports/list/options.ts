import type {CommandContext} from '../../../cli/context.js';
import {DEPRECATED_ASSET_TYPES, KNOWN_ASSET_TYPES} from '../../../api/enums.js';
import type {ListReportsFilters} from '../../../api/wire/index.js';
import {checkFlags} from '../../../cli/flag-values.js';
import {Problems, capture, resolveOrg} from '../../../cli/problems.js';
import {resolveOutputFormat, type OutputFlags, type OutputFormat} from '../../../output/index.js';
import {shellQuote} from '../../../output/shell.js';
import {FILTER_FLAGS, filtersSchema} from '../shared/filters.js';

export {MAX_PAGE_SIZE} from '../../../api/wire/index.js';

/** The filter flags of `reports list` as the command line gives them: text, checked by filtersSchema. */
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

export interface ValidatedList {
  filters: ListReportsFilters;
  format: OutputFormat;
  /** Deprecations and unknown values, printed on stderr before anything is sent. */
  warnings: string[];
}

/**
 * Checks every filter flag (zod: filtersSchema) and maps them to ListReportsFilters (whose
 * wire names live in src/api/wire). Throws one InputError listing every problem: nothing is sent.
 */
export function validateListFlags(flags: ListFilterFlags, ctx: CommandContext): ValidatedList {
  const problems = new Problems();
  const warnings: string[] = [];
  const slug = resolveOrg(ctx, problems);
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  const filters = checkFlags(filtersSchema(), flags, problems);
  if (flags.excludeAutomation === true && filters) {
    if (filters.reporterKind === 'automation') {
      problems.add('--exclude-automation', 'cannot be combined with --reporter-kind automation (it means --reporter-kind human)');
    } else {
      warnings.push('--exclude-automation is deprecated; use --reporter-kind human (sent as such)');
      filters.reporterKind = 'human';
    }
  }
  for (const type of filters?.assetType ?? []) {
    const deprecated = DEPRECATED_ASSET_TYPES[type];
    if (deprecated) warnings.push(`--asset-type: ${deprecated}`);
    else if (!KNOWN_ASSET_TYPES.includes(type)) warnings.push(`--asset-type: ${type} is not a known asset type; sent as is (the upstream adds types)`);
  }
  problems.throwIfAny();
  return {filters: dropUndefined({slug: slug!, ...filters!}), format: format!, warnings};
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
