import type {Redis} from 'ioredis';
import type {CheckSpec} from '../checks/schema.js';
import type {HealthcheckResult} from '../api/wire/index.js';
import {redact} from '../secrets.js';
import {isKeptAppUrl, type AppUrlDrops} from './app-url.js';
import {numericObserved, resultThresholds} from './observed.js';
import {parseStoredHalf, parseStoredSpec} from './stored.js';

/**
 * The latest state of every scheduled check, kept in Redis so that every worker replica
 * reports the same values at scrape time. Two hashes keyed by the check's id
 * (`<check>@<org>`):
 * - config: what the checks file asked for (thresholds, interval), written by reconcile;
 * - state:  `<last success JSON>\n<last run JSON>`. A success writes both halves with one
 *   HSET; an error replaces only the run half in a Lua script, so the last success survives
 *   and concurrent workers never race a read-modify-write. One hash (not two) because the
 *   scrape reads it whole: at 10,000 orgs every extra field costs.
 * A marker key tells a reconnecting worker whether Redis lost its data.
 *
 * Every write also bumps a sequence number and records it per id in a sorted set (one Lua
 * script, so a reader never sees the number before the state). A scrape then reads only
 * what changed since its last read: at 10,000 checks a whole-hash read costs ~50 ms of CPU,
 * while between two scrapes of a 5-minute check only a tenth of the checks ran again.
 * Every replica still reads every change from Redis, so all export the same values; a full
 * read happens on the first scrape, when the config or the sequence moved unexpectedly
 * (Redis restarted, a reconcile), and every FULL_READ_MS to bound what a writer that does
 * not record changes (an older vigil) could hide. /metrics reads through a part kept built
 * (registry.ts), so these reads happen every few seconds in the background, not per scrape.
 */

export const RUN_OUTCOMES = ['ok', 'warn', 'fail', 'error'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];
/** Why a run errored; a bounded set, so it can be a metric label. */
export const ERROR_KINDS = ['timeout', 'unavailable', 'rate_limited', 'server_error', 'rejected', 'auth', 'contract', 'internal'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface StoredSuccess {
  severity: 'ok' | 'warn' | 'fail';
  ok: boolean;
  /** Numeric entries of the result's `observed` map (at most MAX_OBSERVED_KEYS). */
  observed: Record<string, number>;
  /** Thresholds the result stated (used where the checks file sets none). */
  threshold?: {warn?: number; fail?: number};
  at: number;
  appUrl: string | null;
}

export interface StoredRun {
  at: number;
  outcome: RunOutcome;
  durationMs: number;
  errorKind?: ErrorKind;
  /** Short, already sanitised description of the error. */
  error?: string;
}

export interface StoredCheck {
  spec: CheckSpec;
  success?: StoredSuccess;
  run?: StoredRun;
}

/** A stored entry the last read skipped (not a number where one belongs, a label that breaks the rules...), and why. */
export interface SkippedEntry {
  id: string;
  problem: string;
}

export {MAX_OBSERVED_KEYS, SAFE_KEY, exportableObserved, numericObserved, resultThresholds} from './observed.js';

// KEYS: state hash, sequence counter, changes sorted set. ARGV: id, value.
const NOTE_CHANGE = `
local seq = redis.call('INCR', KEYS[2])
redis.call('ZADD', KEYS[3], seq, ARGV[1])`;

/** Writes a whole state value (a success: both halves). */
const WRITE_STATE = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])${NOTE_CHANGE}
return 1`;

/** Keeps the success half of a state value, replaces the run half. */
const REPLACE_RUN = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
local head = ''
if current then
  local newline = string.find(current, '\\n', 1, true)
  if newline then head = string.sub(current, 1, newline - 1) end
end
redis.call('HSET', KEYS[1], ARGV[1], head .. '\\n' .. ARGV[2])${NOTE_CHANGE}
return 1`;

/**
 * What changed after sequence ARGV[1]: {config version, sequence, id, value, id, value...}.
 * KEYS: state, sequence, changes, config version.
 */
const READ_CHANGES = `
local out = {redis.call('GET', KEYS[4]) or '', redis.call('GET', KEYS[2]) or '0'}
local ids = redis.call('ZRANGEBYSCORE', KEYS[3], '(' .. ARGV[1], '+inf')
for _, id in ipairs(ids) do
  out[#out + 1] = id
  out[#out + 1] = redis.call('HGET', KEYS[1], id) or ''
end
return out`;

