import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runbookUrl} from '../../src/board/detail.js';
import {boardCells, buildBoard, cellKey, filterBoard} from '../../src/board/model.js';
import {registerSecret} from '../../src/secrets.js';
import {layoutColumns, moveCursor, placeCursor, scrollTo, START_CURSOR} from '../../src/board/viewport.js';
import {NOW, sample, stored} from './fixture.js';

describe('the board model', () => {
  it('grades each cell: fail, warn, error, stale after two intervals, ok, none before a first run', () => {
    const board = buildBoard(sample(), NOW);
    const severity = (check: string, org: string) => board.cells.get(cellKey(check, org))?.severity;
    expect(severity('reviewing.backlog', 'acme')).toBe('fail');
    expect(severity('takedowns.cancelled-count', 'globex')).toBe('warn');
    expect(severity('assets.dead-asset-spike', 'initech')).toBe('error');
    expect(severity('reviewing.backlog', 'hooli')).toBe('stale');
    expect(severity('assets.dead-asset-spike', 'umbrella')).toBe('none');
    expect(severity('reviewing.backlog', 'umbrella')).toBe('ok');
    expect(board.counts).toEqual({fail: 1, warn: 1, error: 1, stale: 1, ok: 10, none: 1});
    // Exactly two intervals is not stale yet; a millisecond more is.
    expect(buildBoard([stored('a.b', 'x', 'ok', {agoMs: 20_000})], NOW).cells.get('a.b@x')!.severity).toBe('ok');
    expect(buildBoard([stored('a.b', 'x', 'ok', {agoMs: 20_001})], NOW).cells.get('a.b@x')!.severity).toBe('stale');
  });

  it('sorts orgs worst first, then by name, and checks by group then name', () => {
    const board = buildBoard(sample(), NOW);
    expect(board.orgs).toEqual(['acme', 'globex', 'initech', 'hooli', 'umbrella']);
    expect(board.checks).toEqual(['assets.dead-asset-spike', 'reviewing.backlog', 'takedowns.cancelled-count']);
    expect(boardCells(board).map(cell => `${cell.org}/${cell.check}`).slice(0, 3)).toEqual(['acme/assets.dead-asset-spike', 'acme/reviewing.backlog', 'acme/takedowns.cancelled-count']);
    expect(board.newestGradeAt).toBe(NOW - 1000);
  });

  it('keeps the last grade and its time beside an error, with the error masked and stripped of controls', () => {
    const key = 'sk-live-board-secret-1234567890';
    const item = stored('assets.dead-asset-spike', 'initech', 'error', {error: `\u001b]0;pwned\u0007bad key ${key}\u001b[2J`});
    registerSecret(key);
    const cell = buildBoard([item], NOW).cells.get('assets.dead-asset-spike@initech')!;
    expect(cell.grade).toBe('ok');
    expect(cell.gradedAt).toBe(new Date(item.success!.at).toISOString());
    expect(cell.error).toMatch(/^unavailable: bad key /);
    expect(cell.error).not.toContain(key);
    expect(cell.error).not.toMatch(/[\u001b\u0007]/);
  });

  it('filters orgs by text and, with not-ok only, drops rows and columns that are all ok', () => {
    const board = buildBoard(sample(), NOW);
    expect(filterBoard(board, {text: 'E', notOkOnly: false}).orgs).toEqual(['acme', 'globex', 'initech', 'umbrella']);
    const notOk = filterBoard(board, {text: '', notOkOnly: true});
    expect(notOk.orgs).toEqual(['acme', 'globex', 'initech', 'hooli']);
    const onlyAcme = filterBoard(board, {text: 'acme', notOkOnly: true});
    expect(onlyAcme.checks).toEqual(['reviewing.backlog']);
  });

  it('keeps the cursor on its cell when the rows re-sort, and on its position when the cell is filtered out', () => {
    const board = buildBoard(sample(), NOW);
    const view = filterBoard(board, {text: '', notOkOnly: false});
    let cursor = moveCursor(view, placeCursor(view, START_CURSOR), 3, 1);
    expect([cursor.org, cursor.check]).toEqual(['hooli', 'reviewing.backlog']);
    // umbrella turns red: it moves to the top, the cursor stays on hooli's backlog.
    const items = sample().map(item => (item.spec.org === 'umbrella' && item.spec.check === 'reviewing.backlog' ? stored('reviewing.backlog', 'umbrella', 'fail') : item));
    const next = filterBoard(buildBoard(items, NOW), {text: '', notOkOnly: false});
    cursor = placeCursor(next, cursor);
    expect(next.orgs[0]).toBe('acme');
    expect([cursor.org, cursor.check, cursor.row]).toEqual(['hooli', 'reviewing.backlog', 4]);
    const filtered = filterBoard(board, {text: 'a', notOkOnly: false});
    expect(placeCursor(filtered, {...cursor, row: 9}).org).toBe(filtered.orgs.at(-1));
    expect(moveCursor(view, cursor, -99, 99)).toMatchObject({row: 0, col: 2});
  });

  it('scrolls as little as the cursor needs and fits columns to the width', () => {
    expect(scrollTo(0, 5, 10, 1000)).toBe(0);
    expect(scrollTo(0, 15, 10, 1000)).toBe(6);
    expect(scrollTo(6, 3, 10, 1000)).toBe(3);
    expect(scrollTo(990, 995, 10, 1000)).toBe(990);
    const wide = layoutColumns(120, ['umbrella'], 10);
    expect(wide.words).toBe(true);
    expect(wide.visible).toBe(10);
    const narrow = layoutColumns(80, ['umbrella'], 10);
    expect(narrow.words).toBe(false);
    expect(narrow.orgWidth + narrow.visible * narrow.cellWidth).toBeLessThanOrEqual(80);
    expect(layoutColumns(30, ['umbrella'], 10).visible).toBeLessThan(10);
  });

  it("links each alerting severity to the runbook anchor deploy/prometheus/alerts.yml's annotations use", () => {
    const alerts = readFileSync(path.resolve(__dirname, '../../deploy/prometheus/alerts.yml'), 'utf8');
    for (const [severity, grade] of [['fail', 'fail'], ['warn', 'warn'], ['stale', 'ok'], ['error', 'ok'], ['error', null]] as const) {
      const url = runbookUrl({severity, grade});
      expect(url, `${severity}/${grade}`).not.toBeNull();
      expect(alerts).toContain(`runbook_url: ${url}\n`);
    }
    expect(runbookUrl({severity: 'ok', grade: 'ok'})).toBeNull();
    // Where the on-call publishes them (VIGIL_RUNBOOK_URL), the same anchors.
    expect(runbookUrl({severity: 'fail', grade: 'fail'}, 'https://git.example.com/ops/vigil/-/blob/main/docs/runbooks.md')).toBe('https://git.example.com/ops/vigil/-/blob/main/docs/runbooks.md#vigilcheckfailing');
  });
});
