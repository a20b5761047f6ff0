import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {FULL_READ_MS, ResultStore, type StoredCheck} from '../../src/metrics/store.js';
import {startRedis, type TestRedis} from '../jobs/redis-server.js';
import {healthcheckResult} from '../jobs/stub-upstream.js';
import {spec} from '../jobs/harness.js';

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

describe('the result store read by each replica', () => {
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
