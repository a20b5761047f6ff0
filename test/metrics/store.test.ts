import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {FULL_READ_MS, ResultStore, type StoredCheck} from '../../src/metrics/store.js';
import {clearSecrets, registerSecret} from '../../src/secrets.js';
import {startRedis, type TestRedis} from '../jobs/redis-server.js';
import {healthcheckResult} from '../jobs/stub-upstream.js';
import {spec} from '../jobs/harness.js';
import {requireProgram} from '../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

/** Hash order is Redis's: compare by org. */
const byOrg = <T>(items: StoredCheck[], pick: (item: StoredCheck) => T) => Object.fromEntries(items.map(item => [item.spec.org, pick(item)]));

const result = (org: string, count: number) => healthcheckResult(org, count, 3, 10) as Parameters<ResultStore['recordSuccess']>[1];

describe.skipIf(redisServer.skipReason)('the result store read by each replica', () => {
  it('shares a read under way with the reads asked for meanwhile: one whole read, not one each', async () => {
    const client = redis.client();
    const writer = new ResultStore(client, 'shared-read', 'healthchecks');
    const specs = ['a', 'b'].map(org => spec(org));
    await writer.replaceConfig(specs);
    await writer.recordSuccess(specs[0]!.id, result('a', 2), 1000, 5);
    const hgetalls = async () => Number(/cmdstat_hgetall:calls=(\d+)/.exec(await client.info('commandstats'))?.[1] ?? 0);
    const reader = new ResultStore(client, 'shared-read', 'healthchecks');
    const before = await hgetalls();
    const [x, y, z] = await Promise.all([reader.readAll(10_000), reader.readAll(10_000), reader.readAll(10_000)]);
    // State and config, once.
    expect((await hgetalls()) - before).toBe(2);
    expect(y).toBe(x);
    expect(z).toBe(x);
    expect(byOrg(x, item => item.success?.observed.cancelledCount)).toEqual({a: 2, b: undefined});
  });

  it('sees every change another replica writes, reading only what changed', async () => {
    const writer = new ResultStore(redis.client(), 'feed', 'healthchecks');
    const reader = new ResultStore(redis.client(), 'feed', 'healthchecks');
    const specs = ['a', 'b', 'c'].map(org => spec(org));
    await writer.replaceConfig(specs);
    await writer.recordSuccess(specs[0]!.id, result('a', 1), 1000, 5);
    const first = await reader.readAll(10_000);
    expect(byOrg(first, item => item.success?.observed.cancelledCount)).toEqual({a: 1, b: undefined, c: undefined});

    await writer.recordSuccess(specs[1]!.id, result('b', 4), 2000, 5);
    await writer.recordError(specs[0]!.id, 'timeout', 'no answer', 3000, 5);
    const second = await reader.readAll(10_001);
    expect(byOrg(second, item => [item.success?.severity, item.run?.outcome])).toEqual({a: ['ok', 'error'], b: ['warn', 'warn'], c: [undefined, undefined]});
    // Unchanged checks come back as the same objects (their metric lines are not rendered again).
    expect(byOrg(second, item => item).c).toBe(byOrg(first, item => item).c);
    expect(byOrg(second, item => item).a).not.toBe(byOrg(first, item => item).a);
    // Nothing changed since: the very list of the last read, which the renderer skips at once.
    expect(await reader.readAll(10_002)).toBe(second);
    // A run that lands for a check no longer configured is not shown.
    await writer.recordSuccess('takedowns.cancelled-count@gone', result('gone', 1), 4000, 5);
    const third = await reader.readAll(10_003);
    expect(third.map(item => item.spec.org).sort()).toEqual(['a', 'b', 'c']);
    expect(third).toEqual(second);
  });

  it('reads everything again after Redis lost its data or the config changed', async () => {
    const client = redis.client();
    const writer = new ResultStore(client, 'lost', 'healthchecks');
    const reader = new ResultStore(redis.client(), 'lost', 'healthchecks');
    await writer.replaceConfig([spec('x'), spec('y')]);
    await writer.recordSuccess(spec('x').id, result('x', 12), 1000, 5);
    expect(byOrg(await reader.readAll(0), item => item.success?.severity)).toEqual({x: 'fail', y: undefined});
    await client.flushall();
    await writer.replaceConfig([spec('y')]);
    await writer.recordSuccess(spec('y').id, result('y', 0), 2000, 5);
    expect(byOrg(await reader.readAll(1), item => item.success?.severity)).toEqual({y: 'ok'});
  });

  it('re-reads the whole hash now and then, so a write that skipped the change feed still shows', async () => {
    const client = redis.client();
    const store = new ResultStore(client, 'legacy', 'healthchecks');
    await store.replaceConfig([spec('old')]);
    await store.readAll(0);
    // What a worker of an older vigil does: HSET alone.
    await client.hset(store.keys.state, spec('old').id, `${JSON.stringify({severity: 'fail', ok: false, observed: {}, at: 5, appUrl: null})}\n${JSON.stringify({at: 5, outcome: 'fail', durationMs: 1})}`);
    expect((await store.readAll(1))[0]!.success).toBeUndefined();
    expect((await store.readAll(FULL_READ_MS + 1))[0]!.success?.severity).toBe('fail');
  });
});

