import {DEPRECATED_ASSET_TYPES, KNOWN_ASSET_TYPES} from '../api/enums.js';
import {commaList, oneOf} from './flag-values.js';
import type {Problems} from './problems.js';

/*
 * The list filters the platform listings share (takedowns, threats, detections, assets), as
 * zod value schemas for `checkFlags`: comma lists of fixed values and of asset types, and a
 * sort key with its direction. What a parsed list only warns about (a value the upstream's
 * documented list lacks) is said by the `*Warnings` functions after the parse.
 */

const canonical = (allowed: readonly string[], normalize: (item: string) => string) => (item: string) =>
  allowed.find(option => option.toLowerCase() === item.toLowerCase()) ?? normalize(item);

/**
 * A comma list of a fixed set, case-insensitive, in canonical case. `open`: a value outside
 * the set is kept and sent (the upstream's list is not complete; `openListWarnings` says so),
 * else it is a problem naming the flag.
 */
export function enumList(allowed: readonly string[], options: {open?: boolean; normalize?: (item: string) => string} = {}) {
  const list = commaList({normalize: canonical(allowed, options.normalize ?? (item => item.toUpperCase())), empty: `must list at least one of ${allowed.join(', ')}`});
  if (options.open) return list;
  return list.superRefine((items, ctx) => {
    const unknown = items.filter(item => !allowed.includes(item));
    if (unknown.length > 0) ctx.addIssue({code: 'custom', message: `unknown ${unknown.join(', ')}; use a comma list of ${allowed.join(', ')}`});
  });
}

/** The warning for values of an open list that its documented set lacks. */
export function openListWarnings(flag: string, items: readonly string[] | undefined, allowed: readonly string[]): string[] {
  const unknown = (items ?? []).filter(item => !allowed.includes(item));
  return unknown.length === 0 ? [] : [`${flag}: ${unknown.join(', ')} not a documented value; sent as is (the upstream's list is not complete)`];
}

/** docs/contract.md#asset-types: a comma list of asset types, upper-cased. */
export const assetTypeList = () => commaList({normalize: item => item.toUpperCase(), empty: 'must list at least one asset type'});

/** An unknown type is sent with a warning, a deprecated one warns with its replacement. */
export function assetTypeWarnings(flag: string, types: readonly string[] | undefined): string[] {
  return (types ?? []).flatMap(type => {
    const deprecated = DEPRECATED_ASSET_TYPES[type];
    if (deprecated) return [`${flag}: ${deprecated}`];
    return KNOWN_ASSET_TYPES.includes(type) ? [] : [`${flag}: ${type} is not a known asset type; sent as is (the upstream adds types)`];
  });
}

/** `--sort-by <key>` and `--sort-direction asc|desc`, as flag schemas. */
export function sortFlags<K extends string>(keys: readonly K[]) {
  return {sortBy: oneOf(keys).optional(), sortDirection: oneOf(['asc', 'desc'] as const).optional()};
}

/**
 * The sort sent (direction `desc` by default, as the upstream's CLI says); a direction
 * without a key is refused, since alone it would send nothing.
 */
export function sortOf<K extends string>(
  parsed: {sortBy?: K; sortDirection?: 'asc' | 'desc'},
  given: {sortBy?: string; sortDirection?: string},
  problems: Problems,
): {key: K; direction: 'asc' | 'desc'} | undefined {
  if (given.sortDirection !== undefined && given.sortBy === undefined) problems.add('--sort-direction', 'needs --sort-by (which key to sort on)');
  return parsed.sortBy === undefined ? undefined : {key: parsed.sortBy, direction: parsed.sortDirection ?? 'desc'};
}
