import type {Problems} from '../cli/problems.js';
import {isHashTagged} from './connect.js';
import {parseRedisUrl, registerRedisSecrets, RedisUrlError, type RedisTarget} from './connection-url.js';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
export const DEFAULT_PREFIX = 'vigil';

/** The Redis flags every command that reads Redis takes (worker, schedules list, doctor). */
export interface RedisFlags {
  redisUrl?: string;
  redisCa?: string;
  prefix?: string;
}

export interface RedisSetting {
  target: RedisTarget;
  /** Where the URL came from, for messages: `--redis-url`, `VIGIL_REDIS_URL`, or the default. */
  source: string;
  prefix: string;
}

/**
 * Flag > environment > default, validated before anything connects. Records each problem
 * (exit 3) instead of throwing, so a command lists every bad flag at once.
 */
export function resolveRedisSetting(flags: RedisFlags, env: NodeJS.ProcessEnv, problems: Problems): RedisSetting | undefined {
  const url = flags.redisUrl ?? env.VIGIL_REDIS_URL ?? DEFAULT_REDIS_URL;
  const source = flags.redisUrl !== undefined ? '--redis-url' : env.VIGIL_REDIS_URL !== undefined ? 'VIGIL_REDIS_URL' : 'the default; set --redis-url or VIGIL_REDIS_URL';
  const field = flags.redisUrl !== undefined ? '--redis-url' : 'VIGIL_REDIS_URL';
  const caFile = flags.redisCa ?? (env.VIGIL_REDIS_CA || undefined);
  const sentinelPassword = env.VIGIL_REDIS_SENTINEL_PASSWORD || undefined;
  let target: RedisTarget | undefined;
  try {
    target = parseRedisUrl(url, field, {...(caFile === undefined ? {} : {caFile}), ...(sentinelPassword === undefined ? {} : {sentinelPassword})});
    registerRedisSecrets(target);
  } catch (error) {
    if (!(error instanceof RedisUrlError)) throw error;
    const problem = error.problem;
    problems.add(problem.field === '--redis-ca' && flags.redisCa === undefined ? 'VIGIL_REDIS_CA' : problem.field, problem.message);
  }

  // On a cluster the default is the hash tag an explicit prefix must be.
  const prefix = flags.prefix ?? env.VIGIL_PREFIX ?? (target?.topology === 'cluster' ? `{${DEFAULT_PREFIX}}` : DEFAULT_PREFIX);
  const prefixField = flags.prefix !== undefined ? '--prefix' : 'VIGIL_PREFIX';
  if (!/^[A-Za-z0-9{}_.-]{1,64}$/.test(prefix)) problems.add(prefixField, 'must be 1-64 letters, digits, "{", "}", "_", ".", "-"');
  else if (target?.topology === 'cluster' && !isHashTagged(prefix)) {
    problems.add(
      prefixField,
      `must be a hash tag on Redis Cluster, like {${prefix.replace(/[{}]/g, '') || 'vigil'}} (got ${JSON.stringify(prefix)}): ` +
        'BullMQ runs scripts over several keys, which Cluster allows only within one slot',
    );
  }
  return target === undefined ? undefined : {target, source, prefix};
}