describe.skipIf(redisServer.skipReason)('what the store keeps of a run', () => {
  it('keeps a success whole: severity, ok, numeric observations, time, the app link', async () => {
    const store = new ResultStore(redis.client(), 'kept', 'healthchecks');
    await store.replaceConfig([spec('s')]);
    await store.recordSuccess(spec('s').id, result('s', 4), 1234, 56);
    const [item] = await store.readAll(0);
    expect(item!.success).toEqual({severity: 'warn', ok: false, observed: {cancelledCount: 4}, threshold: {warn: 3, fail: 10}, at: 1234, appUrl: 'https://app.example/orgs/s/takedowns'});
    expect(item!.run).toEqual({at: 1234, outcome: 'warn', durationMs: 56});
  });

  it('keeps the last success when a run errors, and an error before any success alone', async () => {
    const store = new ResultStore(redis.client(), 'errs', 'healthchecks');
    await store.replaceConfig([spec('e'), spec('f')]);
    await store.recordSuccess(spec('e').id, result('e', 0), 10, 1);
    await store.recordError(spec('e').id, 'server_error', 'HTTP 503', 20, 2);
    await store.recordError(spec('f').id, 'auth', 'HTTP 401', 30, 3);
    const items = byOrg(await store.readAll(0), item => item);
    expect(items.e!.success).toMatchObject({severity: 'ok', at: 10});
    expect(items.e!.run).toEqual({at: 20, outcome: 'error', durationMs: 2, errorKind: 'server_error', error: 'HTTP 503'});
    expect(items.f!.success).toBeUndefined();
    expect(items.f!.run).toEqual({at: 30, outcome: 'error', durationMs: 3, errorKind: 'auth', error: 'HTTP 401'});
    await store.recordError(spec('e').id, 'timeout', 'again', 40, 4);
    expect(byOrg(await store.readAll(1), item => [item.success?.at, item.run?.error])).toEqual({e: [10, 'again'], f: [undefined, 'HTTP 401']});
  });

  it('masks the API key in what an upstream echoes, and cuts an error to 300 characters', async () => {
    const key = 'store-key-0123456789';
    registerSecret(key);
    try {
      const store = new ResultStore(redis.client(), 'secret', 'healthchecks');
      await store.replaceConfig([spec('k')]);
      await store.recordSuccess(spec('k').id, {...result('k', 0), appUrl: `https://evil.example/?k=${key}`}, 1, 1);
      await store.recordError(spec('k').id, 'contract', `echo ${key} ${'y'.repeat(400)}`, 2, 1);
      const raw = await redis.client().hget(store.keys.state, spec('k').id);
      expect(raw).not.toContain(key);
      const [item] = await store.readAll(0);
      expect(item!.success!.appUrl).toBe('https://evil.example/?k=sto…6789');
      expect(item!.run!.error).toHaveLength(300);
      expect(item!.run!.error!.startsWith('echo sto…6789 yyy')).toBe(true);
    } finally {
      clearSecrets();
    }
  });
});

describe.skipIf(redisServer.skipReason)('the configured set', () => {
  it('replaces the config: removed checks and their state are gone, the marker is set', async () => {
    const client = redis.client();
    const store = new ResultStore(client, 'cfg', 'healthchecks');
    expect(await store.hasMarker()).toBe(false);
    expect(await store.replaceConfig([spec('a'), spec('b'), spec('c')])).toEqual({removed: []});
    expect(await store.hasMarker()).toBe(true);
    await store.recordSuccess(spec('b').id, result('b', 1), 1, 1);
    const {removed} = await store.replaceConfig([spec('a'), spec('d')]);
    expect(removed.sort()).toEqual([spec('b').id, spec('c').id].sort());
    expect(await client.hexists(store.keys.state, spec('b').id)).toBe(0);
    expect(await client.zscore(store.keys.changes, spec('b').id)).toBeNull();
    expect((await store.readAll(0)).map(item => item.spec.org).sort()).toEqual(['a', 'd']);
  });

  it('writes a config of more than 1,000 checks in full', async () => {
    const store = new ResultStore(redis.client(), 'big', 'healthchecks');
    const specs = Array.from({length: 2500}, (_, i) => spec(`org-${i}`));
    await store.replaceConfig(specs);
    expect(await redis.client().hlen(store.keys.config)).toBe(2500);
  });

  it('a reader sees a reconcile (new thresholds, new checks) without Redis losing anything', async () => {
    const writer = new ResultStore(redis.client(), 'recon', 'healthchecks');
    const reader = new ResultStore(redis.client(), 'recon', 'healthchecks');
    await writer.replaceConfig([spec('a')]);
    expect((await reader.readAll(0)).map(item => item.spec.warnThreshold)).toEqual([3]);
    await writer.replaceConfig([spec('a', {warnThreshold: 5}), spec('b')]);
    const again = await reader.readAll(1);
    expect(byOrg(again, item => item.spec.warnThreshold)).toEqual({a: 5, b: 3});
  });

  it('reads the whole hash when the sequence went back, and at FULL_READ_MS exactly', async () => {
    const client = redis.client();
    const store = new ResultStore(client, 'seq', 'healthchecks');
    await store.replaceConfig([spec('q')]);
    await store.recordSuccess(spec('q').id, result('q', 0), 1, 1);
    await store.readAll(0);
    const legacy = `${JSON.stringify({severity: 'fail', ok: false, observed: {}, at: 9, appUrl: null})}\n${JSON.stringify({at: 9, outcome: 'fail', durationMs: 1})}`;
    await client.hset(store.keys.state, spec('q').id, legacy);
    expect((await store.readAll(FULL_READ_MS - 1))[0]!.success?.severity).toBe('ok');
    expect((await store.readAll(FULL_READ_MS))[0]!.success?.severity).toBe('fail');
    // A sequence behind the reader's (Redis replaced without a config change): read everything.
    await client.hset(store.keys.state, spec('q').id, legacy.replace('"fail"', '"warn"'));
    await client.set(store.keys.seq, '0');
    expect((await store.readAll(FULL_READ_MS + 1))[0]!.success?.severity).toBe('warn');
  });
});

