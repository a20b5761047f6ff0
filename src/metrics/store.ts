import type {Redis} from 'ioredis';
import type {CheckSpec} from '../checks/schema.js';
import type {HealthcheckResult} from '../api/wire/index.js';

/**
 * The latest state of every scheduled check, kept in Redis so that every worker replica
 * reports the same values at scrape time. Three hashes keyed by the check's id
 * (`<check>@<org>`), each written by a single HSET, so concurrent workers never
 * read-modify-write:
 * - config:  what the checks file asked for (thresholds, interval), written by reconcile;
 * - success: the last successful result (severity, observed numbers, time);
 * - run:     the last attempt whatever its outcome (time, outcome, error kind).
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

export class ResultStore {
  readonly keys: {config: string; success: string; run: string; marker: string};

  constructor(
    private readonly redis: Redis,
    prefix: string,
    queueName: string,
  ) {
    const base = `${prefix}:${queueName}:vigil`;
    this.keys = {config: `${base}:config`, success: `${base}:success`, run: `${base}:run`, marker: `${base}:marker`};
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
      multi.hdel(this.keys.success, ...removed);
      multi.hdel(this.keys.run, ...removed);
    }
    multi.set(this.keys.marker, String(Date.now()));
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
    await this.redis
      .multi()
      .hset(this.keys.success, id, JSON.stringify(success))
      .hset(this.keys.run, id, JSON.stringify(run))
      .exec();
  }

  async recordError(id: string, kind: ErrorKind, error: string, at: number, durationMs: number): Promise<void> {
    const run: StoredRun = {at, outcome: 'error', durationMs, errorKind: kind, error: error.slice(0, 300)};
    await this.redis.hset(this.keys.run, id, JSON.stringify(run));
  }

  /** Every configured check with its latest state, in one round trip. */
  async readAll(): Promise<StoredCheck[]> {
    const replies = await this.redis
      .pipeline()
      .hgetall(this.keys.config)
      .hgetall(this.keys.success)
      .hgetall(this.keys.run)
      .exec();
    if (!replies) throw new Error('redis pipeline returned nothing');
    const [config, success, run] = replies.map(([error, value]) => {
      if (error) throw error;
      return value as Record<string, string>;
    }) as [Record<string, string>, Record<string, string>, Record<string, string>];
    const out: StoredCheck[] = [];
    for (const [id, json] of Object.entries(config)) {
      const item: StoredCheck = {spec: JSON.parse(json) as CheckSpec};
      const s = success[id];
      if (s) item.success = JSON.parse(s) as StoredSuccess;
      const r = run[id];
      if (r) item.run = JSON.parse(r) as StoredRun;
      out.push(item);
    }
    return out;
  }
}
