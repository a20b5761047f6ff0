import type {Redis} from 'ioredis';
import {VigilError} from '../errors.js';
import {ResultStore, type SkippedEntry, type StoredCheck} from '../metrics/store.js';
import {connectRedis} from '../redis/connect.js';
import {workerLiveness, workersKey} from '../redis/heartbeat.js';
import {keyRefsKey, readKeyRefs} from '../redis/key-refs.js';
import {RedisUnavailableError} from '../redis/probe.js';
import {QUEUE_NAME} from '../redis/queue.js';
import type {RedisSetting} from '../redis/settings.js';
import {readHolds} from '../maintenance/store.js';
import {heldByDependencies} from '../maintenance/depends.js';
import {heldPairs} from '../maintenance/held.js';

/** What one read of the worker's Redis gives the board. */
export interface BoardReading {
  stored: StoredCheck[];
  /** Workers of this prefix seen within the heartbeat's stale time. */
  liveWorkers: number;
  /** When any worker was last seen (epoch ms), undefined when none ever left a heartbeat. */
  lastSeenAt: number | undefined;
  /** Stored entries (results, heartbeats) the read left out for not parsing: the board names them. Default: none. */
  skipped?: SkippedEntry[];
  /** org -> the reference of its own key (`keys:` of the checks file), as the worker stored it. Default: none. */
  keyRefs?: ReadonlyMap<string, string>;
  /** Pairs whose alerts are held, by a maintenance window or a failing dependsOn: check (`check@org` -> what holds them). Default: none. */
  held?: ReadonlyMap<string, string>;
}

/** The board's view of the result store; injected, so tests and the bench need no Redis. */
export interface BoardSource {
  read(now: number): Promise<BoardReading>;
  /** Writes a result graded here (`r`) where the worker writes its own, so every view agrees. */
  store: Pick<ResultStore, 'recordSuccess'> | undefined;
  close(): Promise<void>;
}

/** Where to start a worker or grade an org by hand: said whenever the board has nothing to show. */
export const START_WORKER_HINT =
  'start a worker on this Redis (`vigil worker --checks checks.yaml`, docs/checker.md), ' + 'or grade one org now without one: `vigil healthchecks run --all --org <slug>`';

/**
 * Reads the store the worker of `setting` writes (the same Redis and prefix as `vigil worker`
 * and `schedules list`). The store reads only what changed since the last poll, so a board
 * left open costs Redis one small script every refresh. A connection lost midway is opened
 * again on the next read; until then each read fails with exit 8's error, which the live
 * board shows in its header while keeping the last grid.
 */
export async function openBoardSource(setting: RedisSetting): Promise<BoardSource> {
  const open = async () => {
    try {
      const redis = await connectRedis(setting.target, setting.source, {oneShot: true, requireNoEviction: false});
      return {redis, store: new ResultStore(redis, setting.prefix, QUEUE_NAME)};
    } catch (error) {
      // The probe's own hint says how to start Redis; a board also needs a worker writing to it.
      if (error instanceof RedisUnavailableError) throw new VigilError(error.message, {exitCode: error.exitCode, hint: `${START_REDIS} ${START_WORKER_HINT}`});
      throw error;
    }
  };
  let current: {redis: Redis; store: ResultStore} = await open();
  const source: BoardSource = {
    async read(now) {
      if (current.redis.status === 'end') {
        current = await open();
        source.store = current.store;
      }
      try {
        const [stored, liveness, keyRefs, holds] = await Promise.all([current.store.readAll(now), workerLiveness(current.redis, workersKey(setting.prefix, QUEUE_NAME), now), readKeyRefs(current.redis, keyRefsKey(setting.prefix, QUEUE_NAME)), readHolds(current.redis, setting.prefix)]);
        const held = heldPairs(holds.windows, stored.map(item => item.spec), now, heldByDependencies(stored, holds.dependencies));
        return {stored, liveWorkers: liveness.live.length, lastSeenAt: liveness.lastSeenAt, skipped: [...current.store.skipped(), ...liveness.skipped], keyRefs, ...(held.size > 0 ? {held} : {})};
      } catch (error) {
        if (error instanceof VigilError) throw error;
        throw new RedisUnavailableError(setting.target.display, error instanceof Error ? error.message : String(error), setting.source, `${START_REDIS} ${START_WORKER_HINT}`);
      }
    },
    store: current.store,
    async close() {
      await current.redis.quit().catch(() => current.redis.disconnect());
    },
  };
  return source;
}

const START_REDIS = 'start Redis or point vigil at the workers\' one (--redis-url, VIGIL_REDIS_URL); then';

