import {readFileSync} from 'node:fs';
import {mkdtemp} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {ensureBuilt} from '../helpers/build.js';
import {startMcp, type McpSession} from '../helpers/mcp-client.js';
import {E2E_API_KEY, E2E_SCOPED_KEY, startSandboxProcess, type SandboxProcess} from '../helpers/sandbox-process.js';

/*
 * `vigil mcp --allow-writes` against `vigil sandbox`: reports_create and proposals_review
 * are offered with hints saying what they do, each write is sent once (a failure that may
 * have acted is never retried, and says what to check), and the org's daily review limit is
 * a tool error quoting the limit.
 */

let sandbox: SandboxProcess;
let mcp: McpSession;

beforeAll(async () => {
  ensureBuilt();
  sandbox = await startSandboxProcess();
  const env = {VIGIL_BASE_URL: sandbox.url, VIGIL_API_KEY: sandbox.apiKey, VIGIL_CONFIG_DIR: await mkdtemp(path.join(tmpdir(), 'vigil-mcp-w-'))};
  mcp = await startMcp(['--allow-writes', '--org', 'acme'], env);
});

afterAll(async () => {
  await mcp?.close();
  expect(mcp.transportErrors).toEqual([]);
  for (const key of [E2E_API_KEY, E2E_SCOPED_KEY]) {
    expect(mcp.stderr()).not.toContain(key);
    for (const message of mcp.messages()) expect(message).not.toContain(key);
  }
  await sandbox?.stop();
});

async function admin(method: string, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sandbox.origin}/_sandbox/${route}`, {
    method,
    headers: {'x-api-key': sandbox.apiKey, ...(body === undefined ? {} : {'content-type': 'application/json'})},
    ...(body === undefined ? {} : {body: JSON.stringify(body)}),
  });
  return response.json();
}

interface Pending {
  proposalId: string;
  assetId: string;
}

/** The pending proposals of acme's needs-customer-review queue, through the tool itself. */
async function queue(): Promise<Pending[]> {
  const pending: Pending[] = [];
  let cursor: unknown;
  do {
    const page = await mcp.call('reports_list', {needsCustomerReview: true, limit: 20, ...(cursor ? {cursor} : {})});
    const content = page.structuredContent as {reports: Array<{proposals: Array<{id: string; reviewStatus: string; asset: {id: string}}>}>; nextCursor: string | null};
    for (const report of content.reports) {
      for (const proposal of report.proposals) if (proposal.reviewStatus === 'PENDING_CUSTOMER_REVIEW') pending.push({proposalId: proposal.id, assetId: proposal.asset.id});
    }
    cursor = content.nextCursor;
  } while (cursor);
  return pending;
}

const text = (result: CallToolResult) => mcp.text(result);

describe('vigil mcp --allow-writes', () => {
  it('offers the two writes with hints saying what they do', async () => {
    const {tools} = await mcp.client.listTools();
    const byName = new Map(tools.map(tool => [tool.name, tool]));
    expect(byName.get('reports_create')?.annotations).toMatchObject({readOnlyHint: false, destructiveHint: false, idempotentHint: false});
    expect(byName.get('proposals_review')?.annotations).toMatchObject({readOnlyHint: false, destructiveHint: true, idempotentHint: false});
    expect(byName.get('reports_list')?.annotations).toMatchObject({readOnlyHint: true});
    // A file on the server's disk is never a tool input.
    expect(byName.get('reports_create')?.inputSchema.properties).not.toHaveProperty('payloadFile');
    // Each write tool the server offers is called below (derived: a new one names itself here).
    const source = readFileSync(fileURLToPath(import.meta.url), 'utf8');
    const writes = tools.filter(tool => !tool.annotations?.readOnlyHint).map(tool => tool.name);
    expect(writes.filter(name => !source.includes(`mcp.call('${name}'`)), 'write tools no test of test/e2e/mcp-writes.test.ts calls').toEqual([]);
  });

  it('creates a report, which the listing then shows; a dry run sends nothing; a bad one is refused naming the field', async () => {
    const dry = await mcp.call('reports_create', {title: 'Fake login page', description: 'Phishing kit', asset: ['dry-mcp.example'], dryRun: true});
    expect(dry.isError).toBeFalsy();
    expect(dry.structuredContent).toMatchObject({title: 'Fake login page', organizationSlug: 'acme'});
    expect(text(dry)).toContain('nothing sent');
    const bad = await mcp.call('reports_create', {title: 'x', asset: ['evil-mcp.example']});
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/^ {2}- title: title must be at least 3 characters$/m);
    expect(text(bad)).toMatch(/^ {2}- description: description is required$/m);
    const created = await mcp.call('reports_create', {title: 'Fake login page', description: 'Phishing kit', asset: ['evil-mcp.example:BLOCKED']});
    expect(created.isError, text(created)).toBeFalsy();
    const id = (created.structuredContent as {id: unknown}).id;
    expect(id).toEqual(expect.any(String));
    const search = await mcp.call('reports_search', {content: ['evil-mcp.example', 'dry-mcp.example']});
    expect(search.structuredContent).toMatchObject({assets: [{content: 'evil-mcp.example', reported: true}, {content: 'dry-mcp.example', reported: false}]});
  });

  it('sends a review once: a failure that may have acted is not retried and says what to check', async () => {
    const [first] = await queue();
    // One injected 503: a retry would have gone through and succeeded.
    await admin('POST', 'faults', {status: 503, times: 1, pathPrefix: 'organization/proposals/'});
    const result = await mcp.call('proposals_review', {proposalId: [first!.proposalId], assetId: first!.assetId, decision: 'approve'});
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/do not send it again before checking the proposal's reviewStatus/);
    expect(await admin('GET', 'orgs/acme/review-limit')).toMatchObject({used: 0});
    expect((await queue()).map(pending => pending.proposalId)).toContain(first!.proposalId);
  });

  it('reviews up to the daily limit, then answers a tool error quoting the limit, and goes on serving', async () => {
    const pending = await queue();
    expect(pending.length).toBeGreaterThan(10);
    for (const [index, proposal] of pending.slice(0, 10).entries()) {
      const decision = index % 2 === 0 ? {decision: 'approve'} : {decision: 'reject', rejectReason: 'irrelevant'};
      const result = await mcp.call('proposals_review', {proposalId: proposal.proposalId, assetId: Number(proposal.assetId), ...decision});
      expect(result.isError, text(result)).toBeFalsy();
    }
    const eleventh = pending[10]!;
    const refused = await mcp.call('proposals_review', {proposalId: [eleventh.proposalId], assetId: eleventh.assetId, decision: 'approve'});
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/Review limit of 10 per day reached/);
    expect(text(refused)).toMatch(/hint: every key of the organization shares 10 reviews per rolling 24 hours; trying again now fails the same way/);
    expect(await admin('GET', 'orgs/acme/review-limit')).toMatchObject({limit: 10, used: 10});
    const invalid = await mcp.call('proposals_review', {proposalId: ['x'], decision: 'maybe'});
    expect(text(invalid)).toMatch(/^ {2}- proposalId: /m);
    expect(text(invalid)).toMatch(/^ {2}- assetId: required/m);
    expect(text(invalid)).toMatch(/^ {2}- decision: /m);
    const still = await mcp.call('reports_list', {limit: 1});
    expect(still.isError).toBeFalsy();
  });
});
