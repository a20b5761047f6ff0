import {afterEach, describe, expect, it} from 'vitest';
import {connectRedis} from '../../src/redis/connect.js';
import {startRedis, type TestRedis} from './redis-server.js';
import {requireProgram} from '../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

let server: TestRedis | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe.skipIf(redisServer.skipReason)('connectRedis', () => {
  it('one-shot: a command fails within seconds when Redis goes away after the probe', async () => {
    server = await startRedis();
    const redis = await connectRedis(server.url, '--redis-url', {oneShot: true});
    try {
      expect(await redis.ping()).toBe('PONG');
      await server.stop();
      server = undefined;
      const started = Date.now();
      await expect(redis.ping()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      redis.disconnect();
    }
  }, 20_000);
});
