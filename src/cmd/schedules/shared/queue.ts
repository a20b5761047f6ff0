import type {Queue} from 'bullmq';
import type {Redis} from 'ioredis';
import * as z from 'zod';
import {option} from '../../../cli/options.js';
import {VigilError} from '../../../errors.js';
import type {RedisSetting} from '../../../redis/settings.js';
import {connectRedis} from '../../../redis/connect.js';
import {RedisUnavailableError} from '../../../redis/probe.js';
import {QUEUE_NAME, type CheckJobData} from '../../../redis/queue.js';

/** The Redis flags of every `schedules` command: the same Redis and prefix as `vigil worker`. */
export const scheduleRedisOptions = {
  redisUrl: z.string().optional().describe(option({description: 'Redis the workers share, any form `vigil worker` takes (default: VIGIL_REDIS_URL, then redis://127.0.0.1:6379)', valueDescription: 'url'})),
  redisCa: z.string().optional().describe(option({description: 'PEM file of the CA for rediss:// (default: VIGIL_REDIS_CA)', valueDescription: 'file'})),
  prefix: z.string().optional().describe(option({description: 'Redis key prefix of the queue (default: VIGIL_PREFIX, then vigil)', valueDescription: 'prefix'})),
};

/**
 * Runs `work` with the workers' queue on the Redis of `setting`, then closes both. Redis
 * going away midway (or a cluster losing its slots) is exit 8 naming it, not a bug.
 */
export async function withScheduleQueue<T>({target, source, prefix}: RedisSetting, work: (queue: Queue<CheckJobData>, redis: Redis) => Promise<T>): Promise<T> {
  // These commands read, or remove what the user asked: no eviction policy makes them unsafe;
  // `doctor` and the worker say what is wrong with one.
  const redis = await connectRedis(target, source, {oneShot: true, requireNoEviction: false});
  try {
    const {Queue} = await import('bullmq');
    // The queue's meta hash is the workers' to write: written here, it would outlive a clear.
    const queue = new Queue<CheckJobData>(QUEUE_NAME, {connection: redis, prefix, skipMetasUpdate: true});
    try {
      return await work(queue, redis);
    } finally {
      await queue.close();
    }
  } catch (error) {
    if (error instanceof VigilError) throw error;
    throw new RedisUnavailableError(target.display, error instanceof Error ? error.message : String(error), source);
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}
