import nock from 'nock';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {runReportsList} from '../../../src/cmd/reports/list.js';
import {ContractError, InterruptedError} from '../../../src/errors.js';
import {fakeContext, interceptApi} from './fake-context.js';

beforeEach(() => nock.disableNetConnect());
afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

function report(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    title: `Report ${id}`,
    status: 'TODO',
    createdAt: `2026-09-0${(id % 9) + 1}T10:00:00.000Z`,
    latestReviewDecision: 'APPROVE',
    proposals: [
      {id: id * 10, reviewStatus: 'PENDING', asset: {id: id * 100, content: `a${id}.example`}},
      {id: id * 10 + 1, reviewStatus: 'APPROVED', asset: {id: id * 100 + 1, content: `b${id}.example`}},
    ],
    ...extra,
  };
}

const PAGE = {reports: [report(1), report(2)], nextCursor: 'c2', totalCount: 5};

describe('reports list output', () => {
  it('TTY: a table with the six columns, a "Showing N of total" footer and the next page command', async () => {
    interceptApi('GET', 'organization/reports', [{body: PAGE}]);
    const ctx = fakeContext({tty: true, org: 'acme'});
    await runReportsList({status: 'todo', limit: '2', interactive: false}, ctx);
    const lines = ctx.io.out().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+TITLE\s+ASSETS\s+LATEST REVIEW\s+CREATED$/);
    expect(lines[1]).toMatch(/^1\s+TODO\s+Report 1\s+a1\.example, b1\.example\s+APPROVE\s+2026-09-02T10:00:00\.000Z$/);
    expect(ctx.io.out()).toContain('Showing 2 of 5');
    expect(ctx.io.out()).toContain('Next page: vigil reports list --org acme --limit 2 --cursor c2 --status TODO --no-interactive\n');
    expect(ctx.io.out()).not.toContain('PROPOSAL');
  });

  it('piped: TSV rows only (no header, no footer), ids first for `cut -f1`', async () => {
    interceptApi('GET', 'organization/reports', [{body: PAGE}]);
    const ctx = fakeContext({tty: false, org: 'acme'});
    await runReportsList({}, ctx);
    expect(ctx.io.out()).toBe(
      '1\tTODO\tReport 1\ta1.example, b1.example\tAPPROVE\t2026-09-02T10:00:00.000Z\n' +
        '2\tTODO\tReport 2\ta2.example, b2.example\tAPPROVE\t2026-09-03T10:00:00.000Z\n',
    );
    expect(ctx.io.err()).toBe('');
  });

  it('--json: {reports, nextCursor, totalCount}, normalised from the cursor variant too', async () => {
    interceptApi('GET', 'organization/reports', [{body: {reports: [report(3)], cursor: 'next-3'}}]);
    const ctx = fakeContext({org: 'acme'});
    await runReportsList({json: true}, ctx);
    const parsed = JSON.parse(ctx.io.out());
    expect(Object.keys(parsed).sort()).toEqual(['nextCursor', 'reports', 'totalCount']);
    expect(parsed.nextCursor).toBe('next-3');
    expect(parsed.totalCount).toBeNull();
    expect(parsed.reports[0].id).toBe('3');
  });

  it('--output markdown: a markdown table', async () => {
    interceptApi('GET', 'organization/reports', [{body: PAGE}]);
    const ctx = fakeContext({tty: true, org: 'acme'});
    await runReportsList({output: 'markdown'}, ctx);
    expect(ctx.io.out().split('\n').slice(0, 3)).toEqual([
      '| ID | STATUS | TITLE | ASSETS | LATEST REVIEW | CREATED |',
      '| --- | --- | --- | --- | --- | --- |',
      '| 1 | TODO | Report 1 | a1.example, b1.example | APPROVE | 2026-09-02T10:00:00.000Z |',
    ]);
    expect(ctx.io.out()).not.toContain('Showing');
  });

  it('--needs-customer-review: pending proposal ids and their asset ids', async () => {
    interceptApi('GET', 'organization/reports', [{body: PAGE}]);
    const ctx = fakeContext({org: 'acme'});
    await runReportsList({needsCustomerReview: 'true'}, ctx);
    const [first] = ctx.io.out().split('\n');
    expect(first!.split('\t').slice(-2)).toEqual(['10', '100']);
  });

  it('no results: nothing on stdout, a note on stderr (TTY), exit 0', async () => {
    interceptApi('GET', 'organization/reports', [{body: {reports: [], nextCursor: null, totalCount: 0}}]);
    const ctx = fakeContext({tty: true, org: 'acme'});
    await runReportsList({}, ctx);
    expect(ctx.io.err()).toContain('No reports match');
    expect(ctx.io.out()).toBe('');
  });

  it('strips terminal control sequences from upstream text (colour on, TTY and pipe)', async () => {
    const hostile = report(4, {title: 'Evil\u001b[2J\u001b]8;;https://x.example\u0007link\u001b]8;;\u0007 title\u202e'});
    for (const tty of [true, false]) {
      interceptApi('GET', 'organization/reports', [{body: {reports: [hostile], nextCursor: null, totalCount: 1}}]);
      const ctx = fakeContext({tty, org: 'acme', env: {FORCE_COLOR: '1'}});
      await runReportsList({}, ctx);
      const out = ctx.io.out();
      expect(out).not.toContain('\u001b[2J');
      expect(out).not.toContain('\u001b]8');
      expect(out).not.toContain('\u202e');
      expect(out).toContain('Evillink title');
    }
  });
  it('a hostile cursor cannot reach the terminal through the next-page command', async () => {
    interceptApi('GET', 'organization/reports', [{body: {reports: [report(1)], nextCursor: 'c\u001b]0;pwned\u0007\u001b[2J', totalCount: 9}}]);
    const ctx = fakeContext({tty: true, org: 'acme'});
    await runReportsList({}, ctx);
    expect(ctx.io.out()).not.toContain('\u001b');
    expect(ctx.io.out()).toContain('--cursor');
  });
});

