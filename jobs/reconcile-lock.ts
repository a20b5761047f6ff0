import {randomUUID} from 'node:crypto';
import {setTimeout as sleep} from 'node:timers/promises';
import type {Redis} from 'ioredis';

/**
 * One replica reconciles at a time. After Redis lost its data every replica notices at once;
 * when all of them upsert every scheduler together, each upsert is done N times and the
 * rebuild takes N times as long on a busy Redis. The holder renews the lock while it works,
 * so a slow rebuild keeps it; a holder that dies loses it after LOCK_MS. Waiters poll, then
 * reconcile in turn: the diff they find is usually empty, but a replica started with another
 * checks file still applies its own.
 */

export const LOCK_MS = 30_000;
const POLL_MS = 200;

// Deletes the lock only while it is still ours (it may have expired and been taken since).
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

export async function withReconcileLock<T>(redis: Redis, key: string, work: () => Promise<T>, isClosing: () => boolean = () => false): Promise<T> {
  const token = randomUUID();
  while ((await redis.set(key, token, 'PX', LOCK_MS, 'NX')) !== 'OK') {
    if (isClosing()) throw new Error('the worker is shutting down');
    await sleep(POLL_MS);
  }
  const renew = setInterval(() => void redis.eval(RENEW, 1, key, token, String(LOCK_MS)).catch(() => {}), LOCK_MS / 3);
  renew.unref();
  try {
    return await work();
  } finally {
    clearInterval(renew);
    await redis.eval(RELEASE, 1, key, token).catch(() => {});
  }
}
