import type {Cluster, Redis} from 'ioredis';
import {prefixPattern, scanKeys} from '../../../redis/prefixes.js';

/** Every key under `prefix:`, from every primary of a Cluster (SCAN, never KEYS). */
export async function keysOfPrefix(redis: Redis | Cluster, prefix: string): Promise<string[]> {
  return scanKeys(redis, prefixPattern(prefix));
}

/** Deletes `keys` (UNLINK: freed in the background), one key a command so a Cluster routes each. */
export async function unlinkKeys(redis: Redis | Cluster, keys: readonly string[]): Promise<number> {
  let removed = 0;
  for (let start = 0; start < keys.length; start += 500) {
    const counts = await Promise.all(keys.slice(start, start + 500).map(key => redis.unlink(key)));
    removed += counts.reduce((sum, count) => sum + count, 0);
  }
  return removed;
}
