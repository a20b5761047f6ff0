import {describe, expect, it} from 'vitest';
import {queueIdsFromCli} from '../helpers/review-queue.js';
import {useSandboxTerminal} from '../helpers/sandbox-terminal.js';
import {tmux} from '../helpers/tmux.js';

/*
 * `reports list` in narrow real terminals (tmux) against the sandbox: the width goes to the
 * title, no header is cut; and the review keys work on a proposal awaiting the customer
 * outside the review queue.
 */

const terminal = useSandboxTerminal();

/** The table's header line and rows: from the line starting with `ID` (after the browser's marker). */
function table(screen: string): {header: string; rows: string[]} {
  const lines = screen.split('\n');
  const at = lines.findIndex(line => /^(  )?ID\s/.test(line));
  if (at < 0) throw new Error(`no table header on screen:\n${screen}`);
  const rows = [];
  for (const line of lines.slice(at + 1)) {
    if (!/^(› |  )?\d+\s/.test(line)) break;
    rows.push(line);
  }
  return {header: lines[at]!, rows};
}

/** Each row's TITLE cell, cut at the start of the header's next column. */
function titles(screen: string): string[] {
  const {header, rows} = table(screen);
  const start = header.indexOf('TITLE');
  const next = /TITLE\s+\S/.exec(header);
  const end = next ? next.index + next[0].length - 1 : undefined;
  return rows.map(row => row.slice(start, end).trim());
}

function expectReadable(screen: string, columns: number, someCut = true): void {
  const {header, rows} = table(screen);
  expect(rows.length).toBeGreaterThanOrEqual(5);
  expect(header).not.toContain('…');
  for (const line of screen.split('\n')) expect(line.length).toBeLessThanOrEqual(columns);
  const cut = titles(screen).filter(title => title.endsWith('…'));
  // Seeded titles run past 30 characters: some are cut (where the room is short), none below 30.
  if (someCut) expect(cut.length).toBeGreaterThan(0);
  for (const title of cut) expect(title.length, title).toBeGreaterThanOrEqual(30);
}

describe.skipIf(tmux.skipReason)('reports list in narrow terminals', () => {
  it.each([80, 60])('the browser at %i columns: titles of at least 30 characters, no header cut', async columns => {
    const term = terminal.open(['reports', 'list', '--limit', '8'], {columns, rows: 24});
    const screen = await term.waitForScreen(/Showing 1-8 of \d+/);
    expectReadable(screen, columns);
    expect(table(screen).header).toMatch(/ID\s+STATUS\s+TITLE/);
    term.keys('q');
    expect(await term.waitForExit()).toBe(0);
  });

  it.each([80, 60])('the static table at %i columns: titles of at least 30 characters, no header cut', async columns => {
    const term = terminal.open(['reports', 'list', '--limit', '8', '--no-interactive'], {columns, rows: 24});
    expect(await term.waitForExit()).toBe(0);
    const screen = term.screen();
    expectReadable(screen, columns);
  });

  it('under --status TODO the STATUS column is said once, not repeated on every row', async () => {
    const term = terminal.open(['reports', 'list', '--limit', '8', '--status', 'TODO', '--no-interactive'], {columns: 60, rows: 24});
    expect(await term.waitForExit()).toBe(0);
    const screen = term.screen();
    expect(table(screen).header).not.toContain('STATUS');
    expect(screen).toContain('Every row: STATUS TODO');
    expectReadable(screen, 60, false);
  });

  it('the needs-customer-review listing marks the proposal ids awaiting the customer, never cut', async () => {
    const term = terminal.open(['reports', 'list', '--needs-customer-review', '--limit', '8', '--no-interactive'], {columns: 80, rows: 24});
    expect(await term.waitForExit()).toBe(0);
    const screen = term.screen();
    const {header, rows} = table(screen);
    expect(header).toMatch(/PROPOSAL IDS\s+ASSET IDS$/);
    expect(header).not.toContain('…');
    for (const row of rows) expect(row).toMatch(/\s\d+\*(,\d+\*?)*\s+\d+(,\d+)*$/);
  });
});

describe.skipIf(tmux.skipReason)('review keys outside the review queue', () => {
  it('approve a proposal awaiting the customer from the plain listing, with a label', async () => {
    const before = await queueIdsFromCli(terminal.env());
    const term = terminal.open(['reports', 'list', '--limit', '8'], {columns: 100, rows: 30});
    let screen = await term.waitForScreen(/Showing 1-8 of \d+/);
    // The footer offers the keys only on a row they act on.
    expect(screen).not.toContain('a approve');
    term.type('a');
    screen = await term.waitForScreen("has no proposal waiting for your organization's review");
    // Down to the first report of the queue.
    const highlighted = (s: string) => /^› (\d+)/m.exec(s)?.[1];
    for (let i = 0; i < 8 && !before.includes(highlighted(screen) ?? ''); i++) {
      const was = highlighted(screen);
      term.type('j');
      screen = await term.waitForScreen(s => highlighted(s) !== undefined && highlighted(s) !== was);
    }
    const reportId = highlighted(screen)!;
    expect(before).toContain(reportId);
    await term.waitForScreen('a approve · x reject · w watchlist');
    term.type('a');
    await term.waitForScreen('› Label (optional)');
    term.type('phishing');
    term.keys('Enter');
    screen = await term.waitForScreen('Approve this asset?');
    expect(screen).toContain('Label: phishing');
    term.type('y');
    await term.waitForScreen(`report ${reportId} has no proposal left for your review: approved proposal`);
    // The report stays in this listing, and has left the queue.
    expect(term.screen()).toMatch(new RegExp(`› ${reportId}\\s`));
    term.type('q');
    expect(await term.waitForExit()).toBe(0);
    expect(await queueIdsFromCli(terminal.env())).toEqual(before.filter(id => id !== reportId));
  }, 60_000);
});
