import {ASSET_STATUSES, type AssetStatus} from '../../../api/enums.js';
import {normalizeAssetContent} from '../../../api/wire/index.js';
import {editDistance} from '../../../suggest.js';

export interface ParsedAsset {
  content: string;
  /** Absent when the flag had no status suffix: the server applies its default. */
  status?: AssetStatus;
}

const STATUS_SUFFIX = new RegExp(`^(.*):(${ASSET_STATUSES.join('|')})$`, 'is');

/**
 * `--asset content[:status]`. Content may itself contain colons (`https://x.example:8443/a`,
 * `eip155:1:0xabc...`, handles), so only a trailing `:BLOCKED`, `:ALLOWED` or `:UNKNOWN`
 * (any case) is read as the status; everything before it is the content, verbatim.
 */
export function parseAssetFlag(value: string): ParsedAsset {
  const match = STATUS_SUFFIX.exec(value.trim());
  if (match) {
    return {content: match[1]!.trim(), status: match[2]!.toUpperCase() as AssetStatus};
  }
  return {content: value.trim()};
}

/**
 * A trailing `:WORD` one or two letters away from a status (`:BLOKED`, `:ALOWED`) is almost
 * surely a typo; taken as content it would report the wrong asset. Returns the status it
 * was probably meant to be. `x:BLOKED:BLOCKED` still sends `x:BLOKED` as the content.
 */
export function misspeltStatus(parsed: ParsedAsset): AssetStatus | undefined {
  if (parsed.status !== undefined) return undefined;
  const suffix = /:([A-Za-z]{4,9})$/.exec(parsed.content)?.[1]?.toUpperCase();
  if (!suffix) return undefined;
  return ASSET_STATUSES.find(status => editDistance(suffix, status) <= 2);
}

/**
 * Groups of indexes whose contents are the same asset once normalised the way the upstream
 * matches them (docs/contract.md#searching-reports). Only groups of two or more are returned, in input order.
 */
export function findDuplicateContents(contents: readonly string[]): Array<{normalized: string; indexes: number[]}> {
  const groups = new Map<string, number[]>();
  contents.forEach((content, index) => {
    const key = normalizeAssetContent(content);
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  return [...groups].filter(([, indexes]) => indexes.length > 1).map(([normalized, indexes]) => ({normalized, indexes}));
}

/** The queried contents without repeats (normalised), first spelling kept. */
export function uniqueContents(contents: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of contents) {
    const content = raw.trim();
    const key = normalizeAssetContent(content);
    if (content === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(content);
  }
  return out;
}
