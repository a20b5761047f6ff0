import {spawn} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI, ROOT, outcomeOf, runCli, type CliResult} from '../helpers/cli.js';
import {startReportsStub, type RecordedRequest, type ReportsStub, type StubReply} from './reports-stub.js';

/*
 * The built CLI (dist/cli.js; `npm test` builds it first) against a loopback upstream that
 * records every request: exit codes, what the user sees, and what was or was not sent.
 */

const KEY = 'vk_test_5f4e3d2c1b0a99887766';
const configDir = mkdtempSync(path.join(tmpdir(), 'vigil-cli-reports-'));
let stub: ReportsStub | undefined;

afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

function report(id: number) {
  return {id, title: `Report ${id}`, status: 'TODO', createdAt: '2026-09-03T23:21:46.450Z', proposals: [{id: id * 10, asset: {id: id * 100, content: `a${id}.example`}}]};
}

/** Answers list pages of `pageSize` reports out of `total`; cursors are the next offset. */
function upstream(options: {total?: number; pageSize?: number; create?: StubReply} = {}) {
  const total = options.total ?? 3;
  return (req: RecordedRequest): StubReply => {
    if (req.path.endsWith('/organization/reports')) {
      const size = options.pageSize ?? Number(req.query.limit ?? 20);
      const start = Number(req.query.cursor ?? 0);
      const ids = Array.from({length: Math.max(0, Math.min(size, total - start))}, (_, i) => start + i + 1);
      const next = start + size < total ? String(start + size) : null;
      return {body: {reports: ids.map(report), nextCursor: next, totalCount: total}};
    }
    if (req.path.endsWith('/reports/search')) {
      return {body: {reports: [{id: 9, status: 'CLOSED', assets: ['a.example']}], totalCount: 1}};
    }
    if (req.path.endsWith('/asset/check')) return {body: {status: 'UNKNOWN'}};
    if (req.path.endsWith('/report/create')) {
      return options.create ?? {body: {id: 123, createdAt: '2026-09-03T23:21:46.450Z', organization: {id: 1, slug: 'acme', name: 'Acme'}}};
    }
    return {status: 404, body: {message: 'not found', code: 'NOT_FOUND'}};
  };
}

async function withStub(route: Parameters<typeof startReportsStub>[0] = upstream()): Promise<ReportsStub> {
  stub = await startReportsStub(route);
  return stub;
}

function env(s: ReportsStub | undefined, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {VIGIL_CONFIG_DIR: configDir, VIGIL_ORG: 'acme', VIGIL_API_KEY: KEY, ...(s ? {VIGIL_BASE_URL: s.baseUrl} : {}), ...extra};
}

/** A shell pipeline, `vigil` being the built CLI. */
function shell(command: string, environment: NodeJS.ProcessEnv): Promise<CliResult> {
  const child = spawn('bash', ['-o', 'pipefail', '-c', command.replaceAll('vigil ', `"${process.execPath}" "${CLI}" `)], {
    cwd: ROOT,
    env: {PATH: process.env.PATH, HOME: process.env.HOME, ...environment},
  });
  return outcomeOf(child);
}

describe('invalid input: exit 3, every problem named, nothing sent', () => {
  it.each([
    ['create', ['reports', 'create', '--title', 'ab', '--attachment-url', 'nope'], ['--title', '--description', '--asset', '--attachment-url']],
    ['list', ['reports', 'list', '--limit', '50', '--status', 'open', '--from', '2026-02-01', '--to', '2026-01-01'], ['--limit', '--status', '--from']],
    ['list exclude-automation + automation', ['reports', 'list', '--exclude-automation', '--reporter-kind', 'automation'], ['--exclude-automation']],
    ['search', ['reports', 'search', 'a.example', '--limit', '0'], ['--limit']],
  ])('%s', async (_name, args, fields) => {
    const s = await withStub();
    const result = await runCli(args, {env: env(s)});
    expect(result.code).toBe(3);
    for (const field of fields) expect(result.stderr).toContain(`- ${field}: `);
    expect(result.stdout).toBe('');
    expect(s.requests).toHaveLength(0);
  });

  it('no org anywhere: exit 3 naming --org', async () => {
    const s = await withStub();
    const result = await runCli(['reports', 'list'], {env: env(s, {VIGIL_ORG: ''})});
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('--org');
    expect(s.requests).toHaveLength(0);
  });

  it('no API key: exit 2, nothing sent', async () => {
    const s = await withStub();
    const result = await runCli(['reports', 'list'], {env: env(s, {VIGIL_API_KEY: ''})});
    expect(result.code).toBe(2);
    expect(s.requests).toHaveLength(0);
  });
});

