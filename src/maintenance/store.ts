import {randomBytes} from 'node:crypto';
import type {Cluster, Redis} from 'ioredis';
import * as z from 'zod';
import {HEALTHCHECK_ID_PATTERN, MAX_HEALTHCHECK_ID_LENGTH} from '../api/wire/index.js';
import {ORG_SLUG} from '../config/validate.js';
import {QUEUE_NAME} from '../redis/queue.js';
import type {MaintenanceWindow} from './window.js';
import {readDependencies, type Dependencies} from './depends.js';

/**
 * Where the windows live, so every replica (and `schedules list`, the board, `maintenance
 * list`) sees the same ones at once: the CLI's in a hash `<prefix>:healthchecks:maintenance`
 * (id -> JSON), the checks file's as the worker that last applied the file wrote them, in
 * `<prefix>:healthchecks:maintenance-file` (one JSON array; the file decides, as it does for
 * schedulers). Under the queue's prefix, so a Cluster hash tag keeps them on its slot.
 */
export const windowsKey = (prefix: string) => `${prefix}:${QUEUE_NAME}:maintenance`;
export const fileWindowsKey = (prefix: string) => `${prefix}:${QUEUE_NAME}:maintenance-file`;

/** A window ended this long ago is removed by the next write: a weekly report still sees last week's. */
export const KEEP_ENDED_MS = 35 * 86_400_000;

const storedWindow = z.object({
  id: z.string().regex(/^(cli|file)-[A-Za-z0-9]{1,32}$/),
  org: z.string().regex(ORG_SLUG),
  check: z.string().max(MAX_HEALTHCHECK_ID_LENGTH).regex(HEALTHCHECK_ID_PATTERN).optional(),
  reason: z.string().max(200).optional(),
  from: z.number().finite().optional(),
  to: z.number().finite().optional(),
  cron: z.string().max(200).optional(),
  durationMs: z.number().int().positive().optional(),
  timezone: z.string().max(64).optional(),
  source: z.enum(['file', 'cli']),
  createdAt: z.number().finite().optional(),
});

type AnyRedis = Redis | Cluster;

function parseWindow(text: string): MaintenanceWindow | undefined {
  try {
    const parsed = storedWindow.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as MaintenanceWindow) : undefined;
  } catch {
    return undefined;
  }
}

/** Every window of the prefix: the CLI's and the checks file's; an entry that does not parse is left out. */
export async function readWindows(redis: AnyRedis, prefix: string): Promise<MaintenanceWindow[]> {
  const [stored, file] = await Promise.all([redis.hgetall(windowsKey(prefix)), redis.get(fileWindowsKey(prefix))]);
  const fromCli = Object.values(stored).flatMap(text => parseWindow(text) ?? []);
  let fromFile: MaintenanceWindow[] = [];
  try {
    const list: unknown = file === null ? [] : JSON.parse(file);
    fromFile = Array.isArray(list) ? list.flatMap(item => parseWindow(JSON.stringify(item)) ?? []) : [];
  } catch {
    fromFile = [];
  }
  return [...fromFile, ...fromCli];
}

/** Stores a window the CLI adds; returns it with its id. Windows ended long ago go in the same write. */
export async function addWindow(redis: AnyRedis, prefix: string, window: Omit<MaintenanceWindow, 'id' | 'source'>, now: number): Promise<MaintenanceWindow> {
  const stored: MaintenanceWindow = {id: `cli-${randomBytes(4).toString('hex')}`, ...window, source: 'cli', createdAt: now};
  const old = (await readWindows(redis, prefix)).filter(item => item.source === 'cli' && item.to !== undefined && item.to < now - KEEP_ENDED_MS).map(item => item.id);
  const multi = redis.multi().hset(windowsKey(prefix), stored.id, JSON.stringify(stored));
  if (old.length > 0) multi.hdel(windowsKey(prefix), ...old);
  await multi.exec();
  return stored;
}

/** Ends a CLI window now (kept, with `to` set, for the report); undefined when no CLI window has that id. */
export async function endWindow(redis: AnyRedis, prefix: string, id: string, now: number): Promise<MaintenanceWindow | undefined> {
  const text = await redis.hget(windowsKey(prefix), id);
  const window = text === null ? undefined : parseWindow(text);
  if (!window) return undefined;
  const ended: MaintenanceWindow = {...window, to: Math.min(window.to ?? now, now), ...(window.from !== undefined && window.from > now ? {from: now} : {})};
  await redis.hset(windowsKey(prefix), id, JSON.stringify(ended));
  return ended;
}

/** The checks file's windows, as the worker that applied the file last read them. */
export async function publishFileWindows(redis: AnyRedis, prefix: string, windows: readonly MaintenanceWindow[] | undefined): Promise<void> {
  if (!windows || windows.length === 0) await redis.del(fileWindowsKey(prefix));
  else await redis.set(fileWindowsKey(prefix), JSON.stringify(windows));
}

/** What holds alerts, as every reader needs it: the windows and the checks file's dependsOn. */
export async function readHolds(redis: AnyRedis, prefix: string): Promise<{windows: MaintenanceWindow[]; dependencies: Dependencies}> {
  const [windows, dependencies] = await Promise.all([readWindows(redis, prefix), readDependencies(redis, prefix)]);
  return {windows, dependencies};
}
