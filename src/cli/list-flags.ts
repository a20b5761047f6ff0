import {DEPRECATED_ASSET_TYPES, KNOWN_ASSET_TYPES} from '../api/enums.js';
import {parseEnumFlag, splitCommaList, type Problems} from './problems.js';

/*
 * The list filters the platform listings share (takedowns, threats, detections, assets):
 * comma lists of fixed values and of asset types, and a sort key with its direction. Each
 * records problems naming the flag; nothing is sent while one is recorded.
 */

/** A comma list of a fixed set, case-insensitive, canonical case; `open`: an unknown value is sent with a warning. */
export function parseEnumList(
  value: string | undefined,
  allowed: readonly string[],
  flag: string,
  problems: Problems,
  options: {open?: {warnings: string[]}; normalize?: (item: string) => string} = {},
): string[] | undefined {
  const normalize = options.normalize ?? ((item: string) => item.toUpperCase());
  const items = splitCommaList(value, item => {
    const found = allowed.find(option => option.toLowerCase() === item.toLowerCase());
    return found ?? normalize(item);
  });
  if (items === undefined) return undefined;
  if (items.length === 0) problems.add(flag, `must list at least one of ${allowed.join(', ')}`);
  const unknown = items.filter(item => !allowed.includes(item));
  if (unknown.length > 0) {
    if (options.open) options.open.warnings.push(`${flag}: ${unknown.join(', ')} not a documented value; sent as is (the upstream's list is not complete)`);
    else problems.add(flag, `unknown ${unknown.join(', ')}; use a comma list of ${allowed.join(', ')}`);
  }
  return items;
}

/** docs/contract.md#asset-types: upper-cased; an unknown type is sent with a warning, a deprecated one warns. */
export function parseAssetTypes(value: string | undefined, flag: string, problems: Problems, warnings: string[]): string[] | undefined {
  const types = splitCommaList(value, item => item.toUpperCase());
  if (types === undefined) return undefined;
  if (types.length === 0) problems.add(flag, 'must list at least one asset type');
  for (const type of types) {
    const deprecated = DEPRECATED_ASSET_TYPES[type];
    if (deprecated) warnings.push(`${flag}: ${deprecated}`);
    else if (!KNOWN_ASSET_TYPES.includes(type)) warnings.push(`${flag}: ${type} is not a known asset type; sent as is (the upstream adds types)`);
  }
  return types;
}

/**
 * `--sort-by <key>` and `--sort-direction asc|desc` (default `desc`, as the upstream's CLI
 * says); a direction without a key is refused, since alone it would send nothing.
 */
export function parseSort<K extends string>(
  sortBy: string | undefined,
  direction: string | undefined,
  keys: readonly K[],
  problems: Problems,
): {key: K; direction: 'asc' | 'desc'} | undefined {
  const key = parseEnumFlag(sortBy, keys, '--sort-by', problems);
  const dir = parseEnumFlag(direction, ['asc', 'desc'] as const, '--sort-direction', problems);
  if (direction !== undefined && sortBy === undefined) problems.add('--sort-direction', 'needs --sort-by (which key to sort on)');
  return key === undefined ? undefined : {key, direction: dir ?? 'desc'};
}