describe('reports create', () => {
  it('--dry-run with every flag prints the full body, sends nothing, needs no key or base URL', async () => {
    const payload = path.join(configDir, 'payload.json');
    writeFileSync(payload, JSON.stringify({externalReporter: {platform: 'TWITTER', platformIdentifier: '42'}, rawAssetsInput: 'raw text', assets: [{content: 'file.example'}]}));
    const result = await runCli([
      'reports', 'create', '--dry-run', '--org', 'acme', '--title', 'Fake wallet', '--description', 'Drainer',
      '--contact-info', 'dana@acme.example', '--asset', 'https://evil.example:8443/a:blocked', 'eip155:1:0xabc', '--asset=@fake:Unknown',
      '--attachment-url', 'https://f.example/1.png', '--attachment-url', 'https://f.example/2.png',
      '--external-submission-link', 'https://forms.example/1', '--payload-file', payload,
    ], {env: {VIGIL_CONFIG_DIR: configDir}});
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      organizationSlug: 'acme',
      title: 'Fake wallet',
      description: 'Drainer',
      contactInfo: 'dana@acme.example',
      assets: [
        {content: 'file.example'},
        {content: 'https://evil.example:8443/a', status: 'BLOCKED'},
        {content: 'eip155:1:0xabc'},
        {content: '@fake', status: 'UNKNOWN'},
      ],
      attachmentUrls: ['https://f.example/1.png', 'https://f.example/2.png'],
      externalSubmissionLink: 'https://forms.example/1',
      externalReporter: {platform: 'TWITTER', platformIdentifier: '42'},
      rawAssetsInput: 'raw text',
    });
    expect(result.stderr).toContain('POST <base-url>/report/create');
  });

  it('creates: exit 0, prints id, creation time and org; the body sent', async () => {
    const s = await withStub();
    const result = await runCli(['reports', 'create', '--title', 'Fake wallet', '--description', 'Drainer', '--asset', 'evil.example'], {env: env(s)});
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('123\t2026-09-03T23:21:46.450Z\tacme\n');
    // The asset is checked against the blocklist first, then the report is sent once.
    expect(s.requests.map(req => req.path.replace(/^.*\/api\/v2\//, ''))).toEqual(['asset/check', 'report/create']);
    expect(s.requests[1]!.headers['x-api-key']).toBe(KEY);
    expect(s.requests[1]!.body).toEqual({organizationSlug: 'acme', title: 'Fake wallet', description: 'Drainer', assets: [{content: 'evil.example'}]});
  });

  it('422: exit 7, each rejected asset with type, message and suggestion', async () => {
    const rejected = {status: 422, body: {message: 'Assets rejected', code: 'UNPROCESSABLE_ENTITY', data: {errors: [
      {asset: 'evil.example', errorType: 'DOMAIN_NOT_ALLOWED', message: 'not allowed', suggestion: 'use a brand domain'},
    ]}}};
    const s = await withStub(upstream({create: rejected}));
    const result = await runCli(['reports', 'create', '--title', 'Fake wallet', '--description', 'Drainer', '--asset', 'evil.example'], {env: env(s)});
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('evil.example: DOMAIN_NOT_ALLOWED: not allowed');
    expect(result.stderr).toContain('suggestion: use a brand domain');
    expect(s.requests.filter(req => req.path.endsWith('/report/create'))).toHaveLength(1);
  });
});

describe('reports list', () => {
  it('--json | jq .totalCount works', async () => {
    const s = await withStub(upstream({total: 134}));
    const result = await runCli(['reports', 'list', '--json', '--limit', '5'], {env: env(s)});
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout);
    expect(parsed.totalCount).toBe(134);
    expect(parsed.nextCursor).toBe('5');
    expect(parsed.reports).toHaveLength(5);
  });

  it('| cut -f1 gives the ids', async () => {
    const s = await withStub(upstream({total: 3}));
    const result = await shell('vigil reports list | cut -f1', env(s));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('1\n2\n3\n');
  });

  it('--x / --no-x flags and filters reach the query', async () => {
    const s = await withStub();
    const result = await runCli(['reports', 'list', '--reported-by-customer', '--no-needs-customer-review', '--country-code', 'us,gb', '--only-rejected'], {env: env(s)});
    expect(result.code).toBe(0);
    expect(s.requests[0]!.query).toEqual({slug: 'acme', reportedByCustomer: 'true', needsCustomerReview: 'false', onlyRejected: 'true', countryCodes: 'US,GB'});
  });

  it('--all --json streams NDJSON across every page', async () => {
    const s = await withStub(upstream({total: 45}));
    const result = await runCli(['reports', 'list', '--all', '--json'], {env: env(s)});
    expect(result.code).toBe(0);
    const ids = result.stdout.trimEnd().split('\n').map(line => JSON.parse(line).id);
    expect(ids).toEqual(Array.from({length: 45}, (_, i) => String(i + 1)));
    expect(s.requests.map(r => r.query.cursor)).toEqual([undefined, '20', '40']);
  });

  it('--all | head -1 stops quietly on the closed pipe, without fetching every page', async () => {
    const s = await withStub(upstream({total: 100_000, pageSize: 20}));
    const result = await shell('vigil reports list --all | head -1', env(s));
    expect(result.stdout).toBe('1\tTODO\tReport 1\ta1.example\t\t2026-09-03T23:21:46.450Z\n');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(s.requests.length).toBeLessThan(100);
  });

  it('--all stops on Ctrl+C: the first page printed, exit 130, no further page', async () => {
    const firstPage = upstream({total: 100, pageSize: 20});
    // The second page never comes in time: the user gives up and presses Ctrl+C.
    const s = await withStub(req => (req.query.cursor ? new Promise(resolve => setTimeout(() => resolve(firstPage(req)), 10_000)) : firstPage(req)));
    const child = spawn(process.execPath, [CLI, 'reports', 'list', '--all'], {env: {PATH: process.env.PATH, ...env(s)}});
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', chunk => {
      stdout += chunk;
      if (stdout.split('\n').length > 20) child.kill('SIGINT');
    });
    child.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk));
    const started = Date.now();
    const code = await new Promise(resolve => child.on('close', resolve));
    expect(code).toBe(130);
    // At once: not after the second page, which would have come at 10 s.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(stdout.trimEnd().split('\n')).toHaveLength(20);
    expect(stderr).toContain('interrupted');
    expect(s.requests).toHaveLength(2);
  });
});

describe('reports search', () => {
  it('positional contents and --asset: one request, exit 0 whatever the answer', async () => {
    const s = await withStub();
    const result = await runCli(['reports', 'search', 'a.example', '--asset', 'b.example', '--no-reported-by-customer', '--json'], {env: env(s)});
    expect(result.code).toBe(0);
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]!.body).toEqual({slug: 'acme', assetContents: ['a.example', 'b.example'], reportedByCustomer: false}); // no --limit: no limit sent (the upstream's default is 50)
    expect(JSON.parse(result.stdout).assets).toEqual([
      {content: 'a.example', reported: true, reports: [{id: '9', status: 'CLOSED'}]},
      {content: 'b.example', reported: false, reports: []},
    ]);
  });
});
