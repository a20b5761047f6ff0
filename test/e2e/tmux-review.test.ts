import {describe, expect, it} from 'vitest';
import {highlightedRow, queueIdsFromCli, queueTotal} from '../helpers/review-queue.js';
import {CLI} from '../helpers/cli.js';
import {useSandboxTerminal} from '../helpers/sandbox-terminal.js';
import {TmuxSession, tmux} from '../helpers/tmux.js';

/*
 * Reviewing the needs-customer-review queue with the keyboard, in a real terminal (tmux),
 * against the sandbox as a process whose daily review limit is 2: two reviews leave the
 * queue, the third shows the limit message and switches the review keys off.
 */

const terminal = useSandboxTerminal({args: ['--review-limit', '2']});

function openQueue(): TmuxSession {
  return terminal.open(['reports', 'list', '--needs-customer-review', '--limit', '5'], {columns: 120, rows: 40});
}

describe.skipIf(tmux.skipReason)('reviewing the queue in a terminal', () => {
  it('reviews two proposals with the keyboard, sees them leave the queue, and shows the limit on the third', async () => {
    const before = await queueIdsFromCli(terminal.env());
    const term = openQueue();
    let screen = await term.waitForScreen(/Showing 1-5 of \d+ \(page 1\)/);
    expect(screen).toMatch(/PROPOSAL\/ASSET\s+ASSET/);
    expect(screen).toContain('a approve · x reject · w watchlist');
    const total = queueTotal(screen);

    // Approve the first report's proposal: note (none), confirmation, y.
    const first = highlightedRow(screen);
    term.type('a');
    await term.waitForScreen(`Approve proposal ${first.proposalId} of report ${first.reportId}`);
    term.keys('Enter');
    screen = await term.waitForScreen('Approve this asset? Nothing has been sent yet.');
    expect(screen).toContain(`asset ${first.assetId}`);
    expect(screen).toMatch(/Asset: \S+/);
    term.type('y');
    screen = await term.waitForScreen(`approved proposal ${first.proposalId}`);
    expect(screen).toContain(`report ${first.reportId} left the queue`);
    screen = await term.waitForScreen(`of ${total - 1} (page 1)`);
    expect(screen).not.toMatch(new RegExp(`^[ ›] ${first.reportId} `, 'm'));

    // Reject the next one with the second reason and a note.
    const second = highlightedRow(screen);
    expect(second.reportId).not.toBe(first.reportId);
    term.type('x');
    await term.waitForScreen('Reject reason:');
    term.type('2');
    await term.waitForScreen('Note (optional)');
    term.type('seen in the wild');
    term.keys('Enter');
    screen = await term.waitForScreen('Decision: REJECT (no malicious activity)');
    expect(screen).toContain('Note: seen in the wild');
    term.type('y');
    await term.waitForScreen(`rejected proposal ${second.proposalId}`);
    screen = await term.waitForScreen(`of ${total - 2} (page 1)`);
    expect(screen).not.toMatch(new RegExp(`^[ ›] ${second.reportId} `, 'm'));

    // The third is past the limit of 2: the upstream's message, and the keys go off.
    const third = highlightedRow(screen);
    term.type('w');
    await term.waitForScreen('Watchlist reason:');
    term.keys('Enter', 'Enter');
    await term.waitForScreen('Watchlist this asset?');
    term.type('y');
    screen = await term.waitForScreen('Review limit of 2 per day reached for this organization.');
    expect(screen).toContain('Not reviewed:');
    term.keys('Escape');
    screen = await term.waitForScreen('a/x/w off (see ?)');
    expect(highlightedRow(screen).reportId).toBe(third.reportId);
    term.type('a');
    await term.waitForScreen('reviews are off: Review limit of 2 per day reached');

    term.type('q');
    expect(await term.waitForExit()).toBe(0);

    // The listing a script reads agrees: the two reviewed reports left, the third stayed.
    const after = await queueIdsFromCli(terminal.env());
    expect(after).toEqual(before.filter(id => id !== first.reportId && id !== second.reportId));
    expect(after).toContain(third.reportId);
  });

  it('a rejected key ends the browser with exit 2 and the message, offering no retry', async () => {
    const term = TmuxSession.start([process.execPath, CLI, 'reports', 'list', '--needs-customer-review'], {env: {...terminal.env(), VIGIL_API_KEY: 'not-the-sandbox-key'}});
    try {
      expect(await term.waitForExit()).toBe(2);
      const screen = term.screen();
      expect(screen).toMatch(/HTTP 401/);
      expect(screen).toContain('vigil auth status');
      expect(screen).not.toContain('retry');
      expect(screen).not.toContain('not-the-sandbox-key');
      expect(term.ttyModes()).toMatch(/(^|\s)icanon\b/);
    } finally {
      term.close();
    }
  });
});
