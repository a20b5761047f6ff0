import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {readBeats, startHeartbeat} from '../../src/redis/heartbeat.js';
import {startRedis, type TestRedis} from '../jobs/redis-server.js';
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

const beat = (id: string) => ({id, host: 'box', pid: 42, version: '1.2.3', metricsUrl: 'http://127.0.0.1:9464', startedAt: 1000});

describe.skipIf(redisServer.skipReason)('worker heartbeat', () => {
  it('writes the worker under its id with the time it was seen, and removes it on stop', async () => {
    const client = redis.client();
    let now = 5000;
    const heartbeat = startHeartbeat(client, 'hb:healthchecks:workers', beat('w1'), () => now, 50);
    await expect.poll(async () => (await readBeats(client, 'hb:healthchecks:workers')).length === 1, {message: 'the first beat', timeout: 15_000}).toBe(true);
    now = 9000;
    await expect.poll(async () => (await readBeats(client, 'hb:healthchecks:workers'))[0]?.seenAt === 9000, {message: 'a later beat', timeout: 15_000}).toBe(true);
    expect(await readBeats(client, 'hb:healthchecks:workers')).toEqual([{...beat('w1'), seenAt: 9000}]);
    await heartbeat.stop();
    expect(await readBeats(client, 'hb:healthchecks:workers')).toEqual([]);
  });

  it('forgets workers gone for a day, keeps the recently stale ones for doctor to report', async () => {
    const client = redis.client();
    const day = 24 * 3600 * 1000;
    await client.hset('hb2:healthchecks:workers', 'old', JSON.stringify({...beat('old'), seenAt: 0}), 'stale', JSON.stringify({...beat('stale'), seenAt: day}));
    const heartbeat = startHeartbeat(client, 'hb2:healthchecks:workers', beat('new'), () => day + 60_000, 60_000);
    await expect.poll(async () => !(await readBeats(client, 'hb2:healthchecks:workers')).some(entry => entry.id === 'old'), {message: 'the old entry to go', timeout: 15_000}).toBe(true);
    expect((await readBeats(client, 'hb2:healthchecks:workers')).map(entry => entry.id)).toEqual(['new', 'stale']);
    await heartbeat.stop();
  });
});
