import {DEPRECATED_ASSET_TYPES, KNOWN_ASSET_TYPES} from '../api/enums.js';
import * as z from 'zod';
import {shellCommand} from '../output/shell.js';
import {commaList, nonBlank, oneOf, wholeNumber} from './flag-values.js';
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
  fallback: 'asc' | 'desc' = 'desc',
): {key: K; direction: 'asc' | 'desc'} | undefined {
  if (given.sortDirection !== undefined && given.sortBy === undefined) problems.add('--sort-direction', 'needs --sort-by (which key to sort on)');
  return parsed.sortBy === undefined ? undefined : {key: parsed.sortBy, direction: parsed.sortDirection ?? fallback};
}

const BARE_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day, YYYY-MM-DD, sent as given: the format POST /threats/list and POST
 * /asset/list document (their dates are days, inclusive). A day that does not exist is refused.
 */
export function calendarDay() {
  return z.string().transform((value, ctx) => {
    const text = value.trim();
    const parts = BARE_DAY.exec(text);
    const day = parts ? new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]))) : undefined;
    if (day !== undefined && day.toISOString().slice(0, 10) === text) return text;
    ctx.addIssue({code: 'custom', message: `must be a date YYYY-MM-DD such as 2026-01-31 (got ${JSON.stringify(value)})`});
    return z.NEVER;
  });
}

/** `--per-page <n>` (1 to max), its alias `--limit`, and `--next-page <cursor>`, as flag schemas. */
export function nextPageFlags(max: number) {
  const size = () => wholeNumber({min: 1, max}).optional();
  return {perPage: size(), limit: size(), nextPage: nonBlank().optional()};
}

/**
 * The page flags' own refusals: --limit beside --per-page (one is the other's alias), and a
 * cursor beside --all (which starts at the first page).
 */
export function pageFlagProblems(flags: {perPage?: string; limit?: string; all?: boolean}, cursor: {flag: string; given: boolean}, problems: Problems): void {
  if (flags.perPage !== undefined && flags.limit !== undefined) problems.add('--limit', 'is --per-page; give one of them');
  if (flags.all === true && cursor.given) problems.add(cursor.flag, 'cannot be combined with --all (which starts at the first page)');
}

/** The fields of `value` that are set (a request in vigil's names carries no undefined). */
export function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The command line that repeats `base` with each flag given (values shell-quoted): the next-page command. */
export function commandWith(base: readonly string[], flags: ReadonlyArray<readonly [string, string | undefined]>): string {
  const words = [...base];
  for (const [flag, value] of flags) if (value !== undefined) words.push(flag, value);
  return shellCommand(words);
}
