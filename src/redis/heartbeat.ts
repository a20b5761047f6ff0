import type {Redis} from 'ioredis';
import * as z from 'zod';
import {memo} from '../memo.js';
import {problemOf} from '../metrics/stored.js';
import {storedTimeProblem} from '../stored-time.js';

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
    // A bad entry is left for the readers to name: it is not this worker's to judge gone.
    const {beats} = parseBeats(await redis.hgetall(key), at);
    const gone = beats.filter(entry => at - entry.seenAt > FORGET_MS);
    if (gone.length > 0) await redis.hdel(key, ...gone.map(entry => entry.id));
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

/** A heartbeat entry that does not parse, and why: someone or something else wrote it. */
export interface SkippedBeat {
  id: string;
  problem: string;
}

/**
 * What a heartbeat must be to be believed. Anyone who can write to the prefix's keys writes
 * here too: `"seenAt": "soon"` made "last seen" an Invalid Date that `schedules list` threw
 * on, and a host holding escape sequences is printed by doctor.
 */
const beatSchema = memo(() =>
  z.object({
    id: z.string().min(1),
    host: z.string(),
    pid: z.number().int().nonnegative(),
    version: z.string(),
    metricsUrl: z.string(),
    startedAt: z.number(),
    seenAt: z.number(),
  }),
);

/** One hash field as a beat, or why it is skipped. */
function parseBeat(id: string, json: string, now: number): {beat: WorkerBeat} | {problem: string} {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return {problem: 'heartbeat: not JSON'};
  }
  const result = beatSchema().safeParse(value);
  if (!result.success) return {problem: `heartbeat ${problemOf(result.error)}`};
  const beat = result.data;
  if (beat.id !== id) return {problem: 'heartbeat: id does not match its field'};
  for (const field of ['startedAt', 'seenAt'] as const) {
    const problem = storedTimeProblem(beat[field], now);
    if (problem !== undefined) return {problem: `heartbeat ${field}: ${problem}`};
  }
  return {beat};
}

function parseBeats(all: Record<string, string>, now: number): {beats: WorkerBeat[]; skipped: SkippedBeat[]} {
  const beats: WorkerBeat[] = [];
  const skipped: SkippedBeat[] = [];
  for (const [id, json] of Object.entries(all)) {
    const parsed = parseBeat(id, json, now);
    if ('beat' in parsed) beats.push(parsed.beat);
    else skipped.push({id, problem: parsed.problem});
  }
  beats.sort((a, b) => a.id.localeCompare(b.id));
  skipped.sort((a, b) => a.id.localeCompare(b.id));
  return {beats, skipped};
}

/** Every heartbeat of a queue, and the entries skipped for not being one (named by their field). */
export async function readHeartbeats(redis: Redis, key: string, now = Date.now()): Promise<{beats: WorkerBeat[]; skipped: SkippedBeat[]}> {
  return parseBeats(await redis.hgetall(key), now);
}

export async function readBeats(redis: Redis, key: string, now = Date.now()): Promise<WorkerBeat[]> {
  return (await readHeartbeats(redis, key, now)).beats;
}

/** Workers of a queue seen within STALE_MS, when the last one was seen at all, and the entries skipped. */
export async function workerLiveness(redis: Redis, key: string, now: number): Promise<{live: WorkerBeat[]; lastSeenAt: number | undefined; skipped: SkippedBeat[]}> {
  const {beats, skipped} = await readHeartbeats(redis, key, now);
  // A loop, not Math.max(...): 100,000 planted beats are too many arguments for one call.
  let lastSeenAt: number | undefined;
  for (const beat of beats) if (lastSeenAt === undefined || beat.seenAt > lastSeenAt) lastSeenAt = beat.seenAt;
  return {live: beats.filter(beat => now - beat.seenAt <= STALE_MS), lastSeenAt, skipped};
}