/**
 * The longest a reader goes without reading the whole state hash. Reconciles and a Redis that
 * lost its data are seen at once (config version, sequence); this only bounds what a writer
 * that does not note its changes (a vigil before the change feed) could hide, and at 100,000
 * pairs a whole read is ~20 MB parsed on the worker's event loop: rare, not per minute.
 */
export const FULL_READ_MS = 10 * 60_000;

export class ResultStore {
  readonly keys: {config: string; state: string; marker: string; version: string; seq: string; changes: string; reconcileLock: string};
  /** The config hash changes only on reconcile: re-read it only when its version moved. */
  private configCache: {version: string; specs: [string, CheckSpec][]; skipped: SkippedEntry[]} | undefined;
  private parsedCache = new Map<string, {raw: string; item: StoredCheck; problem?: string}>();
  /** The last list handed out, and where each id is in it. */
  private assembled: {specs: [string, CheckSpec][]; out: StoredCheck[]; index: Map<string, number>} | undefined;
  /** Config entries the last read skipped. */
  private lastConfigSkipped: SkippedEntry[] | undefined;
  /** The state hash as of sequence `seq`, kept up to date from the changes set. */
  private stateCache: {seq: number; version: string; at: number; state: Map<string, string>} | undefined;
  /** appUrls this process did not store or did not believe (src/metrics/app-url.ts). */
  private readonly drops: AppUrlDrops = {write: 0, read: 0};

  constructor(
    private readonly redis: Redis,
    prefix: string,
    queueName: string,
  ) {
    const base = `${prefix}:${queueName}:vigil`;
    this.keys = {
      config: `${base}:config`,
      state: `${base}:state`,
      marker: `${base}:marker`,
      version: `${base}:config-version`,
      seq: `${base}:state-seq`,
      changes: `${base}:state-changes`,
      reconcileLock: `${base}:reconcile-lock`,
    };
  }

  /** Replaces the configured set: new and changed specs written, removed ones forgotten. */
  async replaceConfig(specs: readonly CheckSpec[]): Promise<{removed: string[]}> {
    const existing = await this.redis.hkeys(this.keys.config);
    const wanted = new Set(specs.map(spec => spec.id));
    const removed = existing.filter(id => !wanted.has(id));
    const multi = this.redis.multi();
    for (let i = 0; i < specs.length; i += 1000) {
      const chunk = specs.slice(i, i + 1000);
      multi.hset(this.keys.config, Object.fromEntries(chunk.map(spec => [spec.id, JSON.stringify(spec)])));
    }
    if (removed.length > 0) {
      multi.hdel(this.keys.config, ...removed);
      multi.hdel(this.keys.state, ...removed);
      multi.zrem(this.keys.changes, ...removed);
    }
    multi.set(this.keys.marker, String(Date.now()));
    // Unique, not a counter: after Redis lost its data a counter would restart at a value a
    // reader already saw, and the reader would keep its stale copy.
    multi.set(this.keys.version, `${Date.now()}-${Math.random().toString(36).slice(2)}`);
    await multi.exec();
    return {removed};
  }

  /**
   * After Redis lost its data: writes back the state this replica last read, for the ids in
   * `ids` that have none yet (a run that finished since wins). Grades, last successes and
   * errors then survive the loss on every replica's /metrics, and VigilCheckStale keeps
   * measuring from the real last success. Returns how many entries were restored.
   */
  async restoreState(ids: readonly string[]): Promise<number> {
    const known = this.stateCache?.state;
    if (!known || known.size === 0) return 0;
    const multi = this.redis.multi();
    let queued = 0;
    for (const id of ids) {
      const raw = known.get(id);
      if (!raw) continue;
      multi.hsetnx(this.keys.state, id, raw);
      queued++;
    }
    if (queued === 0) return 0;
    const replies = (await multi.exec()) ?? [];
    return replies.filter(([error, value]) => !error && value === 1).length;
  }

  /** What the last reconcile (of any replica) scheduled; entries that do not parse are left out. */
  async configuredSpecs(): Promise<CheckSpec[]> {
    return readSpecs(await this.redis.hgetall(this.keys.config)).specs.map(([, spec]) => spec);
  }

  /** Entries the last read skipped, config and state: never exported (vigil_store_entries_skipped). */
  skipped(): SkippedEntry[] {
    const out = [...(this.lastConfigSkipped ?? [])];
    for (const [id, {problem}] of this.parsedCache) if (problem !== undefined) out.push({id, problem});
    return out;
  }

