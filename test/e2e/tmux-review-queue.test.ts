import {describe, expect, it} from 'vitest';
import {highlightedRow, queueIdsFromCli, queueTotal} from '../helpers/review-queue.js';
import {useSandboxTerminal} from '../helpers/sandbox-terminal.js';
import {tmux} from '../helpers/tmux.js';

/*
 * The reviewer's loop: with a limit of 20, a reviewer empties the seeded queue (at least a
 * dozen proposals) with the keyboard, paging included (5 a page: rows of the next page move
 * up as reviewed ones leave), and the listing a script reads is then empty.
 */

const terminal = useSandboxTerminal({args: ['--review-limit', '20']});

describe.skipIf(tmux.skipReason)('emptying the review queue in a terminal', () => {
  it('approves every waiting proposal, page by page, until the queue is empty', async () => {
    const before = await queueIdsFromCli(terminal.env());
    expect(before.length).toBeGreaterThanOrEqual(12);
    const term = terminal.open(['reports', 'list', '--needs-customer-review', '--limit', '5'], {columns: 80, rows: 30});
    let screen = await term.waitForScreen(/Showing 1-5 of \d+ \(page 1\)/);
    let reviews = 0;
    for (let left = queueTotal(screen); left > 0; ) {
      const row = highlightedRow(screen);
      term.type('a');
      await term.waitForScreen(`Approve proposal ${row.proposalId}`);
      term.keys('Enter');
      await term.waitForScreen('Approve this asset?');
      term.type('y');
      await term.waitForScreen(`approved proposal ${row.proposalId}`);
      reviews += 1;
      // A report with another proposal waiting stays; one with nothing left leaves.
      screen = await term.waitForScreen(s => /No report waits for review/.test(s) || (/^› /m.test(s) && /Showing \S+ of \d+/.test(s) && !s.includes('Loading')));
      if (/No report waits for review/.test(screen)) break;
      left = queueTotal(screen);
      expect(reviews).toBeLessThanOrEqual(20);
    }
    expect(reviews).toBeGreaterThanOrEqual(12);
    term.type('q');
    expect(await term.waitForExit()).toBe(0);
    expect(await queueIdsFromCli(terminal.env())).toEqual([]);
  }, 120_000);
});
