import type {Cluster, Redis} from 'ioredis';

/** `MATCH` pattern of every key under `prefix:`, the prefix's own glob characters escaped. */
export function prefixPattern(prefix: string): string {
  return `${prefix.replace(/[*?[\]\\]/g, char => `\\${char}`)}:*`;
}

function isCluster(redis: Redis | Cluster): redis is Cluster {
  return typeof (redis as Cluster).nodes === 'function';
}

/** Every key under `prefix:`, from every primary of a Cluster (SCAN, never KEYS). */
export async function keysOfPrefix(redis: Redis | Cluster, prefix: string): Promise<string[]> {
  const nodes = isCluster(redis) ? redis.nodes('master') : [redis];
  const found = new Set<string>();
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', prefixPattern(prefix), 'COUNT', 500);
      cursor = next;
      for (const key of keys) found.add(key);
    } while (cursor !== '0');
  }
  return [...found];
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