  /** appUrls dropped since this store was made: at write (not stored) and at read (stored, not believed). */
  appUrlsDropped(): AppUrlDrops {
    return {...this.drops};
  }

  /** False after Redis restarted without its data (or was flushed): time to reconcile. */
  async hasMarker(): Promise<boolean> {
    return (await this.redis.exists(this.keys.marker)) === 1;
  }

  /** `observed`: the result's exportable observations, when the caller already has them. */
  async recordSuccess(id: string, result: HealthcheckResult, at: number, durationMs: number, observed = numericObserved(result.observed)): Promise<void> {
    const success: StoredSuccess = {
      severity: result.severity,
      ok: result.ok,
      observed,
      at,
      appUrl: result.appUrl === null || !isKeptAppUrl(result.appUrl) ? null : redact(result.appUrl),
    };
    if (result.appUrl !== null && success.appUrl === null) this.drops.write++;
    const threshold = resultThresholds(result.threshold);
    if (threshold.warn !== undefined || threshold.fail !== undefined) success.threshold = threshold;
    const run: StoredRun = {at, outcome: result.severity, durationMs};
    await this.redis.eval(WRITE_STATE, 3, this.keys.state, this.keys.seq, this.keys.changes, id, `${JSON.stringify(success)}\n${JSON.stringify(run)}`);
  }

  async recordError(id: string, kind: ErrorKind, error: string, at: number, durationMs: number): Promise<void> {
    // Contract errors quote the upstream, which may echo the key: mask it before Redis sees it.
    const run: StoredRun = {at, outcome: 'error', durationMs, errorKind: kind, error: redact(error).slice(0, 300)};
    await this.redis.eval(REPLACE_RUN, 3, this.keys.state, this.keys.seq, this.keys.changes, id, JSON.stringify(run));
  }

  /** A read under way: reads asked for meanwhile share it. */
  private reading: Promise<StoredCheck[]> | undefined;

