import type {CommandContext} from '../../../cli/context.js';
import {formatDuration} from '../../../checks/duration.js';
import {resolveOutputFormat} from '../../../output/format.js';
import {printRows} from '../../../output/print.js';
import type {Column} from '../../../output/columns.js';
import {ResultStore, type SkippedEntry, type StoredCheck} from '../../../metrics/store.js';
import {sanitizeText} from '../../../output/sanitize.js';
import {redact} from '../../../secrets.js';
import {isoTime} from '../../../stored-time.js';
import {Problems, capture} from '../../../cli/problems.js';
import {QUEUE_NAME, type CheckJobData} from '../../../redis/queue.js';
import {withScheduleQueue} from '../shared/queue.js';
import {resolveRedisSetting} from '../../../redis/settings.js';
import {otherPrefixesNote, prefixesWithSchedulers} from '../../../redis/prefixes.js';
import {STALE_MS, workerLiveness, workersKey} from '../../../redis/heartbeat.js';
import {keyRefsKey, readKeyRefs} from '../../../redis/key-refs.js';
import {readWindows} from '../../../maintenance/store.js';
import {activeWindows, windowFor} from '../../../maintenance/window.js';

export interface SchedulesListFlags {
  debug?: boolean;
  redisUrl?: string;
  redisCa?: string;
  prefix?: string;
  json?: boolean;
  output?: string;
}

/** One scheduler as `vigil schedules list` shows it; also the `--json` element. */
export interface ScheduleRow {
  id: string;
  check: string;
  org: string;
  everyMs: number;
  every: string;
  nextRunAt: string | null;
  lastResult: string | null;
  lastRunAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  /** The reference of the org's own key (`keys:` of the checks file), null for the worker's key. */
  key: string | null;
  /** The id of the maintenance window holding the pair's alerts now, else null (src/maintenance/). */
  maintenance?: string | null;
}

// BullMQ's `next` comes from Redis too: a time that is not one is no time, not a thrown RangeError.
const iso = isoTime;

export function scheduleRow(scheduler: {key: string; every?: number; next?: number; template?: {data?: CheckJobData}}, stored: StoredCheck | undefined, keyRefs: ReadonlyMap<string, string> = new Map()): ScheduleRow {
  const data = scheduler.template?.data ?? stored?.spec;
  const run = stored?.run;
  return {
    id: scheduler.key,
    check: data?.check ?? '',
    org: data?.org ?? '',
    everyMs: scheduler.every ?? 0,
    every: scheduler.every ? formatDuration(scheduler.every) : '',
    nextRunAt: iso(scheduler.next),
    lastResult: run ? (run.outcome === 'error' ? `error: ${run.errorKind}` : run.outcome) : null,
    lastRunAt: iso(run?.at),
    lastSuccessAt: iso(stored?.success?.at),
    // Stored by any worker, possibly an older one that kept an upstream's echo of the key.
    lastError: run?.outcome === 'error' && run.error !== undefined ? redact(run.error) : null,
    key: keyRefs.get(data?.org ?? '') ?? null,
  };
}

const RESULT_STYLE: Record<string, 'green' | 'yellow' | 'red'> = {ok: 'green', warn: 'yellow', fail: 'red'};

/** "in 12s" / "3m ago": what a person scanning a terminal table wants. */
export function relativeTime(iso: string | null, now: number): string | null {
  if (iso === null) return null;
  const delta = Date.parse(iso) - now;
  const text = formatDuration(Math.round(Math.abs(delta) / 1000) * 1000);
  return delta >= 0 ? `in ${text}` : `${text} ago`;
}

