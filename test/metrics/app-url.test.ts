import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createMetrics} from '../../src/metrics/registry.js';
import {ResultStore} from '../../src/metrics/store.js';
import {startRedis, type TestRedis} from '../jobs/redis-server.js';
import {healthcheckResult} from '../jobs/stub-upstream.js';
import {metricValue, spec} from '../jobs/harness.js';
import {requireProgram} from '../helpers/programs.js';

/*
 * The upstream cannot fill Redis through a result's appUrl: 8 MB was stored as is and
 * rewritten on every run. Kept only when http(s) and at most 2 KiB; otherwise dropped, at
 * write and at read, and counted. The grade itself is kept either way.
 */

const redisServer = requireProgram('redis-server');
let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

type Result = Parameters<ResultStore['recordSuccess']>[1];
const withUrl = (org: string, appUrl: string | null): Result => ({...healthcheckResult(org, 12, 3, 10), appUrl}) as Result;

describe.skipIf(redisServer.skipReason)('a result appUrl the upstream made huge or hostile', () => {
  it('is not stored (8 MB, javascript:, not a URL), a 2 KiB https one is; each drop counted on /metrics', async () => {
    const client = redis.client();
    const store = new ResultStore(client, 'au', 'healthchecks');
    const specs = ['huge', 'script', 'garbage', 'edge', 'plain'].map(org => spec(org));
    await store.replaceConfig(specs);
    const edge = `https://app.example/${'a'.repeat(2048 - 'https://app.example/'.length)}`;
    const now = Date.now();
    await store.recordSuccess(specs[0]!.id, withUrl('huge', `https://app.example/${'x'.repeat(8 * 1024 * 1024)}`), now, 5);
    await store.recordSuccess(specs[1]!.id, withUrl('script', 'javascript:alert(1)'), now, 5);
    await store.recordSuccess(specs[2]!.id, withUrl('garbage', 'not a url'), now, 5);
    await store.recordSuccess(specs[3]!.id, withUrl('edge', edge), now, 5);
    await store.recordSuccess(specs[4]!.id, withUrl('plain', null), now, 5);
    // What Redis holds: the 8 MB entry is a few hundred bytes.
    expect(Buffer.byteLength((await client.hget(store.keys.state, specs[0]!.id))!)).toBeLessThan(1024);
    const read = Object.fromEntries((await store.readAll(now)).map(item => [item.spec.org, item.success]));
    expect(read.huge).toMatchObject({severity: 'fail', appUrl: null});
    expect(read.script?.appUrl).toBeNull();
    expect(read.garbage?.appUrl).toBeNull();
    expect(read.edge?.appUrl).toBe(edge);
    expect(read.plain?.appUrl).toBeNull();
    expect(store.appUrlsDropped()).toEqual({write: 3, read: 0});

    const metrics = await createMetrics({store, queueName: 'healthchecks', queueCounts: async () => ({}), schedulerCount: async () => 0, refreshMs: 0});
    try {
      const text = Buffer.concat((await metrics.render()).map(part => Buffer.from(part))).toString('utf8');
      expect(metricValue(text, 'vigil_check_app_url_dropped_total', {stage: 'write'})).toBe(3);
      expect(metricValue(text, 'vigil_check_app_url_dropped_total', {stage: 'read'})).toBe(0);
    } finally {
      metrics.stop();
    }
  }, 60_000);

  it('stored by someone else (an older vigil): read as no link, the grade kept, the drop counted once', async () => {
    const client = redis.client();
    const store = new ResultStore(client, 'ar', 'healthchecks');
    const huge = spec('huge');
    await store.replaceConfig([huge]);
    const now = Date.now();
    const success = {severity: 'warn', ok: false, observed: {count: 4}, at: now, appUrl: `https://app.example/${'x'.repeat(3000)}`};
    await client.hset(store.keys.state, huge.id, `${JSON.stringify(success)}\n${JSON.stringify({at: now, outcome: 'warn', durationMs: 5})}`);
    const [item] = await store.readAll(now);
    expect(item?.success).toMatchObject({severity: 'warn', appUrl: null});
    expect(store.skipped()).toEqual([]);
    // Read again unchanged: not parsed again, not counted again.
    await store.readAll(now + 1);
    expect(store.appUrlsDropped()).toEqual({write: 0, read: 1});
    const metrics = await createMetrics({store, queueName: 'healthchecks', queueCounts: async () => ({}), schedulerCount: async () => 0, refreshMs: 0});
    try {
      const text = Buffer.concat((await metrics.render()).map(part => Buffer.from(part))).toString('utf8');
      expect(metricValue(text, 'vigil_check_app_url_dropped_total', {stage: 'read'})).toBe(1);
    } finally {
      metrics.stop();
    }
  }, 60_000);
});