describe('reports list --all', () => {
  const pages = [
    {body: {reports: [report(1), report(2)], nextCursor: 'p2', totalCount: 5}},
    {body: {reports: [report(3), report(4)], nextCursor: 'p3', totalCount: 5}},
    {body: {reports: [report(5)], nextCursor: null, totalCount: 5}},
  ];

  it('follows the cursor to the end; --json is NDJSON, one report a line', async () => {
    const seen = interceptApi('GET', 'organization/reports', pages);
    const ctx = fakeContext({org: 'acme'});
    await runReportsList({all: true, json: true, limit: '2'}, ctx);
    expect(seen.map(r => r.query.cursor)).toEqual([undefined, 'p2', 'p3']);
    expect(seen.every(r => r.query.limit === '2')).toBe(true);
    const lines = ctx.io.out().trimEnd().split('\n');
    expect(lines.map(line => JSON.parse(line).id)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('piped TSV streams every row; markdown keeps one header', async () => {
    interceptApi('GET', 'organization/reports', pages);
    const tsv = fakeContext({org: 'acme'});
    await runReportsList({all: true}, tsv);
    expect(tsv.io.out().split('\n').filter(Boolean).map(l => l.split('\t')[0])).toEqual(['1', '2', '3', '4', '5']);

    interceptApi('GET', 'organization/reports', pages);
    const md = fakeContext({org: 'acme'});
    await runReportsList({all: true, output: 'markdown'}, md);
    expect(md.io.out().match(/\| ID \|/g)).toHaveLength(1);
    expect(md.io.out().trimEnd().split('\n')).toHaveLength(7);
  });

  it('writes each page before fetching the next (streaming, not collecting)', async () => {
    const ctx = fakeContext({org: 'acme'});
    const outAtRequest: string[] = [];
    let call = 0;
    nock('https://api.vigil.test')
      .get('/api/v2/organization/reports')
      .query(true)
      .times(3)
      .reply(() => {
        outAtRequest.push(ctx.io.out());
        return [200, JSON.stringify(pages[call++]!.body)];
      });
    await runReportsList({all: true}, ctx);
    expect(outAtRequest[0]).toBe('');
    expect(outAtRequest[1]!.split('\n').filter(Boolean)).toHaveLength(2);
    expect(outAtRequest[2]!.split('\n').filter(Boolean)).toHaveLength(4);
  });

  it('stops when interrupted (ctx.signal) without fetching further pages', async () => {
    const controller = new AbortController();
    const ctx = fakeContext({org: 'acme', signal: controller.signal});
    const write = ctx.io.stdout.write;
    // Ctrl+C arrives while the first page is being printed.
    ctx.io.stdout.write = chunk => {
      controller.abort();
      return write(chunk);
    };
    const seen = interceptApi('GET', 'organization/reports', pages);
    await expect(runReportsList({all: true}, ctx)).rejects.toBeInstanceOf(InterruptedError);
    expect(seen).toHaveLength(1);
    expect(ctx.io.out().split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('a cursor that repeats is a contract error, not an endless loop', async () => {
    interceptApi('GET', 'organization/reports', [{body: {reports: [report(1)], nextCursor: 'same', totalCount: 9}}], 3);
    const ctx = fakeContext({org: 'acme'});
    await expect(runReportsList({all: true}, ctx)).rejects.toBeInstanceOf(ContractError);
  });
});
