import {Text, useInput} from 'ink';
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {DOCUMENTED_HEALTHCHECK_IDS, type HealthcheckResult} from '../../../src/api/wire/index.js';
import type {BoardReading} from '../../../src/board/source.js';
import type {StoredCheck} from '../../../src/metrics/store.js';
import {HealthBoard} from '../../../src/ui/health-board/health-board.js';
import type {SessionEnd} from '../../../src/ui/hooks/use-session.js';
import {NOW, reading, sample, stored} from '../../board/fixture.js';
import {KEYS, fakeEnd, press, settled, SETTLE} from '../helpers.js';

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanup) fn();
  cleanup = [];
});

const result = (severity: 'ok' | 'fail'): HealthcheckResult => ({
  id: 'reviewing.backlog',
  ok: severity === 'ok',
  severity,
  title: 'Backlog',
  category: 'reviewing',
  scope: {slug: 'acme'},
  observed: {pendingCount: severity === 'ok' ? 0 : 14},
  threshold: {warnThreshold: 5, failThreshold: 10},
  findings: severity === 'ok' ? [] : [{severity: 'fail', kind: 'proposal_pending', ref: '5180', message: 'proposal 5180 \u001b[2Jwaits'}],
  suggestedAction: null,
  appUrl: null,
  generatedAt: new Date(NOW).toISOString(),
});

