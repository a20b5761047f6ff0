import type {Cluster, Redis} from 'ioredis';
import {sanitizeText} from '../output/sanitize.js';
import {QUEUE_NAME} from './queue.js';

/** `MATCH` pattern of every key under `prefix:`, the prefix's own glob characters escaped. */
export function prefixPattern(prefix: string): string {
  return `${escapeGlob(prefix)}:*`;
}

const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, char => `\\${char}`);

function isCluster(redis: Redis | Cluster): redis is Cluster {
  return typeof (redis as Cluster).nodes === 'function';
}

/** Every key matching `pattern`, from every primary of a Cluster (SCAN, never KEYS). */
export async function scanKeys(redis: Redis | Cluster, pattern: string): Promise<string[]> {
  const nodes = isCluster(redis) ? redis.nodes('master') : [redis];
  const found = new Set<string>();
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      for (const key of keys) found.add(key);
    } while (cursor !== '0');
  }
  return [...found];
}

/** A prefix that holds the workers' schedulers, and how many. */
export interface PrefixWithSchedulers {
  prefix: string;
  schedulers: number;
}

/**
 * The prefixes of this Redis whose queue has schedulers: BullMQ keeps a queue's job
 * schedulers in the sorted set `<prefix>:healthchecks:repeat`. Reads only (SCAN, ZCARD).
 */
export async function prefixesWithSchedulers(redis: Redis | Cluster): Promise<PrefixWithSchedulers[]> {
  const suffix = `:${QUEUE_NAME}:repeat`;
  const keys = await scanKeys(redis, `*${escapeGlob(suffix)}`);
  const found = await Promise.all(
    keys.filter(key => key.endsWith(suffix)).map(async key => ({prefix: key.slice(0, -suffix.length), schedulers: await redis.zcard(key)})),
  );
  // The likeliest first: the prefix with most schedulers.
  return found.filter(item => item.schedulers > 0 && item.prefix !== '').sort((a, b) => b.schedulers - a.schedulers || a.prefix.localeCompare(b.prefix));
}

/**
 * What to say when `prefix` has no schedulers but others of the same Redis do: which, and
 * how to select one. Undefined when there is no other.
 */
export function otherPrefixesNote(prefix: string, found: readonly PrefixWithSchedulers[]): string | undefined {
  // Key names are anyone's who can write to this Redis: no terminal controls from them.
  const others = found.filter(item => item.prefix !== prefix).map(item => ({...item, prefix: sanitizeText(item.prefix)}));
  if (others.length === 0) return undefined;
  const list = others
    .slice(0, 10)
    .map(item => `${item.prefix} (${item.schedulers} scheduler${item.schedulers === 1 ? '' : 's'})`)
    .join(', ');
  const more = others.length > 10 ? ` and ${others.length - 10} more` : '';
  const first = others[0]!.prefix;
  return `no schedulers under prefix ${prefix}, but this Redis has some under ${list}${more}; select one with --prefix ${first} or VIGIL_PREFIX=${first}`;
}
