import {afterAll, describe, expect, it} from 'vitest';
import {rejectionOf} from '../helpers/thrown.js';
import {spawnRedis, startRedis, type TestRedis} from './redis-server.js';
import {requireProgram} from '../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

/*
 * The throwaway Redis of the tests must be the one the test started: test files run in
 * parallel, and a port found free can be taken by another file's server before the bind.
 */

let other: TestRedis | undefined;
afterAll(async () => {
  await other?.stop();
});

describe.skipIf(redisServer.skipReason)('spawnRedis', () => {
  it('does not take another server answering on the port for its own', async () => {
    other = await startRedis();
    const error = await rejectionOf(spawnRedis(port => ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {port: other.port}));
    expect(error.message).toBe(`redis-server could not start on port ${other.port} (attempt 1)`);
  });
});
