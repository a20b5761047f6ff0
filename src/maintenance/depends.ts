import type {Cluster, Redis} from 'ioredis';
import * as z from 'zod';
import {HEALTHCHECK_ID_PATTERN, MAX_HEALTHCHECK_ID_LENGTH} from '../api/wire/index.js';
import {QUEUE_NAME} from '../redis/queue.js';
import type {StoredCheck} from '../metrics/store.js';

/**
 * `dependsOn:` of a checks-file entry: the checks of the same org whose failing explains
 * this one's (`takedowns.cancelled-count` while `takedowns.automation-off` fails). The
 * worker that applies the file publishes them under `<prefix>:healthchecks:depends`
 * (`check@org` -> the checks it depends on), where every replica's shared metrics, the
 * board and `schedules list` read them; a pair is held while one of them last graded fail.
 */
export const dependsKey = (prefix: string) => `${prefix}:${QUEUE_NAME}:depends`;

const checkId = z.string().max(MAX_HEALTHCHECK_ID_LENGTH).regex(HEALTHCHECK_ID_PATTERN);
const published = z.record(z.string(), z.array(checkId));

export type Dependencies = ReadonlyMap<string, readonly string[]>;

export async function publishDependencies(redis: Redis | Cluster, prefix: string, specs: readonly {id: string; dependsOn?: readonly string[]}[]): Promise<void> {
  const map = Object.fromEntries(specs.filter(spec => spec.dependsOn && spec.dependsOn.length > 0).map(spec => [spec.id, spec.dependsOn]));
  if (Object.keys(map).length === 0) await redis.del(dependsKey(prefix));
  else await redis.set(dependsKey(prefix), JSON.stringify(map));
}

export async function readDependencies(redis: Redis | Cluster, prefix: string): Promise<Dependencies> {
  const text = await redis.get(dependsKey(prefix));
  if (text === null) return new Map();
  try {
    const parsed = published.safeParse(JSON.parse(text));
    return parsed.success ? new Map(Object.entries(parsed.data)) : new Map();
  } catch {
    return new Map();
  }
}

/** Each pair held by a dependency that last graded fail: `check@org` -> that dependency's check id. */
export function heldByDependencies(stored: readonly StoredCheck[], dependencies: Dependencies): Map<string, string> {
  const held = new Map<string, string>();
  if (dependencies.size === 0) return held;
  const failing = new Set(stored.filter(item => item.success?.severity === 'fail').map(item => item.spec.id));
  for (const item of stored) {
    const on = dependencies.get(item.spec.id)?.find(check => failing.has(`${check}@${item.spec.org}`));
    if (on !== undefined) held.set(item.spec.id, on);
  }
  return held;
}
