import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
import {detailLines, wrapLine} from '../../../src/ui/browser/detail.js';
import {layoutTable, visibleWindow} from '../../../src/ui/browser/table.js';
import {makeReport} from '../fixtures.js';

describe('browser table layout', () => {
  const now = Date.parse('2026-09-04T02:21:46.450Z');
  const reports = [
    makeReport(1, {title: 'A very long title that will not fit in a narrow terminal at all', status: 'IN_PROGRESS', latestReviewDecision: 'APPROVE'}),
    makeReport(22, {title: 'Counterfeit acme-wallet app listing on a store'}),
  ];

  it('fits every line to the width and keeps all columns on a wide terminal', () => {
    const table = layoutTable(reports, 120, {now});
    expect(table.header).toMatch(/^ID\s+STATUS\s+TITLE\s+ASSETS\s+REVIEW\s+CREATED\s*$/);
    for (const line of [table.header, ...table.rows]) expect(stringWidth(line)).toBe(120);
    expect(table.rows[1]).toContain('2026-09-03 23:21');
    expect(table.rows[1]).toContain('1: site22.example');
    expect(table.uniform).toEqual([]);
  });

  it('at 80 columns: the title keeps at least 30 characters; CREATED becomes an age, REVIEW goes; no header is cut', () => {
    const table = layoutTable(reports, 78, {now});
    expect(table.header).toMatch(/^ID\s+STATUS\s+TITLE\s+ASSETS\s+CREATED\s*$/);
    expect(table.rows[1]).toMatch(/^r22\s+TODO\s+Counterfeit acme-wallet app /);
    const title = /^r22\s+TODO\s+(.*?)\s{2}/.exec(table.rows[1]!)![1]!;
    expect(title.length).toBeGreaterThanOrEqual(30);
    expect(table.rows[1]).toMatch(/3h ago\s*$/);
    expect(table.header).not.toContain('…');
  });

  it('at 60 columns: ID, STATUS, a title of at least 30 and the age', () => {
    const table = layoutTable(reports, 58, {now});
    expect(table.header).toMatch(/^ID\s+STATUS\s+TITLE\s+CREATED\s*$/);
    expect(/^r22\s+TODO\s+(.*?)\s{2}/.exec(table.rows[1]!)![1]!.length).toBeGreaterThanOrEqual(30);
    for (const line of [table.header, ...table.rows]) expect(stringWidth(line)).toBe(58);
  });

  it('leaves out STATUS when every row shows the same, and REVIEW when no row has one', () => {
    const todo = [makeReport(1), makeReport(2)];
    const table = layoutTable(todo, 78, {now});
    expect(table.header).toMatch(/^ID\s+TITLE\s+ASSETS\s+CREATED\s*$/);
    expect(table.uniform).toEqual(['STATUS TODO']);
    // One row: nothing to compare it with, STATUS stays.
    expect(layoutTable(todo.slice(0, 1), 78, {now}).header).toMatch(/^ID\s+STATUS\s+TITLE/);
  });

  it('drops the age, then assets as the terminal narrows, truncating the title, never a header', () => {
    const narrow = layoutTable(reports, 50, {now});
    expect(narrow.header).not.toContain('CREATED');
    expect(narrow.header).not.toContain('REVIEW');
    expect(narrow.header).not.toContain('…');
    expect(narrow.rows[0]).toContain('…');
    for (const line of narrow.rows) expect(stringWidth(line)).toBe(50);
  });

  it('shows, in the review queue, the ids the review keys act on beside their asset content', () => {
    const table = layoutTable(reports, 130, {queue: true, now});
    expect(table.header).toMatch(/^ID\s+TITLE\s+PROPOSAL\/ASSET\s+ASSET\s+STATUS\s+REVIEW\s+CREATED\s*$/);
    expect(table.rows[0]).toMatch(/p1\/a1\s+site1\.example/);
  });

  it('keeps the asset content readable at 80 columns: the age, never review and status beside it', () => {
    const long = makeReport(5, {
      proposals: [
        {id: '5492', reviewStatus: 'PENDING_CUSTOMER_REVIEW', asset: {id: '7492', type: 'URL', content: 'acme-airdrop-claim.example/login', status: 'UNKNOWN'}},
        {id: '5493', reviewStatus: 'PENDING', asset: {id: '7493', type: 'URL', content: 'second.example', status: 'UNKNOWN'}},
      ],
    });
    const table = layoutTable([long, makeReport(6, {status: 'IN_PROGRESS', latestReviewDecision: 'SKIP'})], 78, {queue: true, now});
    expect(table.header).not.toContain('REVIEW');
    expect(table.header).not.toContain('STATUS');
    expect(table.header).toMatch(/^ID\s+TITLE\s+PROPOSAL\/ASSET\s+ASSET\s+CREATED\s*$/);
    expect(table.rows[0]).toMatch(/3h ago\s*$/);
    expect(table.rows[0]).toContain('5492/7492');
    expect(table.rows[0]).toContain('acme-airdrop-claim.example/login');
    for (const line of [table.header, ...table.rows]) expect(stringWidth(line)).toBe(78);
  });

  it('says how many more proposals of a report wait, and marks rows whose proposal lacks ids', () => {
    const two = makeReport(7, {
      proposals: [
        {id: 'p7', reviewStatus: 'PENDING', asset: {id: 'a7', type: 'URL', content: 'one.example', status: 'UNKNOWN'}},
        {id: 'p8', reviewStatus: 'PENDING', asset: undefined},
      ],
    });
    const table = layoutTable([two], 120, {queue: true});
    expect(table.rows[0]).toMatch(/p7\/a7\s+one\.example \+1/);
    const noAsset = layoutTable([makeReport(9, {proposals: [{id: 'p9', reviewStatus: 'PENDING', asset: undefined}]})], 120, {queue: true});
    expect(noAsset.rows[0]).toMatch(/p9\/-\s+\(no content\)/);
  });

  it('strips terminal control sequences from upstream text', () => {
    const table = layoutTable([makeReport(3, {title: 'evil\u001b[2J\u001b]8;;http://x\u0007title'})], 100);
    expect(table.rows[0]).not.toContain('\u001b');
    expect(table.rows[0]).toContain('eviltitle');
  });

  it('keeps the highlighted row inside the visible window', () => {
    expect(visibleWindow(5, 4, 10)).toEqual({start: 0, end: 5});
    expect(visibleWindow(20, 0, 5)).toEqual({start: 0, end: 5});
    expect(visibleWindow(20, 10, 5)).toEqual({start: 8, end: 13});
    expect(visibleWindow(20, 19, 5)).toEqual({start: 15, end: 20});
  });
});

