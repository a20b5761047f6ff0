import {afterAll, beforeAll} from 'vitest';
import type {CheckSpec} from '../../src/checks/schema.js';
import {startRedis, type TestRedis} from './redis-server.js';
import {startStubUpstream, type StubUpstream} from './stub-upstream.js';
import {launchWorker, type TestWorker} from './harness.js';

/**
 * One redis-server and one stub upstream for a test file, and a `start` that launches
 * workers against them (shut down after the file).
 */
export function workerFixture() {
  const fixture = {
    redis: undefined as unknown as TestRedis,
    stub: undefined as unknown as StubUpstream,
    workers: [] as TestWorker[],
    async start(options: Partial<Parameters<typeof launchWorker>[0]> & {specs: CheckSpec[]}) {
      const worker = await launchWorker({redisUrl: fixture.redis.url, baseUrl: fixture.stub.baseUrl, ...options});
      fixture.workers.push(worker);
      return worker;
    },
    requestsFor: (org: string) => fixture.stub.requests.filter(request => request.body.slug === org),
  };
  beforeAll(async () => {
    fixture.redis = await startRedis();
    fixture.stub = await startStubUpstream();
  });
  afterAll(async () => {
    await Promise.allSettled(fixture.workers.map(worker => worker.shutdown(100)));
    await fixture.stub?.close();
    await fixture.redis?.stop();
  });
  return fixture;
}
