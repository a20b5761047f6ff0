import type {Redis} from 'ioredis';
import type {CheckSpec} from '../checks/schema.js';
import type {HealthcheckResult} from '../api/wire/index.js';

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
 */

export type RunOutcome = 'ok' | 'warn' | 'fail' | 'error';
/** Why a run errored; a bounded set, so it can be a metric label. */
export type ErrorKind = 'timeout' | 'unavailable' | 'rate_limited' | 'server_error' | 'rejected' | 'auth' | 'contract' | 'internal';

export interface StoredSuccess {
  severity: 'ok' | 'warn' | 'fail';
  ok: boolean;
  /** Numeric entries of the result's `observed` map (at most MAX_OBSERVED_KEYS). */
  observed: Record<string, number>;
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

/** Observed keys come from the upstream: cap them so label cardinality stays bounded. */
export const MAX_OBSERVED_KEYS = 8;
const MAX_KEY_LENGTH = 64;

export function numericObserved(observed: HealthcheckResult['observed']): Record<string, number> {
  const out: Record<string, number> = {};
  let count = 0;
  for (const [key, value] of Object.entries(observed)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    if (count++ >= MAX_OBSERVED_KEYS) break;
    out[key.slice(0, MAX_KEY_LENGTH)] = value;
  }
  return out;
}

/** Keeps the success half of a state value, replaces the run half. */
const REPLACE_RUN = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
local head = ''
if current then
  local newline = string.find(current, '\\n', 1, true)
  if newline then head = string.sub(current, 1, newline - 1) end
end
redis.call('HSET', KEYS[1], ARGV[1], head .. '\\n' .. ARGV[2])
return 1`;

export class ResultStore {
  readonly keys: {config: string; state: string; marker: string; version: string};
  /** The config hash changes only on reconcile: re-read it only when its version moved. */
  private configCache: {version: string; specs: [string, CheckSpec][]} | undefined;
  private parsedCache = new Map<string, {raw: string; item: StoredCheck}>();

  constructor(
    private readonly redis: Redis,
    prefix: string,
    queueName: string,
  ) {
    const base = `${prefix}:${queueName}:vigil`;
    this.keys = {config: `${base}:config`, state: `${base}:state`, marker: `${base}:marker`, version: `${base}:config-version`};
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
    }
    multi.set(this.keys.marker, String(Date.now()));
    multi.incr(this.keys.version);
    await multi.exec();
    return {removed};
  }

  /** False after Redis restarted without its data (or was flushed): time to reconcile. */
  async hasMarker(): Promise<boolean> {
    return (await this.redis.exists(this.keys.marker)) === 1;
  }

  async recordSuccess(id: string, result: HealthcheckResult, at: number, durationMs: number): Promise<void> {
    const success: StoredSuccess = {
      severity: result.severity,
      ok: result.ok,
      observed: numericObserved(result.observed),
      at,
      appUrl: result.appUrl,
    };
    const run: StoredRun = {at, outcome: result.severity, durationMs};
    await this.redis.hset(this.keys.state, id, `${JSON.stringify(success)}\n${JSON.stringify(run)}`);
  }

  async recordError(id: string, kind: ErrorKind, error: string, at: number, durationMs: number): Promise<void> {
    const run: StoredRun = {at, outcome: 'error', durationMs, errorKind: kind, error: error.slice(0, 300)};
    await this.redis.eval(REPLACE_RUN, 1, this.keys.state, id, JSON.stringify(run));
  }

  /** Every configured check with its latest state, in one round trip. */
  async readAll(): Promise<StoredCheck[]> {
    const cached = this.configCache;
    const pipeline = this.redis.pipeline().get(this.keys.version).hgetall(this.keys.state);
    // Optimistic: fetch the config in the same round trip unless the cached one may be current.
    if (!cached) pipeline.hgetall(this.keys.config);
    const replies = await pipeline.exec();
    if (!replies) throw new Error('redis pipeline returned nothing');
    const values = replies.map(([error, value]) => {
      if (error) throw error;
      return value;
    });
    const version = String(values[0] ?? '0');
    const state = values[1] as Record<string, string>;
    let specs: [string, CheckSpec][];
    if (cached && cached.version === version) {
      specs = cached.specs;
    } else {
      const config = cached ? await this.redis.hgetall(this.keys.config) : (values[2] as Record<string, string>);
      specs = Object.entries(config).map(([id, json]) => [id, JSON.parse(json) as CheckSpec]);
    }
    // A config read without a version (Redis lost its data) is not worth caching.
    this.configCache = values[0] === null ? undefined : {version, specs};
    const out: StoredCheck[] = [];
    // Between two scrapes most checks have not run again: reuse what the last scrape parsed
    // when the stored text is unchanged.
    const parsed = new Map<string, {raw: string; item: StoredCheck}>();
    for (const [id, spec] of specs) {
      const raw = state[id] ?? '';
      const previous = this.parsedCache.get(id);
      let item: StoredCheck;
      if (previous && previous.raw === raw && previous.item.spec === spec) {
        item = previous.item;
      } else {
        item = {spec};
        if (raw) {
          const newline = raw.indexOf('\n');
          if (newline > 0) item.success = JSON.parse(raw.slice(0, newline)) as StoredSuccess;
          item.run = JSON.parse(raw.slice(newline + 1)) as StoredRun;
        }
      }
      parsed.set(id, {raw, item});
      out.push(item);
    }
    this.parsedCache = parsed;
    return out;
  }
}