/** The board over a store the test changes between reads; every read and regrade recorded. */
async function mount(items: StoredCheck[] = sample(), options: {columns?: number; intervalMs?: number; runbooks?: string} = {}) {
  const store = {items, reads: 0, liveWorkers: 1, skipped: [] as {id: string; problem: string}[]};
  const regrades: string[] = [];
  const reviews: string[] = [];
  const end = fakeEnd();
  const read = async (): Promise<BoardReading> => {
    store.reads += 1;
    return {...reading(store.items, store.liveWorkers), skipped: store.skipped};
  };
  const regrade = async (check: string, org: string) => {
    regrades.push(`${check}@${org}`);
    return result('fail');
  };
  const reviewQueue = (org: string, back: SessionEnd) => {
    reviews.push(org);
    return <ReviewStub org={org} back={back} />;
  };
  const lists: string[] = [];
  const findingsList = (target: {kind: string; org: string}, _link: string | null, back: SessionEnd) => {
    lists.push(JSON.stringify(target));
    return <ReviewStub org={`${target.kind} list, org ${target.org}`} back={back} />;
  };
  const app = await settled(() => render(<HealthBoard read={read} regrade={regrade} reviewQueue={reviewQueue} findingsList={findingsList} end={end} now={() => NOW} intervalMs={options.intervalMs ?? 20} runbooks={options.runbooks} />));
  Object.defineProperty(app.stdout, 'columns', {value: options.columns ?? 120, configurable: true});
  cleanup.push(() => app.unmount());
  // The cursor's cell is in inverse video even without colour: read the text.
  const frame = () => (app.lastFrame() ?? '').replace(/\u001b\[\d+m/g, '');
  await vi.waitFor(() => expect(frame()).toContain('ORG'), SETTLE);
  return {...app, store, regrades, reviews, lists, end, frame};
}

/** Stands in for the review browser: `q` there ends it, as the real one does. */
function ReviewStub({org, back}: {org: string; back: SessionEnd}) {
  useInput(input => {
    if (input === 'q') back.done(0);
  });
  return <Text>{`review queue of ${org}`}</Text>;
}

/** The line of `org` in the grid. */
const rowOf = (frame: string, org: string) => frame.split('\n').find(line => line.startsWith(`${org} `)) ?? '';

describe('the health board', () => {
  it('shows every org worst first with a glyph per severity, the counts, and the workers', async () => {
    const app = await mount();
    const frame = app.frame();
    expect(frame).toContain('5 orgs × 3 checks');
    expect(frame).toMatch(/✖ 1 fail\s+▲ 1 warn\s+! 1 error\s+~ 1 stale/);
    expect(frame).toContain('1 worker alive');
    const orgs = frame.split('\n').filter(line => /^(acme|globex|initech|hooli|umbrella) /.test(line)).map(line => line.split(' ')[0]);
    expect(orgs).toEqual(['acme', 'globex', 'initech', 'hooli', 'umbrella']);
    expect(rowOf(frame, 'acme')).toMatch(/acme\s+✔ ok\s+✖ fail\s+✔ ok/);
    expect(rowOf(frame, 'hooli')).toMatch(/~ stale/);
    expect(rowOf(frame, 'initech')).toMatch(/! error/);
    expect(rowOf(frame, 'umbrella')).toMatch(/· none/);
    expect(frame).toMatch(/\? help · q quit · .*Enter detail · r regrade · \/ filter · f not ok · v list/);
  });

  it('a refresh changes a cell and keeps the cursor on its cell when the rows re-sort', async () => {
    const app = await mount();
    await press(app, 'j', 'j', 'j', 'l');
    // hooli's backlog: the cursor's cell. umbrella turns red and moves up; hooli moves down.
    app.store.items = sample().map(item => (item.spec.org === 'umbrella' && item.spec.check === 'takedowns.cancelled-count' ? stored('takedowns.cancelled-count', 'umbrella', 'fail') : item));
    await vi.waitFor(() => expect(rowOf(app.frame(), 'umbrella')).toMatch(/✖ fail/), SETTLE);
    await press(app, KEYS.enter);
    expect(app.frame()).toContain('reviewing.backlog for org hooli: STALE');
    expect(app.frame()).toContain('runbook     https://github.com/example/vigil/blob/main/docs/runbooks.md#vigilcheckstale');
  });

  it('links the runbooks where VIGIL_RUNBOOK_URL says they are published', async () => {
    const app = await mount(sample(), {runbooks: 'https://git.example.com/ops/vigil/-/blob/main/docs/runbooks.md'});
    await press(app, 'j', 'j', 'j', 'l', KEYS.enter);
    expect(app.frame()).toContain('runbook     https://git.example.com/ops/vigil/-/blob/main/docs/runbooks.md#vigilcheckstale');
  });

  it('Enter shows the detail; r grades the cell once and shows its findings, sanitised', async () => {
    const app = await mount();
    await press(app, 'l', KEYS.enter);
    expect(app.frame()).toContain('reviewing.backlog for org acme: FAIL');
    expect(app.frame()).toContain('observed    count=12');
    expect(app.frame()).toContain('thresholds  warn=5, fail=10');
    expect(app.frame()).toContain('press r to grade it now');
    await press(app, 'r');
    await vi.waitFor(() => expect(app.frame()).toContain('fail proposal_pending 5180: proposal 5180 waits'), SETTLE);
    // One finding listed of the 14 pendingCount observed: "findings 1" read as one pending.
    expect(app.frame()).toContain('findings    1 of 14 (pendingCount)');
    expect(app.regrades).toEqual(['reviewing.backlog@acme']);
    expect(app.frame()).not.toContain('\u001b[2J');
    await press(app, KEYS.escape);
    expect(app.frame()).toContain('ORG');
  });

  it('a time no Date holds draws the cell and its detail, never "Invalid time value"; skipped entries are counted in the header', async () => {
    const huge = stored('reviewing.backlog', 'acme', 'fail');
    huge.success!.at = 1e300;
    const app = await mount([huge, stored('takedowns.cancelled-count', 'acme', 'ok')]);
    app.store.skipped = [{id: 'reviewing.backlog@evil', problem: 'success.at: must be a time a date can hold'}];
    await vi.waitFor(() => expect(app.frame()).toContain('newest grade 1s ago · 1 worker alive · 1 bad stored entry skipped: --no-interactive names it'), SETTLE);
    await press(app, KEYS.enter);
    await vi.waitFor(() => expect(app.frame()).toContain('reviewing.backlog'), SETTLE);
    expect(app.frame()).not.toContain('Invalid time value');
    expect(app.end.codes).toEqual([]);
  });

  it('/ filters orgs; f keeps only rows and columns with something not ok', async () => {
    const app = await mount();
    await press(app, '/', 'g', 'l', 'o', KEYS.enter);
    expect(rowOf(app.frame(), 'globex')).not.toBe('');
    expect(rowOf(app.frame(), 'acme')).toBe('');
    await press(app, KEYS.escape, 'f');
    expect(rowOf(app.frame(), 'umbrella')).toBe('');
    expect(rowOf(app.frame(), 'acme')).not.toBe('');
    expect(app.frame()).toContain('not ok only');
  });

  it('v opens the list of the cell\'s findings (takedowns here), and q there comes back to the same cell', async () => {
    const app = await mount();
    await press(app, 'v');
    expect(app.frame()).toContain('review queue of takedowns list, org acme');
    expect(JSON.parse(app.lists[0]!)).toMatchObject({kind: 'takedowns', org: 'acme', liveness: ['DEAD']});
    await press(app, 'q');
    await vi.waitFor(() => expect(app.frame()).toContain('ORG'), SETTLE);
    await press(app, KEYS.enter);
    expect(app.frame()).toContain('assets.dead-asset-spike for org acme');
    expect(app.frame()).toMatch(/list \(v\) {4}vigil takedowns list --org acme --liveness-status DEAD --from 2026-11-26T11:59:59.000Z/);
  });

  it('v on a check whose findings no list selects says why, and stays on the board', async () => {
    const app = await mount([stored('organization.missing-contact-url', 'umbrella', 'fail')]);
    await press(app, 'v');
    expect(app.frame()).toContain('no list for organization.missing-contact-url: an organization setting');
    expect(app.lists).toEqual([]);
  });

  it('v on a reviewing.* cell opens the review queue, and q there comes back to the same cell', async () => {
    const app = await mount();
    await press(app, 'l', 'v');
    expect(app.frame()).toContain('review queue of acme');
    await press(app, 'q');
    await vi.waitFor(() => expect(app.frame()).toContain('ORG'), SETTLE);
    expect(app.end.codes).toEqual([]);
    await press(app, KEYS.enter);
    expect(app.frame()).toContain('reviewing.backlog for org acme');
  });

  it('? lists every key; q quits with 0', async () => {
    const app = await mount();
    await press(app, '?');
    for (const key of ["Enter          the cell's detail", 'r              grade this (check, org) now', '/              filter orgs', 'f              only rows and columns', 'v              the list of the cell', 'PgUp PgDn g G', 'Esc']) expect(app.frame()).toContain(key);
    await press(app, '?', 'q');
    await vi.waitFor(() => expect(app.end.codes).toEqual([0]), SETTLE);
  });

  it('draws only the visible rows of 1,000 orgs, and scrolls with the cursor', async () => {
    const items: StoredCheck[] = [];
    for (let i = 0; i < 1000; i++) for (const check of ['a.one', 'b.two']) items.push(stored(check, `org-${String(i).padStart(4, '0')}`, 'ok'));
    const app = await mount(items, {intervalMs: 60_000});
    const lines = app.frame().split('\n');
    expect(lines.length).toBeLessThan(30);
    expect(app.frame()).toContain('1-16 of 1000 orgs');
    await press(app, 'G');
    expect(rowOf(app.frame(), 'org-0999')).toMatch(/✔ ok/);
    expect(app.frame()).toContain('985-1000 of 1000 orgs');
  });
});

describe('the board at 80 and 120 columns, with every documented check', () => {
  const everyCheck = () => DOCUMENTED_HEALTHCHECK_IDS.flatMap(check => ['acme', 'globex'].map(org => stored(check, org, 'ok')));

  for (const columns of [80, 120]) {
    it(`at ${columns}: column headers a reader can tell apart, and every key of the footer`, async () => {
      const app = await mount(everyCheck(), {columns});
      // mount() sets the width after the first frame: a resize makes the board read it.
      app.stdout.emit('resize');
      await vi.waitFor(() => expect(app.frame().split('\n').at(-1)!.length).toBeLessThan(columns), SETTLE);
      const lines = app.frame().split('\n');
      const headers = lines.find(line => line.startsWith('ORG'))!.slice(1).trim().split(/\s+/).slice(1);
      expect(headers.length).toBeGreaterThan(1);
      // Cut names ended alike ("canc…", "canc…"): each visible header must be its own.
      expect(new Set(headers).size, headers.join(' ')).toBe(headers.length);
      // The line above the footer names the cursor's cell in full: the headers' legend.
      expect(lines.at(-2)).toMatch(new RegExp(`^(${DOCUMENTED_HEALTHCHECK_IDS.join('|').replaceAll('.', '\\.')}) · (acme|globex)$`));
      const footer = lines.at(-1)!;
      for (const key of ['? help', 'q quit', 'move', 'detail', 'r regrade', '/ filter', 'f not ok', 'v list']) expect(footer).toContain(key);
      expect(footer.length).toBeLessThan(columns);
    });
  }
});
