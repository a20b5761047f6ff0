import type {Redis} from 'ioredis';

/**
 * Which key each org's runs use, by reference (`env:NAME`, `file:/path`; `keys:` of the
 * checks file, src/checks/key-refs.ts), stored by the worker at start so that `schedules
 * list` and the board, which read Redis and not the file, can name it. Never the key.
 * Under the prefix as every other vigil key (one hash slot with a hash-tag prefix).
 */
export const keyRefsKey = (prefix: string, queueName: string): string => `${prefix}:${queueName}:vigil:key-refs`;

/** Replaces the stored references with `refs` (org -> reference); none stored when empty. */
export async function writeKeyRefs(redis: Redis, key: string, refs: Record<string, string>): Promise<void> {
  const entries = Object.entries(refs);
  const multi = redis.multi().del(key);
  if (entries.length > 0) multi.hset(key, Object.fromEntries(entries));
  await multi.exec();
}

/** org -> reference; an org not there uses the worker's own key. */
export async function readKeyRefs(redis: Redis, key: string): Promise<Map<string, string>> {
  return new Map(Object.entries(await redis.hgetall(key)));
}
