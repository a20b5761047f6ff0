import {describe, expect, it} from 'vitest';
import {metricsPortProblem, untilStopped, type SignalSource} from '../../../src/cmd/worker/worker.js';
import type {ShutdownResult} from '../../../jobs/shutdown.js';
import {runTracker} from '../../../jobs/worker.js';

/** A signal source the test fires by hand. */
function fakeSignals() {
  let handler: ((name: string) => void) | undefined;
  let listening = false;
  const source: SignalSource = {
    listen(h) {
      handler = h;
      listening = true;
      return () => {
        listening = false;
      };
    },
  };
  return {source, send: (name: string) => handler?.(name), listening: () => listening};
}

function fakeWorker(result: ShutdownResult | Error) {
  const calls: string[] = [];
  let finish: () => void = () => {};
  const done = new Promise<void>(resolve => (finish = resolve));
  return {
    calls,
    finish,
    worker: {
      inFlight: () => 2,
      force: () => calls.push('force'),
      shutdown: async (graceMs: number) => {
        calls.push(`shutdown ${graceMs}`);
        await done;
        if (result instanceof Error) throw result;
        return result;
      },
    },
  };
}

describe('stopping the worker command', () => {
  const stopped: ShutdownResult = {forced: false, aborted: 0, redisReachable: true};

  it('drains on the first signal: the heartbeat leaves first, then the worker gets the grace period', async () => {
    const signals = fakeSignals();
    const {worker, calls, finish} = fakeWorker(stopped);
    const events: string[] = [];
    const heartbeat = {stop: async () => void calls.push('heartbeat')};
    const waiting = untilStopped(signals.source, worker, heartbeat, {event: message => events.push(message)}, 30_000);
    signals.send('SIGTERM');
    await new Promise(resolve => setImmediate(resolve));
    expect(calls).toEqual(['heartbeat', 'shutdown 30000']);
    finish();
    expect(await waiting).toEqual({result: stopped, forced: false});
    expect(events[0]).toMatch(/^shutting down: no new runs/);
    expect(signals.listening()).toBe(false);
  });

  it('a second signal aborts the runs in flight, and the stop says it was forced', async () => {
    const signals = fakeSignals();
    const {worker, calls, finish} = fakeWorker({...stopped, forced: true, aborted: 2});
    const events: string[] = [];
    const waiting = untilStopped(signals.source, worker, {stop: async () => {}}, {event: message => events.push(message)}, 30_000);
    signals.send('SIGINT');
    signals.send('SIGINT');
    expect(calls).toContain('force');
    expect(events).toContain('forcing shutdown: aborting in-flight runs');
    finish();
    expect(await waiting).toEqual({result: {...stopped, forced: true, aborted: 2}, forced: true});
  });

  it('a failed shutdown still ends the command, logged, with no result', async () => {
    const signals = fakeSignals();
    const {worker, finish} = fakeWorker(new Error('redis gone'));
    const events: Array<[string, Record<string, unknown> | undefined]> = [];
    const waiting = untilStopped(signals.source, worker, {stop: async () => {}}, {event: (message, fields) => events.push([message, fields])}, 10);
    signals.send('SIGTERM');
    finish();
    expect(await waiting).toEqual({result: undefined, forced: false});
    expect(events.at(-1)).toEqual(['shutdown failed', {error: 'redis gone'}]);
  });

  it('a metrics port that cannot be had names --metrics-port; any other error is not its business', () => {
    const problem = metricsPortProblem(Object.assign(new Error('listen'), {code: 'EADDRINUSE'}), {metricsHost: '127.0.0.1', metricsPort: 9464});
    expect(problem?.message).toContain('127.0.0.1:9464 is in use (EADDRINUSE)');
    expect(metricsPortProblem(Object.assign(new Error('x'), {code: 'ECONNREFUSED'}), {metricsHost: '127.0.0.1', metricsPort: 9464})).toBeUndefined();
  });
});

describe('the run tracker', () => {
  it('counts the runs in flight and says when none is left', async () => {
    const runs = runTracker();
    let release: () => void = () => {};
    const run = runs.track(() => new Promise<void>(resolve => (release = resolve)));
    await runs.whenIdle();
    const running = run();
    expect(runs.count()).toBe(1);
    let idle = false;
    const whenIdle = runs.whenIdle().then(() => (idle = true));
    await new Promise(resolve => setImmediate(resolve));
    expect(idle).toBe(false);
    release();
    await running;
    await whenIdle;
    expect(runs.count()).toBe(0);
  });
});
