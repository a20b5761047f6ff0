import {describe, expect, it} from 'vitest';
import type {CommandContext} from '../../../src/cli/context.js';
import type {BoardSource} from '../../../src/board/source.js';
import {boardSession} from '../../../src/ui/health-board/board-screen.js';
import {NOW, reading, stored} from '../../board/fixture.js';

describe("the live board's regrade", () => {
  it('sends the body the worker sends for that spec, once, and writes the result where the worker writes its own', async () => {
    const item = stored('takedowns.cancelled-count', 'acme', 'warn');
    item.spec.lookbackHours = 24;
    item.spec.params = {extra: 'x', slug: 'not-this'};
    const calls: Array<{check: string; body: unknown}> = [];
    const written: Array<{id: string; severity: string; at: number}> = [];
    const result = {severity: 'fail', ok: false, observed: {cancelledCount: 12}, threshold: {}, findings: [], suggestedAction: null, appUrl: null};
    const ctx = {
      signal: new AbortController().signal,
      io: {env: {}, stdoutIsTTY: true, stdout: {isTTY: true}},
      client: () => ({
        runHealthcheck: async (check: string, body: unknown) => {
          calls.push({check, body});
          return result;
        },
      }),
    } as unknown as CommandContext;
    const source: BoardSource = {
      read: async () => reading([item]),
      store: {recordSuccess: async (id, res, at) => void written.push({id, severity: res.severity, at})},
      close: async () => {},
    };
    const session = boardSession(ctx, source, () => NOW);
    await session.read(NOW);
    await expect(session.regrade('takedowns.cancelled-count', 'acme')).resolves.toBe(result);
    expect(calls).toEqual([{check: 'takedowns.cancelled-count', body: {extra: 'x', slug: 'acme', lookbackHours: 24, warnThreshold: 5, failThreshold: 10}}]);
    expect(written).toEqual([{id: 'takedowns.cancelled-count@acme', severity: 'fail', at: NOW}]);
    await expect(session.regrade('reviewing.backlog', 'acme')).rejects.toThrow('reviewing.backlog is no longer scheduled for org acme');
    expect(calls).toHaveLength(1);
  });
});
