import {describe, expect, it} from 'vitest';
import {injectFault, type FaultContext} from '../../bench/soak/faults.mjs';
import {parseOptions} from '../../bench/soak/options.mjs';

describe('sparing replicas from the worker faults (--spare)', () => {
  // Fake replicas that record each restart: which replica, and with which signal.
  const restarts: string[] = [];
  const context = (spare: number): FaultContext => ({
    upstream: {setMode: async () => {}},
    redis: {},
    replicas: [0, 1, 2].map(i => ({restart: async (signal: string) => void restarts.push(`w${i} ${signal}`)})),
    options: {spare},
    progress: () => {},
    swapChecks: async () => ({appliedMs: 0}),
  });
  const fault = (kind: string, round: number) => injectFault({kind, round, start: 0, end: 0}, context(1), async () => {});

  it('kills and rolls only the replicas before the spare ones, each in turn', async () => {
    restarts.length = 0;
    for (const round of [1, 2, 3]) await fault('worker-sigkill', round);
    await fault('worker-rolling', 1);
    expect(restarts).toEqual(['w0 SIGKILL', 'w1 SIGKILL', 'w0 SIGKILL', 'w0 SIGTERM', 'w1 SIGTERM']);
  });

  it('refuses to spare every replica, naming --spare', () => {
    expect(parseOptions(['--workers', '3', '--spare', '1'])).toMatchObject({workers: 3, spare: 1});
    expect(parseOptions([])).toMatchObject({spare: 0});
    expect(() => parseOptions(['--workers', '2', '--spare', '2'])).toThrow('--spare: must be an integer from 0 to 1 (got "2")');
    expect(() => parseOptions(['--workers', '1', '--spare', '1'])).toThrow('--spare: must be 0 with one worker');
  });
});
