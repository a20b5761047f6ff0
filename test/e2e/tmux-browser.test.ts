import {describe, expect, it} from 'vitest';
import {useSandboxTerminal} from '../helpers/sandbox-terminal.js';
import {tmux, type TmuxSession} from '../helpers/tmux.js';

/*
 * The review browser in a real terminal (tmux) against the sandbox: what a reviewer does
 * with the needs-customer-review queue, keyboard only.
 */

const terminal = useSandboxTerminal();

function browse(args: string[]): TmuxSession {
  return terminal.open(['reports', 'list', ...args]);
}

/** The id in the highlighted row (`› 1321  IN_PROGRESS ...`). */
function highlightedId(screen: string): string {
  const match = /^› (\S+)/m.exec(screen);
  if (!match) throw new Error(`no highlighted row on screen:\n${screen}`);
  return match[1]!;
}

describe.skipIf(tmux.skipReason)('review browser in a terminal', () => {
  it('moves, opens a detail with every proposal and asset id, pages forward and back, quits with 0', async () => {
    const term = browse(['--needs-customer-review', '--limit', '5']);
    const first = await term.waitForScreen(/Showing 1-5 of \d+ \(page 1\)/);
    expect(first).toContain('vigil reports · org acme · --needs-customer-review');
    expect(first).toMatch(/ID\s+TITLE\s+PROPOSAL\/ASSET\s+ASSET/);
    expect(first).toContain('q quit');
    const firstId = highlightedId(first);

    term.keys('j');
    const moved = await term.waitForScreen(screen => /^› /m.test(screen) && highlightedId(screen) !== firstId);
    const secondId = highlightedId(moved);
    const secondRow = moved.split('\n').find(line => line.startsWith(`› ${secondId}`))!;
    const [proposalId, assetId] = /(\d+)\/(\d+)/.exec(secondRow)!.slice(1) as [string, string];

    term.keys('Enter');
    const detail = await term.waitForScreen(`Report ${secondId} ·`);
    expect(detail).toContain(`proposal: ${proposalId}  review: `);
    expect(detail).toMatch(new RegExp(`asset: ${assetId}  type: \\S+  status: \\S+`));
    expect(detail).toContain('Description');
    expect(detail).toContain('esc back');

    term.keys('Escape');
    const back = await term.waitForScreen('enter open');
    expect(highlightedId(back)).toBe(secondId);

    term.keys('n');
    const page2 = await term.waitForScreen('Showing 6-10 of');
    expect(highlightedId(page2)).not.toBe(firstId);
    term.keys('p');
    const page1 = await term.waitForScreen('Showing 1-5 of');
    expect(highlightedId(page1)).toBe(firstId);

    term.keys('q');
    expect(await term.waitForExit()).toBe(0);
    // Ink's last frame stays on screen and the terminal is back in cooked mode for the shell.
    expect(term.screen()).toContain(firstId);
    expect(term.ttyModes()).toMatch(/(^|\s)icanon\b/);
  });

  it('searches with / and edits filters with f', async () => {
    const term = browse(['--limit', '5']);
    await term.waitForScreen(/Showing 1-5 of \d+/);
    term.type('/');
    await term.waitForScreen('Search:');
    term.type('wallet');
    term.keys('Enter');
    // The header changes at once; the rows when the page has loaded.
    await term.waitForScreen(screen => screen.includes('--search wallet') && /Showing (\d+-\d+|0) of \d+/.test(screen));

    term.type('f');
    await term.waitForScreen('Needs customer review');
    term.keys('Right', 'Enter');
    await term.waitForScreen('--status TODO --search wallet');
    term.keys('q');
    expect(await term.waitForExit()).toBe(0);
  });

  it('Ctrl+C restores the terminal and exits 130', async () => {
    const term = browse(['--limit', '5']);
    await term.waitForScreen(/Showing 1-5 of \d+/);
    expect(term.ttyModes()).toMatch(/(^|\s)-icanon\b/);
    term.keys('C-c');
    expect(await term.waitForExit()).toBe(130);
    expect(term.ttyModes()).toMatch(/(^|\s)icanon\b/);
    expect(term.ttyModes()).toMatch(/(^|\s)echo\b/);
  });

  it('reflows the table when the terminal is resized', async () => {
    const term = browse(['--limit', '5']);
    await term.waitForScreen(screen => screen.includes('ASSETS') && /\d{4}-\d\d-\d\d \d\d:\d\d/.test(screen));
    term.resize(60, 30);
    // Narrow: CREATED turns into an age, ASSETS leaves, the title keeps its room.
    const narrow = await term.waitForScreen(screen => !screen.includes('ASSETS') && / ago\b/.test(screen) && screen.includes('Showing 1-5'));
    for (const line of narrow.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
    // The terminal re-wraps the old, wider frame; none of it may stay above the new one.
    expect(narrow.match(/vigil reports · org/g)).toHaveLength(1);
    term.keys('q');
    expect(await term.waitForExit()).toBe(0);
  });
});
