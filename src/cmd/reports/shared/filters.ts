import * as z from 'zod';
import {LIST_FILTERS, type ListFilter, type ListFilterKey, type ListReportsFilters} from '../../../api/wire/index.js';
import {dateOrder, flagName} from '../../../cli/flag-values.js';
import {readTriState, textOption, triState} from '../../../cli/options.js';

/*
 * The filter flags of `reports list`, all from the one table of filters (LIST_FILTERS in
 * src/api/wire/list-filters.ts): the options Pastel and the fast path generate, the values
 * completion and MCP offer, the check of each value, and each filter's flag.
 */

const entries = Object.entries(LIST_FILTERS) as Array<[ListFilterKey, ListFilter]>;

/** Each filter's flag: error messages and the ready-to-run next-page command use it. */
export const FILTER_FLAGS = {slug: '--org', ...Object.fromEntries(entries.map(([key, filter]) => [key, flagName(filter.flag)]))} as Record<keyof ListReportsFilters, string>;

function optionOf(filter: ListFilter): z.ZodType {
  if (filter.kind === 'triState') return triState(filter.help);
  if (filter.kind === 'switch') return z.boolean().optional().describe(filter.help);
  return textOption(filter.help, filter.value!.label);
}

type OptionOf<F> = F extends {kind: 'triState'} ? ReturnType<typeof triState> : F extends {kind: 'switch'} ? z.ZodOptional<z.ZodBoolean> : ReturnType<typeof textOption>;
type FilterOptions<K extends ListFilterKey> = {[P in K as (typeof LIST_FILTERS)[P]['flag']]: OptionOf<(typeof LIST_FILTERS)[P]>};

/** The filters' options, keyed by flag, for a command's options schema (`reports list`). */
export function filterOptions<K extends ListFilterKey>(...keys: K[]): FilterOptions<K> {
  return Object.fromEntries(keys.map(key => [LIST_FILTERS[key].flag, optionOf(LIST_FILTERS[key])])) as FilterOptions<K>;
}

/** The fixed values completion offers and MCP advertises as an enum, keyed by flag. */
export const FILTER_COMPLETIONS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  entries.flatMap(([, filter]) => (filter.value && 'values' in filter.value && filter.value.values ? [[filter.flag, filter.value.values]] : [])),
);

function checkOf(filter: ListFilter): z.ZodType {
  if (filter.kind === 'triState') return z.enum(['true', 'false']).transform(value => readTriState(value));
  if (filter.kind === 'switch') return z.boolean().transform(on => (on ? true : undefined));
  return filter.value!.schema();
}

/** The flags, as the command line gives them, to ListReportsFilters (without the org); zod issues name the flag's key. */
export function filtersSchema() {
  const byFlag = z.object(Object.fromEntries(entries.map(([, filter]) => [filter.flag, checkOf(filter).optional()])));
  return byFlag
    .superRefine(...dateOrder('from', 'to'))
    .superRefine(...dateOrder('updatedFrom', 'updatedTo'))
    .transform(flags => {
      const filters: Record<string, unknown> = {};
      for (const [key, filter] of entries) {
        const value = (flags as Record<string, unknown>)[filter.flag];
        if (value !== undefined) filters[key] = value;
      }
      return filters as Omit<ListReportsFilters, 'slug'>;
    });
}
