import {mkdtemp} from 'node:fs/promises';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli, type CliResult} from '../helpers/cli.js';
import {E2E_API_KEY, E2E_SCOPED_KEY, startSandboxProcess, type SandboxProcess} from '../helpers/sandbox-process.js';

/*
 * The built CLI against the sandbox process, as a reviewer at a shell: read the queue with
 * `reports list --needs-customer-review`, review until the org's daily limit (default 10),
 * and see the 11th refused with the documented exit code and what to do. Neither key ever
 * shows in any output.
 */

let sandbox: SandboxProcess;
let configDir: string;
const outputs: CliResult[] = [];

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  configDir = await mkdtemp(path.join(tmpdir(), 'vigil-e2e-review-'));
});
afterAll(async () => {
  await sandbox?.stop();
  for (const result of outputs) {
    for (const key of [E2E_API_KEY, E2E_SCOPED_KEY]) {
      expect(result.stdout).not.toContain(key);
      expect(result.stderr).not.toContain(key);
    }
  }
});

async function vigil(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const result = await runCli(args, {env: {...sandbox.env, VIGIL_CONFIG_DIR: configDir, ...env}});
  outputs.push(result);
  return result;
}

interface Pending {
  reportId: string;
  proposalId: string;
  assetId: string;
}

/** The queue as the CLI shows it: `--all --json` is one report per line. */
async function queue(): Promise<Pending[]> {
  const result = await vigil(['reports', 'list', '--needs-customer-review', '--all', '--json']);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim().split('\n').filter(Boolean).map(line => {
    const report = JSON.parse(line) as {id: string; proposals: Array<{id: string; reviewStatus: string; asset: {id: string}}>};
    const pending = report.proposals.find(p => p.reviewStatus === 'PENDING_CUSTOMER_REVIEW')!;
    return {reportId: report.id, proposalId: pending.id, assetId: pending.asset.id};
  });
}

describe('vigil proposals review against the sandbox', () => {
  it('reviews ten from the queue (both keys of the org), they leave it, and the 11th exits 10 with the limit message', async () => {
    const before = await queue();
    expect(before.length).toBeGreaterThanOrEqual(12);

    for (const [index, item] of before.slice(0, 10).entries()) {
      // Half with the org-scoped key: the limit is per organization, not per key.
      const env = index % 2 === 0 ? {} : {VIGIL_API_KEY: E2E_SCOPED_KEY};
      const result = await vigil(['proposals', 'review', item.proposalId, '--asset-id', item.assetId, '--decision', 'reject', '--reject-reason', 'irrelevant', '--json'], env);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({proposalId: item.proposalId, reviewStatus: 'REJECTED', watchlisted: false});
    }

    const after = await queue();
    expect(after.map(q => q.reportId)).toEqual(before.slice(10).map(q => q.reportId));

    const eleventh = before[10]!;
    const refused = await vigil(['proposals', 'review', eleventh.proposalId, '--asset-id', eleventh.assetId, '--decision', 'approve', '--debug']);
    expect(refused.code).toBe(10);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('error: Review limit of 10 per day reached for this organization. (HTTP 429 TOO_MANY_REQUESTS)');
    expect(refused.stderr).toContain('hint: every key of the organization shares 10 reviews per rolling 24 hours');
    // Sent once: one attempt line in the --debug trace, no backoff.
    expect(refused.stderr.match(/^debug: POST .*\/organization\/proposals\/\d+\/review -> 429/gm)).toHaveLength(1);
    expect(refused.stderr).not.toContain('waiting');
    expect((await queue()).map(q => q.proposalId)).toContain(eleventh.proposalId);
  }, 180_000); // fourteen CLI processes on a shared 2-core machine

  it('a second review of a reviewed proposal is a conflict: exit 9 and where to look', async () => {
    // Lift the limit first (admin route), then review something already reviewed.
    const reset = await fetch(`${sandbox.origin}/_sandbox/orgs/acme/review-limit`, {method: 'DELETE', headers: {'x-api-key': sandbox.apiKey}});
    expect(reset.status).toBe(200);
    const [item] = await queue();
    expect((await vigil(['proposals', 'review', item!.proposalId, '--asset-id', item!.assetId, '--decision', 'watchlist', '--watchlist-reason', 'dead'])).code).toBe(0);
    const again = await vigil(['proposals', 'review', item!.proposalId, '--asset-id', item!.assetId, '--decision', 'watchlist']);
    expect(again.code).toBe(9);
    expect(again.stderr).toContain('(HTTP 409 CONFLICT)');
    expect(again.stderr).toContain('hint: --asset-id must be the proposal\'s asset.id, and the proposal must still be pending; see both with `vigil reports list --needs-customer-review --org acme --json`');
  }, 60_000);
});

describe('vigil proposals review: invalid input sends nothing', () => {
  it('`--decision reject --watchlist-reason DEAD` exits 3 naming the flag; no request reaches the server', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.writeHead(500).end();
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    try {
      const {port} = server.address() as AddressInfo;
      const result = await vigil(['proposals', 'review', '1', '--asset-id', '2', '--decision', 'reject', '--watchlist-reason', 'DEAD'], {VIGIL_BASE_URL: `http://127.0.0.1:${port}/api/v2`});
      expect(result.code).toBe(3);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('error: invalid input\n  - --watchlist-reason: only allowed with --decision watchlist (--decision is reject)\n');
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });
});
