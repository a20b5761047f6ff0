import {EventEmitter} from 'node:events';
import nock from 'nock';
import {describe, expect, it, vi} from 'vitest';
import {useNock} from '../../../helpers/nock.js';
import {runReportsList} from '../../../../src/cmd/reports/list/list.js';
import {ContractError, InterruptedError} from '../../../../src/errors.js';
import {fakeContext, interceptApi} from '../../../helpers/fake-context.js';

// Interrupted and looping --all runs may leave pages unfetched: that is what they check.
useNock({allowUnused: true});

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
    interceptApi('GET', 'organization/reports', [{body: {...PAGE, reports: [report(1), report(2, {status: 'IN_PROGRESS', latestReviewDecision: 'REJECT'})]}}]);
    const ctx = fakeContext({tty: true, org: 'acme'});
    await runReportsList({limit: '2', interactive: false}, ctx);
    const lines = ctx.io.out().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+TITLE\s+ASSETS\s+LATEST REVIEW\s+CREATED$/);
    // Older than 60 days: the date (newer ones read "3d ago").
    expect(lines[1]).toMatch(/^1\s+TODO\s+Report 1\s+a1\.example, b1\.example\s+APPROVE\s+2026-09-02$/);
    expect(lines[2]).toMatch(/^2\s+IN_PROGRESS\s+Report 2\s/);
    expect(ctx.io.out()).toContain('Showing 2 of 5');
    expect(ctx.io.out()).toContain('Next page: vigil reports list --org acme --limit 2 --cursor c2 --no-interactive\n');
    expect(ctx.io.out()).not.toContain('PROPOSAL');
    expect(ctx.io.out()).not.toContain('Every row');
  });

  it('TTY: a column whose every value is the same is said once under the table, an empty one left out; TSV keeps both', async () => {
    const same = {reports: [report(1, {latestReviewDecision: null}), report(2, {latestReviewDecision: null})], nextCursor: null, totalCount: 2};
    interceptApi('GET', 'organization/reports', [{body: same}, {body: same}]);
    const ctx = fakeContext({tty: true, org: 'acme'});
    await runReportsList({status: 'todo', interactive: false}, ctx);
    const lines = ctx.io.out().split('\n');
    expect(lines[0]).toMatch(/^ID\s+TITLE\s+ASSETS\s+CREATED$/);
    expect(lines[1]).toMatch(/^1\s+Report 1\s+a1\.example, b1\.example\s+2026-09-02$/);
    expect(lines[3]).toBe('Every row: STATUS TODO');
    const piped = fakeContext({tty: false, org: 'acme'});
    await runReportsList({status: 'todo'}, piped);
    expect(piped.io.out().split('\n')[0]).toBe('1\tTODO\tReport 1\ta1.example, b1.example\t\t2026-09-02T10:00:00.000Z');
  });

  it('at 80 columns: titles of at least 30 characters and relative times; LATEST REVIEW gives way', async () => {
    const long = (id: number, hoursAgo: number) =>
      report(id, {title: `Phishing kit cloning the acme login page, variant ${id}`, createdAt: new Date(Date.parse('2026-11-22T00:00:00Z') - hoursAgo * 3_600_000).toISOString()});
    interceptApi('GET', 'organization/reports', [{body: {reports: [long(1, 3), {...long(2, 50), status: 'IN_PROGRESS', latestReviewDecision: 'REJECT'}], nextCursor: null, totalCount: 2}}]);
    const ctx = fakeContext({tty: true, org: 'acme'});
    (ctx.io.stdout as {columns?: number}).columns = 80;
    await runReportsList({interactive: false}, ctx);
    const lines = ctx.io.out().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+TITLE\s+ASSETS\s+CREATED$/);
    expect(lines[1]).toMatch(/^1\s+TODO\s+Phishing kit cloning the acme login\S*\s+a1\.example, b1\.\S*\s+3h ago$/);
    expect(lines[2]).toMatch(/^2\s+IN_PROGRESS\s+Phishing/);
    expect(lines[2]).toMatch(/\s2d ago$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    const title = /Phishing[^ ]*( [^ ]+)*?(?=\s{2})/.exec(lines[1]!)![0];
    expect(title.length).toBeGreaterThanOrEqual(30);
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

  it('--needs-customer-review: pending proposal ids and their asset ids, those awaiting the organization marked *', async () => {
    // A listing that names no proposal PENDING_CUSTOMER_REVIEW: every undecided one awaits.
    interceptApi('GET', 'organization/reports', [{body: PAGE}]);
    const ctx = fakeContext({org: 'acme'});
    await runReportsList({needsCustomerReview: 'true'}, ctx);
    const [first] = ctx.io.out().split('\n');
    expect(first!.split('\t').slice(-2)).toEqual(['10*', '100']);

    const mixed = report(3, {proposals: [
      {id: 30, reviewStatus: 'PENDING', asset: {id: 300, content: 'a3.example'}},
      {id: 31, reviewStatus: 'PENDING_CUSTOMER_REVIEW', asset: {id: 301, content: 'b3.example'}},
      {id: 32, reviewStatus: 'APPROVED', asset: {id: 302, content: 'c3.example'}},
    ]});
    const page = {reports: [mixed], nextCursor: null, totalCount: 1};
    interceptApi('GET', 'organization/reports', [{body: page}, {body: page}, {body: page}]);
    const tsv = fakeContext({org: 'acme'});
    await runReportsList({needsCustomerReview: 'true'}, tsv);
    expect(tsv.io.out().split('\t').slice(-2)).toEqual(['30,31*', '300,301\n']);
    const md = fakeContext({org: 'acme'});
    await runReportsList({needsCustomerReview: 'true', output: 'markdown'}, md);
    expect(md.io.out()).toContain('| 30,31* | 300,301 |');
    const json = fakeContext({org: 'acme'});
    await runReportsList({needsCustomerReview: 'true', json: true}, json);
    const proposals = (JSON.parse(json.io.out()) as {reports: Array<{proposals: Array<{id: string; awaitingCustomer: boolean}>}>}).reports[0]!.proposals;
    expect(proposals.map(p => [p.id, p.awaitingCustomer])).toEqual([['30', false], ['31', true], ['32', false]]);
  });

  it('without --needs-customer-review, --json is the page as read, with no awaitingCustomer', async () => {
    interceptApi('GET', 'organization/reports', [{body: PAGE}]);
    const ctx = fakeContext({org: 'acme'});
    await runReportsList({json: true}, ctx);
    expect(ctx.io.out()).not.toContain('awaitingCustomer');
    expect(ctx.io.out()).toContain('"reviewStatus":"PENDING"');
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

  it('stderr a terminal: progress per page (pages, rows, of totalCount), a summary line when stdout is a pipe', async () => {
    interceptApi('GET', 'organization/reports', pages);
    const ctx = fakeContext({org: 'acme'});
    (ctx.io.stderr as {isTTY?: boolean}).isTTY = true;
    await runReportsList({all: true, json: true, limit: '2'}, ctx);
    const updates = ctx.io.err().split('\r\u001b[K').filter(Boolean);
    expect(updates).toEqual(['fetched 1 page, 2 of 5 reports', 'fetched 2 pages, 4 of 5 reports', 'fetched 3 pages, 5 of 5 reports\n']);
    expect(ctx.io.out().trimEnd().split('\n')).toHaveLength(5);

    interceptApi('GET', 'organization/reports', pages);
    const quiet = fakeContext({org: 'acme'});
    await runReportsList({all: true, json: true, limit: '2'}, quiet);
    expect(quiet.io.err()).toBe('');
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

  it('--output csv --all: one header row, then every report, RFC 4180 (CRLF, quoted where needed)', async () => {
    interceptApi('GET', 'organization/reports', pages);
    const csv = fakeContext({org: 'acme'});
    await runReportsList({all: true, output: 'csv'}, csv);
    const lines = csv.io.out().split('\r\n');
    expect(lines[0]).toBe('ID,STATUS,TITLE,ASSETS,LATEST REVIEW,CREATED');
    expect(lines.slice(1, -1).map(line => line.split(',')[0])).toEqual(['1', '2', '3', '4', '5']);
    expect(lines[1]).toContain(',"a1.example, b1.example",');
    expect(lines.at(-1)).toBe('');
  });

  it('requests the next page while writing the current one, and never runs more than one page ahead', async () => {
    const ctx = fakeContext({org: 'acme'});
    // A reader that takes its time: every write reports a full buffer until the test drains it.
    const reader = new EventEmitter();
    const written: string[] = [];
    const drained: Array<() => void> = [];
    ctx.io.stdout = Object.assign(reader, {
      write: (chunk: string) => {
        written.push(chunk);
        drained.push(() => reader.emit('drain'));
        return false;
      },
    });
    const requested: Array<string | undefined> = [];
    let call = 0;
    nock('https://api.vigil.test')
      .get('/api/v2/organization/reports')
      .query(true)
      .times(3)
      .reply(function reply() {
        requested.push(new URL(this.req.path, 'https://x').searchParams.get('cursor') ?? undefined);
        return [200, JSON.stringify(pages[call++]!.body)];
      });
    // Which pages the command asked the client for, and which the client has handed back.
    const asked: Array<string | undefined> = [];
    const delivered: Array<string | undefined> = [];
    const makeClient = ctx.client.bind(ctx);
    ctx.client = () => {
      const client = makeClient();
      const listReports = client.listReports.bind(client);
      client.listReports = (filters, options) => {
        asked.push(filters.cursor);
        return listReports(filters, options).then(page => (delivered.push(filters.cursor), page));
      };
      return client;
    };
    const done = runReportsList({all: true}, ctx);
    await vi.waitFor(() => expect(requested).toEqual([undefined, 'p2']));
    // Page 1 is still being written (not drained) and page 2 is on its way: no page 3 yet.
    expect(written).toHaveLength(1);
    // Page 2 is in the command's hands; one turn of the event loop runs everything that
    // follows from it, where a wrong implementation would ask for page 3.
    await vi.waitFor(() => expect(delivered).toEqual([undefined, 'p2']));
    await new Promise(resolve => setImmediate(resolve));
    expect(asked).toEqual([undefined, 'p2']);
    expect(requested).toEqual([undefined, 'p2']);
    drained.shift()!();
    await vi.waitFor(() => expect(requested).toEqual([undefined, 'p2', 'p3']));
    await vi.waitFor(() => expect(written).toHaveLength(2));
    drained.shift()!();
    await vi.waitFor(() => expect(written).toHaveLength(3));
    drained.shift()!();
    await done;
    expect(written.join('').split('\n').filter(Boolean).map(line => line.split('\t')[0])).toEqual(['1', '2', '3', '4', '5']);
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
    // Page 2 was already on its way (fetched while page 1 was written); nothing after it.
    expect(seen.length).toBeLessThanOrEqual(2);
    expect(ctx.io.out().split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('a cursor that repeats is a contract error, not an endless loop', async () => {
    interceptApi('GET', 'organization/reports', [{body: {reports: [report(1)], nextCursor: 'same', totalCount: 9}}], 3);
    const ctx = fakeContext({org: 'acme'});
    await expect(runReportsList({all: true}, ctx)).rejects.toBeInstanceOf(ContractError);
  });
});
