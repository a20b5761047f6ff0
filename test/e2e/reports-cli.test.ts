import {mkdtemp} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {allPages} from '../helpers/pages.js';
import {E2E_SCOPED_KEY, startSandboxProcess, type SandboxProcess} from '../helpers/sandbox-process.js';

/*
 * The built CLI (dist/, `npm test` builds first) as a process against the sandbox as a
 * process: what a user at a shell gets. Expected values come from the sandbox's own API,
 * fetched directly, so a filter the CLI dropped or mangled shows up as a difference.
 */

let sandbox: SandboxProcess;
let configDir: string;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  configDir = await mkdtemp(path.join(tmpdir(), 'vigil-e2e-'));
});
afterAll(() => sandbox?.stop());

const vigil = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(args, {env: {...sandbox.env, VIGIL_CONFIG_DIR: configDir, ...env}});

async function api(pathAndQuery: string, init: RequestInit = {}): Promise<any> {
  const response = await fetch(`${sandbox.url}/${pathAndQuery}`, {...init, headers: {'x-api-key': sandbox.apiKey, 'content-type': 'application/json'}});
  expect(response.status).toBe(200);
  return response.json();
}

/** Every report id of a filtered listing, straight from the server. */
async function idsFromApi(query: string): Promise<string[]> {
  const pages = await allPages(cursor => api(`organization/reports?slug=acme&limit=20&${query}${cursor ? `&cursor=${cursor}` : ''}`) as Promise<{reports: {id: number}[]; nextCursor: string | null}>);
  return pages.flatMap(page => page.reports.map(r => String(r.id)));
}

describe('vigil reports list', () => {
  it('applies several filters at once, with totalCount from the server', async () => {
    const result = await vigil(['reports', 'list', '--status', 'CLOSED', '--reporter-kind', 'human', '--country-code', 'us,gb,fr', '--limit', '20', '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    const expected = await idsFromApi('status=CLOSED&reporterKind=human&countryCodes=US,GB,FR');
    expect(expected.length).toBeGreaterThan(0);
    expect(body.totalCount).toBe(expected.length);
    expect(body.reports.map((r: {id: string}) => r.id)).toEqual(expected.slice(0, 20));
  });

  it('--all pages through to the end, newest first, one JSON object a line', async () => {
    const result = await vigil(['reports', 'list', '--all', '--json', '--review-status', 'APPROVE,REJECT', '--asset-type', 'URL,TELEGRAM']);
    expect(result.code).toBe(0);
    const ids = result.stdout.trim().split('\n').map(line => String(JSON.parse(line).id));
    const expected = await idsFromApi('reviewStatus=APPROVE,REJECT&assetType=URL,TELEGRAM');
    expect(expected.length).toBeGreaterThan(20);
    expect(ids).toEqual(expected);
  });

  it('follows --cursor from one page to the next without overlap', async () => {
    const first = JSON.parse((await vigil(['reports', 'list', '--limit', '5', '--json', '--needs-customer-review'])).stdout);
    expect(first.nextCursor).toBeTruthy();
    const second = JSON.parse((await vigil(['reports', 'list', '--limit', '5', '--json', '--needs-customer-review', '--cursor', first.nextCursor])).stdout);
    const expected = await idsFromApi('needsCustomerReview=true');
    expect([...first.reports, ...second.reports].map((r: {id: string}) => r.id)).toEqual(expected.slice(0, 10));
  });

  it('exits 5 for the scoped key on another org and 2 without a key', async () => {
    const forbidden = await vigil(['reports', 'list', '--org', 'globex'], {VIGIL_API_KEY: E2E_SCOPED_KEY});
    expect(forbidden.code).toBe(5);
    expect(forbidden.stderr).toMatch(/Insufficient access/);
    const noKey = await vigil(['reports', 'list'], {VIGIL_API_KEY: ''});
    expect(noKey.code).toBe(2);
    expect(noKey.stdout).toBe('');
  });
});

describe('vigil reports create and search', () => {
  it('creates a report that search then finds, and a second report of the same asset is rejected (exit 7)', async () => {
    const created = await vigil(['reports', 'create', '--title', 'E2E phishing kit', '--description', 'Seen in ads', '--asset', 'e2e-kit.example', '--asset', 'https://x.com/e2e_kit:ALLOWED', '--json']);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const {id, organization} = JSON.parse(created.stdout);
    expect(organization.slug).toBe('acme');

    const newest = (await api('organization/reports?slug=acme&limit=1')).reports[0];
    expect(String(newest.id)).toBe(String(id));
    expect(newest.proposals.map((p: any) => [p.asset.content, p.asset.status])).toEqual([['e2e-kit.example', 'BLOCKED'], ['https://x.com/e2e_kit', 'ALLOWED']]);

    const search = await vigil(['reports', 'search', 'HTTPS://E2E-Kit.example/', 'never-reported.example', '--json']);
    expect(search.code).toBe(0);
    const hits = JSON.parse(search.stdout);
    expect(hits.reports.map((r: {id: string}) => String(r.id))).toEqual([String(id)]);

    const again = await vigil(['reports', 'create', '--title', 'Same kit again', '--description', 'dup', '--asset', 'e2e-kit.example']);
    expect(again.code).toBe(7);
    expect(again.stderr).toMatch(/e2e-kit\.example.*(REPORT_ALREADY_EXISTS|ALREADY_PENDING_REVIEW)/);
    expect(again.stdout).toBe('');
  });

  it('search answers per queried asset, tolerant of scheme and case', async () => {
    const result = await vigil(['reports', 'search', 'http://ACME-wallet-verify.example', 't.me/acmewalletsupport/', '--json']);
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.totalCount).toBe(1);
    expect(body.reports[0].title).toBe('Wallet verification phishing');
  });
});

describe('vigil healthchecks run (one-shot)', () => {
  it('grades the seeded orgs: ok exits 0, fail exits 6 with findings', async () => {
    const ok = await vigil(['healthchecks', 'run', 'takedowns.cancelled-count', '--org', 'globex', '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({severity: 'ok', ok: true, scope: {slug: 'globex'}, findings: []});

    const fail = await vigil(['healthchecks', 'run', 'takedowns.cancelled-count', '--org', 'initech', '--json']);
    expect(fail.code).toBe(6);
    const result = JSON.parse(fail.stdout);
    expect(result.severity).toBe('fail');
    expect(result.findings).toHaveLength(12);
  });

  it('follows the admin route across the fail threshold', async () => {
    const before = await vigil(['healthchecks', 'run', 'takedowns.cancelled-count', '--org', 'hooli', '--json']);
    expect(JSON.parse(before.stdout).severity).toBe('warn');
    const moved = await fetch(`${sandbox.origin}/_sandbox/orgs/hooli/takedowns/cancellations`, {
      method: 'POST', headers: {'x-api-key': sandbox.apiKey, 'content-type': 'application/json'}, body: JSON.stringify({count: 7}),
    });
    expect(moved.status).toBe(200);
    const after = await vigil(['healthchecks', 'run', 'takedowns.cancelled-count', '--org', 'hooli', '--json']);
    expect(after.code).toBe(6);
    expect(JSON.parse(after.stdout).observed.cancelledCount).toBe(10);
  });

  it('a bad threshold pair is refused before anything is sent (exit 3)', async () => {
    const result = await vigil(['healthchecks', 'run', 'takedowns.cancelled-count', '--org', 'acme', '--warn-threshold', '5', '--fail-threshold', '2']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/--warn-threshold|--fail-threshold/);
  });
});