  /**
   * Every configured check with its latest state: usually one round trip for what changed.
   * Reads asked for while one is under way share it: a reader that gave up waiting (the
   * scrape's timeout) and asked again would otherwise start a second whole read of 100,000
   * entries beside the first, then a third, each slower for the others on a loaded machine.
   */
  readAll(now = Date.now()): Promise<StoredCheck[]> {
    this.reading ??= this.readOnce(now).finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async readOnce(now: number): Promise<StoredCheck[]> {
    const cache = this.stateCache;
    if (cache && cache.version === this.configCache?.version && now - cache.at < FULL_READ_MS) {
      const reply = (await this.redis.eval(READ_CHANGES, 4, this.keys.state, this.keys.seq, this.keys.changes, this.keys.version, String(cache.seq))) as string[];
      const [version = '', seqText = '0'] = reply;
      const seq = Number(seqText);
      // A config change (reconcile) or a sequence that went back (Redis lost its data): read everything.
      if (version === cache.version && seq >= cache.seq) {
        const changed: string[] = [];
        for (let i = 2; i < reply.length; i += 2) {
          cache.state.set(reply[i]!, reply[i + 1]!);
          changed.push(reply[i]!);
        }
        cache.seq = seq;
        return this.patch(this.configCache!.specs, cache.state, changed, now);
      }
    }
    return this.readFull(now);
  }

  private async readFull(now: number): Promise<StoredCheck[]> {
    const cached = this.configCache;
    // Sequence and state in one transaction, so later changes are exactly those above it.
    const multi = this.redis.multi().get(this.keys.version).get(this.keys.seq).hgetall(this.keys.state);
    // Optimistic: fetch the config in the same round trip unless the cached one may be current.
    if (!cached) multi.hgetall(this.keys.config);
    const replies = await multi.exec();
    if (!replies) throw new Error('redis transaction returned nothing');
    const values = replies.map(([error, value]) => {
      if (error) throw error;
      return value;
    });
    const version = String(values[0] ?? '0');
    const state = values[2] as Record<string, string>;
    let read: {specs: [string, CheckSpec][]; skipped: SkippedEntry[]};
    if (cached && cached.version === version) {
      read = cached;
    } else {
      read = readSpecs(cached ? await this.redis.hgetall(this.keys.config) : (values[3] as Record<string, string>));
    }
    const {specs} = read;
    // No config at all after one was read: Redis lost its data. Until a reconcile writes
    // it again, keep exporting the last known grades rather than nothing, and keep the
    // caches: they are what reconcile restores the state from.
    if (values[0] === null && specs.length === 0 && read.skipped.length === 0 && this.assembled) return this.assembled.out;
    this.lastConfigSkipped = read.skipped;
    // A config read without a version (Redis lost its data) is not worth caching.
    this.configCache = values[0] === null ? undefined : {version, ...read};
    const current = new Map(Object.entries(state));
    this.stateCache = values[0] === null ? undefined : {seq: Number(values[1] ?? 0), version, at: now, state: current};
    return this.assemble(specs, current, now);
  }

  /** StoredCheck per configured check; unchanged ones are the very objects of the last read. */
  private assemble(specs: [string, CheckSpec][], state: Map<string, string>, now: number): StoredCheck[] {
    const out: StoredCheck[] = [];
    const parsed = new Map<string, {raw: string; item: StoredCheck; problem?: string}>();
    const index = new Map<string, number>();
    for (const [id, spec] of specs) {
      const raw = state.get(id) ?? '';
      const previous = this.parsedCache.get(id);
      const unchanged = previous !== undefined && previous.raw === raw && previous.item.spec === spec;
      // A full read brings every state as a new string of the same text: keep the one already
      // held, or a replica holds two of each (2 MiB at 10,000 pairs) until every pair ran again.
      if (unchanged && raw !== '') state.set(id, previous.raw);
      const entry = unchanged ? previous : this.parsed(spec, raw, now);
      const {item} = entry;
      parsed.set(id, entry);
      index.set(id, out.length);
      out.push(item);
    }
    this.parsedCache = parsed;
    this.assembled = {specs, out, index};
    return out;
  }

  /** A state value parsed, its dropped appUrl counted (once per value read, as each is parsed once). */
  private parsed(spec: CheckSpec, raw: string, now: number): {raw: string; item: StoredCheck; problem?: string} {
    const {appUrlDropped, ...entry} = parseState(spec, raw, now);
    if (appUrlDropped) this.drops.read++;
    return {raw, ...entry};
  }

  /**
   * The last read with only `changed` parsed again: at 100,000 checks, rebuilding the list and
   * its caches on every scrape cost more than the few hundred changes between two scrapes.
   */
  private patch(specs: [string, CheckSpec][], state: Map<string, string>, changed: readonly string[], now: number): StoredCheck[] {
    const last = this.assembled;
    if (!last || last.specs !== specs) return this.assemble(specs, state, now);
    if (changed.length === 0) return last.out;
    const out = last.out.slice();
    for (const id of changed) {
      const at = last.index.get(id);
      // State of a check no longer configured (a run that finished after a reconcile).
      if (at === undefined) continue;
      const raw = state.get(id) ?? '';
      const entry = this.parsed(out[at]!.spec, raw, now);
      this.parsedCache.set(id, entry);
      out[at] = entry.item;
    }
    this.assembled = {specs, out, index: last.index};
    return out;
  }
}

/** The config hash as specs; an entry that does not parse is skipped and named. */
function readSpecs(config: Record<string, string>): {specs: [string, CheckSpec][]; skipped: SkippedEntry[]} {
  const specs: [string, CheckSpec][] = [];
  const skipped: SkippedEntry[] = [];
  for (const [id, json] of Object.entries(config)) {
    const parsed = parseStoredSpec(id, json);
    if ('spec' in parsed) specs.push([id, parsed.spec]);
    else skipped.push({id, problem: parsed.problem});
  }
  return {specs, skipped};
}

/** A state value as its two halves; a half that does not parse is left out (the first problem kept). */
function parseState(spec: CheckSpec, raw: string, now: number): {item: StoredCheck; problem?: string; appUrlDropped?: true} {
  const item: StoredCheck = {spec};
  if (!raw) return {item};
  const problems: string[] = [];
  let appUrlDropped: true | undefined;
  const newline = raw.indexOf('\n');
  if (newline > 0) {
    const success = parseStoredHalf('success', raw.slice(0, newline), now);
    if ('value' in success) {
      item.success = success.value;
      // A link not worth keeping is not a reason to skip the grade: the grade stays, the link goes.
      if (item.success.appUrl !== null && !isKeptAppUrl(item.success.appUrl)) {
        item.success.appUrl = null;
        appUrlDropped = true;
      }
    } else problems.push(success.problem);
  }
  const run = parseStoredHalf('run', raw.slice(newline + 1), now);
  if ('value' in run) item.run = run.value;
  else problems.push(run.problem);
  return {item, ...(problems.length > 0 ? {problem: problems.join('; ')} : {}), ...(appUrlDropped ? {appUrlDropped} : {})};
}
