import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runHealthchecksBoard, type BoardFlags} from '../../src/cmd/healthchecks/board/board.js';
import {buildBoard} from '../../src/board/model.js';
import {detailLines} from '../../src/board/detail.js';
import {heldPairs} from '../../src/maintenance/held.js';
import type {MaintenanceWindow} from '../../src/maintenance/window.js';
import type {BoardReading} from '../../src/board/source.js';
import {runWork} from '../../src/ui/use-command.js';
import {fakeIO} from '../helpers/fake-io.js';
import {NOW, reading, sample, stored} from '../board/fixture.js';

const dir = mkdtempSync(path.join(tmpdir(), 'vigil-held-'));
const acmeWindow: MaintenanceWindow = {id: 'cli-0a0b0c0d', org: 'acme', reason: 'upgrade \u001b]8;;https://evil.example\u0007', from: NOW - 60_000, to: NOW + 3_600_000, source: 'cli'};

async function snapshot(flags: BoardFlags, result: BoardReading) {
  const io = fakeIO({tty: false, columns: 200, env: {VIGIL_CONFIG_DIR: dir, VIGIL_REDIS_URL: 'redis://127.0.0.1:1', NO_COLOR: '1'}});
  const code = await runWork(flags, ctx => runHealthchecksBoard(flags, {...ctx, now: () => new Date(NOW)}, {openSource: async () => ({read: async () => result, store: undefined, close: async () => {}})}), io, new AbortController().signal);
  return {code, out: io.out()};
}

describe('the board marks the pairs a maintenance window holds', () => {
  const items = sample();
  const held = heldPairs([acmeWindow], items.map(item => item.spec), NOW);

  it('holds every check of the window\'s org, and no other org', () => {
    expect([...held.keys()].sort()).toEqual(['assets.dead-asset-spike@acme', 'reviewing.backlog@acme', 'takedowns.cancelled-count@acme']);
    expect(heldPairs([acmeWindow], items.map(item => item.spec), NOW + 3_600_000).size).toBe(0);
  });

  it('shows what holds a pair in a last column of the snapshot and heldBy in --json, without the reason\'s control sequences', async () => {
    const tsv = await snapshot({}, {...reading(items), held});
    expect(tsv.code).toBe(0);
    const rows = tsv.out.split('\n').filter(line => line !== '').map(line => line.split('\t'));
    expect(new Set(rows.map(row => row.length)).size, tsv.out).toBe(1);
    expect(rows.find(row => row[0] === 'reviewing.backlog' && row[1] === 'acme')!.at(-1)).toBe(`maintenance cli-0a0b0c0d until ${new Date(NOW + 3_600_000).toISOString()} (upgrade )`);
    expect(rows.find(row => row[1] === 'globex')!.at(-1)).toBe('');
    const json = JSON.parse((await snapshot({json: true}, {...reading(items), held})).out) as {cells: {org: string; heldBy?: string}[]};
    expect(json.cells.filter(cell => cell.heldBy !== undefined).map(cell => cell.org)).toEqual(['acme', 'acme', 'acme']);
    expect(tsv.out).not.toContain('\u001b');
  });

  it('leaves the snapshot as it was when nothing is held', async () => {
    const {out} = await snapshot({}, reading(items));
    const rows = out.split('\n').filter(line => line !== '').map(line => line.split('\t'));
    const withHeld = (await snapshot({}, {...reading(items), held})).out.split('\n')[0]!.split('\t');
    expect(rows[0]!.length).toBe(withHeld.length - 1);
    expect(out).not.toContain('maintenance');
  });

  it('says what holds the pair in the detail view', () => {
    const board = buildBoard([stored('reviewing.backlog', 'acme', 'fail')], NOW, held);
    const lines = detailLines(board.cells.get('reviewing.backlog@acme')!, NOW).map(line => line.text);
    expect(lines).toContain(`held by     maintenance cli-0a0b0c0d until ${new Date(NOW + 3_600_000).toISOString()} (upgrade )`);
  });
});