/** Columns of the listing: ISO-8601 times for TSV and markdown, relative ones in a table. */
export function scheduleColumns(relativeTo?: number, keyColumn = false): Column<ScheduleRow>[] {
  const time = (pick: (row: ScheduleRow) => string | null) => (row: ScheduleRow) => (relativeTo === undefined ? pick(row) : relativeTime(pick(row), relativeTo));
  // Only when the checks file names org keys: a worker on one key keeps the columns it had.
  const key: Column<ScheduleRow>[] = keyColumn ? [{header: 'KEY', value: row => row.key ?? "worker's"}] : [];
  return [
    {header: 'CHECK', value: row => row.check},
    {header: 'ORG', value: row => row.org, minWidth: 12},
    {header: 'EVERY', value: row => row.every, align: 'right'},
    {header: 'NEXT RUN', value: time(row => row.nextRunAt)},
    {header: 'LAST RESULT', value: row => row.lastResult ?? 'never run', minWidth: 11, style: row => (row.lastResult === null ? 'gray' : (RESULT_STYLE[row.lastResult] ?? 'magenta'))},
    {header: 'LAST RUN', value: time(row => row.lastRunAt)},
    {header: 'LAST SUCCESS', value: time(row => row.lastSuccessAt)},
    ...key,
  ];
}

/** Schedulers only say when a run is due: without a live worker, none of it happens. */
export function noWorkerWarning(prefix: string, lastSeenAt: number | undefined, now: number, consequence = 'these checks are not running, whatever NEXT RUN says'): string {
  const seen = lastSeenAt === undefined ? 'none left a heartbeat' : `the last one was seen ${relativeTime(new Date(lastSeenAt).toISOString(), now)}`;
  return `warning: no worker of prefix ${prefix} has been alive in the last ${formatDuration(STALE_MS)} (${seen}): ${consequence}; start \`vigil worker\``;
}

/** Stored entries (results, heartbeats) left out for not parsing, named (a few; the rest counted): someone or something wrote them. */
export function skippedWarning(skipped: readonly SkippedEntry[], shown = 5): string {
  const lines = skipped
    .slice(0, shown)
    .map(({id, problem}) => `warning: skipped a bad stored entry ${JSON.stringify(sanitizeText(id).slice(0, 200))}: ${sanitizeText(problem).slice(0, 200)}\n`);
  if (skipped.length > shown) lines.push(`warning: ${skipped.length - shown} more bad stored entries skipped\n`);
  return lines.join('');
}

/** `vigil schedules list`: what the workers sharing this Redis will run, and how it went. */
export async function runSchedulesList(flags: SchedulesListFlags, ctx: CommandContext): Promise<number> {
  const problems = new Problems();
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  const setting = resolveRedisSetting(flags, ctx.io.env, problems);
  problems.throwIfAny();
  const {prefix} = setting!;
  await withScheduleQueue(setting!, async (queue, redis) => {
    const now = ctx.now().getTime();
    const store = new ResultStore(redis, prefix, QUEUE_NAME);
    const [schedulers, stored, liveness, keyRefs, windows] = await Promise.all([
      queue.getJobSchedulers(0, -1, true),
      store.readAll(),
      workerLiveness(redis, workersKey(prefix, QUEUE_NAME), now),
      readKeyRefs(redis, keyRefsKey(prefix, QUEUE_NAME)),
      readWindows(redis, prefix),
    ]);
    const byId = new Map(stored.map(item => [item.spec.id, item]));
    const active = activeWindows(windows, now);
    const rows = schedulers.map(scheduler => {
      const row = scheduleRow(scheduler, byId.get(scheduler.key), keyRefs);
      return {...row, maintenance: windowFor(active, row.check, row.org)?.window.id ?? null};
    }).sort((a, b) => a.id.localeCompare(b.id));
    const columns = scheduleColumns(format === 'table' ? now : undefined, rows.some(row => row.key !== null));
    // Only when a pair is held: a listing without maintenance reads as it always did.
    if (rows.some(row => row.maintenance !== null)) columns.push({header: 'MAINTENANCE', value: row => row.maintenance});
    printRows(ctx.io, format!, rows, columns);
    // On stderr whatever the format: piped output must not look like an empty Redis.
    if (rows.length === 0) ctx.io.stderr.write(`${otherPrefixesNote(prefix, await prefixesWithSchedulers(redis)) ?? `no schedulers under prefix ${prefix}: start \`vigil worker --checks <file>\` to create them`}\n`);
    if (rows.length > 0 && liveness.live.length === 0) ctx.io.stderr.write(`${noWorkerWarning(prefix, liveness.lastSeenAt, now)}\n`);
    ctx.io.stderr.write(skippedWarning([...store.skipped(), ...liveness.skipped]));
  });
  return 0;
}