describe('browser detail lines', () => {
  it('lists every proposal id, asset id, type, status and review status in full', () => {
    const report = makeReport(1, {
      proposals: [
        {id: 'prop_0123456789abcdef', reviewStatus: 'PENDING', asset: {id: 'asset_fedcba9876543210', type: 'TWITTER', content: '@scammer', status: 'BLOCKED'}},
        {id: 'p2', reviewStatus: undefined, asset: {id: 'a2', type: undefined, content: 'b.example', status: 'ALLOWED'}},
      ],
      attachments: [{id: 'att1', url: 'https://files.example/shot.png'}],
      latestReviewDecision: 'APPROVE',
      updatedAt: '2026-09-04T00:00:00.000Z',
      externalReporter: {id: 'x1', displayName: 'Bot', platform: 'discord', avatarUrl: undefined},
    });
    const text = detailLines(report, 40).map(line => line.text).join('\n');
    expect(text).toContain('prop_0123456789abcdef');
    expect(text).toContain('asset_fedcba9876543210');
    expect(text).toContain('type: TWITTER');
    expect(text).toContain('status: BLOCKED');
    expect(text).toContain('review: PENDING');
    expect(text).toContain('type: unknown');
    expect(text).toContain('https://files.example/shot.png');
    const wide = detailLines(report, 100).map(line => line.text).join('\n');
    expect(wide).toContain('Ada Reviewer (ANALYST); external: Bot on discord');
    expect(text).toContain('Latest review: APPROVE');
    expect(text).toContain('Updated: 2026-09-04T00:00:00.000Z');
    for (const line of text.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(40);
  });

  it('keeps the description multi-line but without control sequences', () => {
    const report = makeReport(1, {description: 'line one\n\u001b[31mred\u001b[0m line two\u001b]0;title\u0007'});
    const text = detailLines(report, 80).map(line => line.text);
    expect(text).toContain('  line one');
    expect(text).toContain('  red line two');
    expect(text.join('')).not.toContain('\u001b');
  });

  it('wraps long words and text by display width', () => {
    expect(wrapLine('aaaa bbbb cccc', 10)).toEqual(['aaaa bbbb', 'cccc']);
    expect(wrapLine('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });
});
