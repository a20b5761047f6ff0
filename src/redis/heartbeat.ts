import type {Redis} from 'ioredis';

/**
 * Each worker says it is alive, and where its metrics are, in one hash per queue:
 * `<prefix>:healthchecks:workers`, field = worker id, value = JSON with `seenAt`. One key
 * (under the prefix's hash tag) works on every topology, Cluster included; readers call a
 * worker gone when it has not written for `STALE_MS`. `vigil doctor` reads it.
 */

export interface WorkerBeat {
  id: string;
  host: string;
  pid: number;
  version: string;
  metricsUrl: string;
  startedAt: number;
  seenAt: number;
}

export const BEAT_MS = 5000;
export const STALE_MS = 3 * BEAT_MS;
/** Entries of workers gone this long are deleted by the next live worker. */
const FORGET_MS = 24 * 3600 * 1000;

export const workersKey = (prefix: string, queue: string) => `${prefix}:${queue}:workers`;

export interface Heartbeat {
  /** Stops beating and removes this worker's entry (bounded: never blocks shutdown). */
  stop(): Promise<void>;
}

export function startHeartbeat(redis: Redis, key: string, beat: Omit<WorkerBeat, 'seenAt'>, now: () => number = Date.now, intervalMs = BEAT_MS): Heartbeat {
  const write = async () => {
    const at = now();
    await redis.hset(key, beat.id, JSON.stringify({...beat, seenAt: at}));
    const all = await redis.hgetall(key);
    const gone = Object.entries(all).filter(([, value]) => at - ((JSON.parse(value) as WorkerBeat).seenAt ?? 0) > FORGET_MS);
    if (gone.length > 0) await redis.hdel(key, ...gone.map(([id]) => id));
  };
  // Best effort: a Redis outage shows in /healthz and the logs, not here.
  const tick = () => void write().catch(() => {});
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      if (redis.status !== 'ready') return;
      await Promise.race([redis.hdel(key, beat.id).catch(() => {}), new Promise(resolve => setTimeout(resolve, 1000).unref())]);
    },
  };
}

export async function readBeats(redis: Redis, key: string): Promise<WorkerBeat[]> {
  const all = await redis.hgetall(key);
  return Object.values(all)
    .flatMap(value => {
      try {
        return [JSON.parse(value) as WorkerBeat];
      } catch {
        return [];
      }
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Workers of a queue seen within STALE_MS, and when the last one was seen at all. */
export async function workerLiveness(redis: Redis, key: string, now: number): Promise<{live: WorkerBeat[]; lastSeenAt: number | undefined}> {
  const beats = await readBeats(redis, key);
  const lastSeenAt = beats.length === 0 ? undefined : Math.max(...beats.map(beat => beat.seenAt));
  return {live: beats.filter(beat => now - beat.seenAt <= STALE_MS), lastSeenAt};
}
