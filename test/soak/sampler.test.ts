import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {describe, expect, it} from 'vitest';
import {startSampler} from '../../bench/soak/sampler.mjs';

describe('the sampler', () => {
  it("takes one sample at a time, so a sample never reads another's forced GC as event-loop delay", async () => {
    // A replica whose GC takes 50 ms: what a second sample would scrape while it runs.
    let collecting = 0;
    let overlapped = 0;
    const server = createServer((_req, res) => res.end('nodejs_eventloop_lag_p99_seconds 0.01\n'));
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const replica = {
      index: 0,
      pid: () => process.pid,
      alive: () => true,
      processUrl: `${url}/metrics/process`,
      checksUrl: `${url}/metrics/checks`,
      async heapAfterGc() {
        if (collecting++ > 0) overlapped++;
        await new Promise(resolve => setTimeout(resolve, 50));
        collecting--;
        return 1;
      },
    };
    const sampler = startSampler({replicas: [replica], redis: {figures: async () => ({usedMemory: 1, keys: 1})}, at: () => 0, everyMs: 60_000});
    // The run's end: a last sample asked while the loop's first is under way.
    await sampler.once();
    await sampler.stop();
    server.close();
    expect(overlapped).toBe(0);
    expect(sampler.samples).toHaveLength(2);
  });

  it("ends a run with one sample, not its own and the loop's next a moment apart (the end is a median of three)", async () => {
    // Sampling back to back: each sample takes 20 ms, one is due every 30 ms.
    const started = Date.now();
    const replica = {
      index: 0,
      pid: () => process.pid,
      alive: () => true,
      processUrl: 'data:,nodejs_eventloop_lag_p99_seconds 0.01',
      checksUrl: 'data:,',
      heapAfterGc: () => new Promise<number>(resolve => setTimeout(() => resolve(1), 20)),
    };
    const sampler = startSampler({replicas: [replica], redis: {figures: async () => ({usedMemory: 1, keys: 1})}, at: () => Date.now() - started, everyMs: 30});
    await new Promise(resolve => setTimeout(resolve, 200));
    const end = Date.now() - started;
    await sampler.finish();
    await new Promise(resolve => setTimeout(resolve, 100));
    expect(sampler.samples.filter(sample => (sample.t ?? -1) >= end)).toHaveLength(1);
    expect(sampler.samples.at(-1)?.t).toBeGreaterThanOrEqual(end);
  });
});
