import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {coalesceWrites} from '../../src/redis/coalesce-writes.js';
import {startRedis, type TestRedis} from '../jobs/redis-server.js';

describe("coalescing a turn's Redis writes", () => {
  let server: TestRedis;
  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('sends the commands of one event-loop turn in one write, each answered in order', async () => {
    const redis = server.client();
    await redis.ping();
    coalesceWrites(redis);
    const socket = redis.stream;
    const writev = vi.spyOn(socket as unknown as {_writev: (...args: unknown[]) => void}, '_writev');
    const replies = await Promise.all(Array.from({length: 20}, (_, i) => redis.set(`k${i}`, String(i)).then(() => redis.get(`k${i}`))));
    expect(replies).toEqual(Array.from({length: 20}, (_, i) => String(i)));
    // The 20 SETs of the first turn left in one writev, the 20 GETs of the next in another.
    expect(writev).toHaveBeenCalledTimes(2);
    expect((writev.mock.calls[0]?.[0] as unknown[]).length).toBe(20);
  });

  it('keeps coalescing after a reconnection (a new socket)', async () => {
    const redis = server.client();
    await redis.ping();
    coalesceWrites(redis);
    const first = redis.stream;
    await server.restart();
    await redis.ping();
    expect(redis.stream).not.toBe(first);
    const writev = vi.spyOn(redis.stream as unknown as {_writev: (...args: unknown[]) => void}, '_writev');
    expect(await Promise.all([redis.set('a', '1'), redis.set('b', '2'), redis.get('a')])).toEqual(['OK', 'OK', '1']);
    expect(writev).toHaveBeenCalledTimes(1);
  });
});