describe.skipIf(redisServer.skipReason)('where the store keeps its data', () => {
  it('keeps every key under <prefix>:<queue>:vigil, apart from any other queue', async () => {
    const client = redis.client();
    const store = new ResultStore(client, 'ns', 'q1');
    const other = new ResultStore(client, 'ns', 'q2');
    await store.replaceConfig([spec('a')]);
    await store.recordSuccess(spec('a').id, result('a', 1), 1, 1);
    await store.readAll(0);
    expect((await client.keys('ns:q1:*')).sort()).toEqual(
      ['config', 'config-version', 'marker', 'state', 'state-changes', 'state-seq'].map(name => `ns:q1:vigil:${name}`),
    );
    await other.replaceConfig([spec('a')]);
    expect((await other.readAll(0))[0]!.success).toBeUndefined();
  });

  it('an empty config forgets every check', async () => {
    const store = new ResultStore(redis.client(), 'empty', 'healthchecks');
    await store.replaceConfig([spec('a')]);
    expect(await store.replaceConfig([])).toEqual({removed: [spec('a').id]});
    expect(await store.readAll(0)).toEqual([]);
  });

  it('stores a success without an app link as null, even with a key to mask', async () => {
    registerSecret('store-null-key-0123456789');
    try {
      const store = new ResultStore(redis.client(), 'nolink', 'healthchecks');
      await store.replaceConfig([spec('n')]);
      await store.recordSuccess(spec('n').id, {...result('n', 0), appUrl: null}, 1, 1);
      expect((await store.readAll(0))[0]!.success?.appUrl).toBeNull();
    } finally {
      clearSecrets();
    }
  });

  it('fails a read with the Redis error when the state key holds something else', async () => {
    const client = redis.client();
    const store = new ResultStore(client, 'wrongtype', 'healthchecks');
    await store.replaceConfig([spec('w')]);
    await client.set(store.keys.state, 'not a hash');
    await expect(store.readAll(0)).rejects.toThrow(/WRONGTYPE/);
  });
});

describe.skipIf(redisServer.skipReason)('when a reader reads everything again', () => {
  const legacy = `${JSON.stringify({severity: 'fail', ok: false, observed: {}, at: 9, appUrl: null})}\n${JSON.stringify({at: 9, outcome: 'fail', durationMs: 1})}`;

  it('counts FULL_READ_MS from its last full read, not from the epoch', async () => {
    const client = redis.client();
    const store = new ResultStore(client, 'clock', 'healthchecks');
    await store.replaceConfig([spec('t')]);
    await store.recordSuccess(spec('t').id, result('t', 0), 1, 1);
    const start = 1_700_000_000_000;
    await store.readAll(start);
    await client.hset(store.keys.state, spec('t').id, legacy);
    expect((await store.readAll(start + 1))[0]!.success?.severity).toBe('ok');
    expect((await store.readAll(start + FULL_READ_MS))[0]!.success?.severity).toBe('fail');
  });

  it('hands back the same objects after a periodic full read when nothing changed', async () => {
    const store = new ResultStore(redis.client(), 'same', 'healthchecks');
    await store.replaceConfig([spec('s')]);
    await store.recordSuccess(spec('s').id, result('s', 0), 1, 1);
    const [before] = await store.readAll(0);
    const [after] = await store.readAll(FULL_READ_MS);
    expect(after).toBe(before);
  });

  it('reads the config again on every read while Redis holds no config version', async () => {
    const client = redis.client();
    const store = new ResultStore(client, 'noversion', 'healthchecks');
    await store.replaceConfig([spec('a')]);
    await client.del(store.keys.version);
    expect((await store.readAll(0)).map(item => item.spec.org)).toEqual(['a']);
    // An older vigil's reconcile: the config hash changes, no version is written.
    await client.hset(store.keys.config, spec('b').id, JSON.stringify(spec('b')));
    expect((await store.readAll(1)).map(item => item.spec.org).sort()).toEqual(['a', 'b']);
  });
});
