import {mkdtemp} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {readTools} from '../../src/mcp/tools-file.js';
import {ensureBuilt} from '../helpers/build.js';
import {CLI} from '../helpers/cli.js';
import {startMcp, type McpSession} from '../helpers/mcp-client.js';
import {E2E_API_KEY, E2E_SCOPED_KEY, startSandboxProcess, type SandboxProcess} from '../helpers/sandbox-process.js';
import {startRedis, type TestRedis} from '../jobs/redis-server.js';
import {requireProgram} from '../helpers/programs.js';
import {exampleCall} from '../helpers/tool-examples.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

/*
 * `vigil mcp` as an agent's client starts it: the SDK's Client over stdio, the server
 * pointed at `vigil sandbox` (and a Redis of its own for schedules_list). Read-only: the
 * tools that change data are neither listed nor callable. Neither key is in any message.
 */

let sandbox: SandboxProcess;
let redis: TestRedis;
let env: NodeJS.ProcessEnv;
let mcp: McpSession;
const sessions: McpSession[] = [];

async function session(args: string[] = []): Promise<McpSession> {
  const started = await startMcp(args, env);
  sessions.push(started);
  return started;
}

beforeAll(async () => {
  ensureBuilt();
  [sandbox, redis] = await Promise.all([startSandboxProcess(), startRedis()]);
  // No VIGIL_ORG: the org comes from the call, or from the server's --org.
  env = {VIGIL_BASE_URL: sandbox.url, VIGIL_API_KEY: sandbox.apiKey, VIGIL_CONFIG_DIR: await mkdtemp(path.join(tmpdir(), 'vigil-mcp-')), VIGIL_REDIS_URL: redis.url};
  mcp = await session();
});

afterAll(async () => {
  for (const open of sessions) {
    await open.close();
    expect(open.transportErrors).toEqual([]);
    for (const key of [E2E_API_KEY, E2E_SCOPED_KEY]) {
      expect(open.stderr()).not.toContain(key);
      for (const message of open.messages()) expect(message).not.toContain(key);
    }
  }
  await Promise.all([sandbox?.stop(), redis?.stop()]);
});

const reportsOf = (result: CallToolResult) => (result.structuredContent as {reports: Array<{id: string; status: string}>}).reports;

describe.skipIf(redisServer.skipReason)('vigil mcp, read-only', () => {
  it('lists every read-only tool the definitions make, and none that writes', async () => {
    const {tools} = await mcp.client.listTools();
    const names = tools.map(tool => tool.name);
    const derived = readTools(CLI);
    expect(names).toEqual(derived.filter(tool => !tool.write).map(tool => tool.name));
    expect(names).toEqual(expect.arrayContaining(['reports_list', 'reports_search', 'healthchecks_run', 'schedules_list']));
    expect(derived.filter(tool => tool.write).map(tool => tool.name)).toEqual(['proposals_review', 'reports_create']);
    expect(names).not.toContain('reports_create');
    expect(names).not.toContain('proposals_review');
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.inputSchema.type).toBe('object');
    }
    const list = tools.find(tool => tool.name === 'reports_list')!;
    expect(list.inputSchema.properties).toMatchObject({
      limit: {type: 'integer', description: 'Page size, 1-20'},
      status: {type: 'string', enum: ['TODO', 'IN_PROGRESS', 'CLOSED']},
      reviewStatus: {type: 'array', items: {enum: ['APPROVE', 'REJECT', 'SKIP', 'ESCALATE']}},
      needsCustomerReview: {type: 'boolean'},
    });
    // Never an agent's to set: where the key goes, the output format, the unbounded listing.
    for (const name of ['baseUrl', 'debug', 'json', 'output', 'all', 'interactive']) expect(list.inputSchema.properties).not.toHaveProperty(name);
  });

  it('reports_list {"org":"acme","limit":5} returns five reports and the next cursor, which pages on', async () => {
    const first = await mcp.call('reports_list', {org: 'acme', limit: 5});
    expect(first.isError).toBeFalsy();
    expect(reportsOf(first)).toHaveLength(5);
    const cursor = (first.structuredContent as {nextCursor: unknown}).nextCursor;
    expect(cursor).toEqual(expect.any(String));
    // The text is what `reports list --json` prints.
    expect(JSON.parse(mcp.text(first))).toEqual(first.structuredContent);
    const next = await mcp.call('reports_list', {org: 'acme', limit: 5, cursor});
    expect(reportsOf(next)).toHaveLength(5);
    const seen = new Set(reportsOf(first).map(report => report.id));
    expect(reportsOf(next).filter(report => seen.has(report.id))).toEqual([]);
  });

  it('refuses limit 500 and an unknown status naming the field, and serves the next call', async () => {
    const limit = await mcp.call('reports_list', {org: 'acme', limit: 500});
    expect(limit.isError).toBe(true);
    expect(mcp.text(limit)).toMatch(/^ {2}- limit: must be a whole number between 1 and 20 \(got "500"\)$/m);
    const status = await mcp.call('reports_list', {org: 'acme', status: 'FINISHED'});
    expect(status.isError).toBe(true);
    expect(mcp.text(status)).toMatch(/^ {2}- status: must be one of TODO, IN_PROGRESS, CLOSED/m);
    const unknown = await mcp.call('reports_list', {org: 'acme', colour: 'red'});
    expect(mcp.text(unknown)).toMatch(/colour: unknown argument; this tool takes org, limit, cursor, status/);
    const after = await mcp.call('reports_list', {org: 'acme', status: 'CLOSED', limit: 3});
    expect(after.isError).toBeFalsy();
    expect(reportsOf(after).map(report => report.status)).toEqual(['CLOSED', 'CLOSED', 'CLOSED']);
  });

  // Each tool once as an agent would call it, and once with input the command refuses.
  const cases: Array<[string, Record<string, unknown>, (result: CallToolResult) => void, Record<string, unknown>, RegExp]> = [
    ['auth_status', {}, result => expect(result.structuredContent).toMatchObject({loggedIn: true, keyCheck: {result: 'accepted'}, apiKey: {value: 'e2e…-key'}}), {offline: 'yes'}, /offline: must be true or false/],
    ['config_get', {}, result => expect(result.structuredContent).toEqual({'base-url': null, org: null}), {key: 'colour'}, /key: unknown key "colour"/],
    ['doctor', {}, result => expect((result.structuredContent as {items: Array<{check: string}>}).items.map(line => line.check)).toEqual(expect.arrayContaining(['config', 'redis'])), {redisUrl: 'redis://elsewhere:6379'}, /redisUrl: unknown argument/],
    ['healthchecks_list', {org: 'acme'}, result => expect((result.structuredContent as {checks: Array<{id: string}>}).checks.map(check => check.id)).toContain('takedowns.cancelled-count'), {org: 'Bad Slug!'}, /org: must be an org slug/],
    ['healthchecks_run', {check: 'takedowns.cancelled-count', org: 'initech'}, result => expect(result.structuredContent).toMatchObject({severity: 'fail', scope: {slug: 'initech'}}), {check: 'takedowns.everything', org: 'acme'}, /check: takedowns.everything is not in the registry for org acme; nothing was sent/],
    ['reports_search', {content: ['acme-wallet-verify.example'], org: 'acme'}, result => expect(result.structuredContent).toMatchObject({assets: [{content: 'acme-wallet-verify.example', reported: true}]}), {org: 'acme'}, /content: give at least one asset/],
    ['schedules_list', {}, result => expect(result.structuredContent).toEqual({items: []}), {prefix: 'other'}, /prefix: unknown argument/],
    ['healthchecks_board', {}, result => expect(result.structuredContent).toMatchObject({cells: []}), {failOn: 'sometimes'}, /failOn: must be one of warn, fail/],
    ['asset_check', {content: ['never-seen.example']}, result => expect(result.structuredContent).toMatchObject({content: 'never-seen.example', status: 'UNKNOWN'}), {content: ['a.example'], rate: 0}, /rate: must be a whole number/],
    ['takedowns_list', {org: 'hooli', takedownStatus: ['IN_PROGRESS'], perPage: 5}, result => expect((result.structuredContent as {takedowns: Array<{status: string}>}).takedowns.map(t => t.status)).toEqual(Array(5).fill('IN_PROGRESS')), {org: 'hooli', livenessStatus: ['ZOMBIE']}, /livenessStatus: unknown ZOMBIE/],
    ['reports_list', {org: 'acme', needsCustomerReview: true, limit: 2}, result => expect(reportsOf(result)).toHaveLength(2), {org: 'acme', reviewStatus: ['MAYBE']}, /reviewStatus: unknown decision MAYBE/],
  ];

  it('covers every listed tool with a valid and an invalid call', async () => {
    const {tools} = await mcp.client.listTools();
    const listed = tools.map(tool => tool.name);
    const derivable = readTools(CLI).filter(tool => exampleCall(tool) !== undefined).map(tool => tool.name);
    const covered = cases.map(([name]) => name);
    expect(listed.filter(name => !covered.includes(name) && !derivable.includes(name)), 'tools with no case in test/e2e/mcp-tools.test.ts and no example in their definition to make one (one valid call, one the command refuses)').toEqual([]);
    expect(covered.filter(name => !listed.includes(name)), 'cases naming no tool the server lists').toEqual([]);
  });

  it.each(cases)('%s answers a valid call, and an invalid one as a tool error naming the field', async (name, valid, check, invalid, refusal) => {
    const good = await mcp.call(name, valid);
    expect(good.isError, mcp.text(good)).toBeFalsy();
    check(good);
    const bad = await mcp.call(name, invalid);
    expect(bad.isError).toBe(true);
    expect(mcp.text(bad)).toMatch(refusal);
    expect(mcp.text(bad)).not.toMatch(/\n\s+at /);
  });

  // A tool with no case above is called as its definition's first followable example says.
  it("answers the call each other tool's example makes, and refuses an argument it does not take", async () => {
    const {tools} = await mcp.client.listTools();
    const listed = new Set(tools.map(tool => tool.name));
    for (const tool of readTools(CLI).filter(t => listed.has(t.name) && !cases.some(([name]) => name === t.name))) {
      const call = exampleCall(tool)!;
      const good = await mcp.call(tool.name, call);
      expect(good.isError, `${tool.name} ${JSON.stringify(call)}: ${mcp.text(good)}`).toBeFalsy();
      expect(good.structuredContent, tool.name).toBeDefined();
      const bad = await mcp.call(tool.name, {...call, colour: 'red'});
      expect(bad.isError, tool.name).toBe(true);
      expect(mcp.text(bad)).toMatch(/colour: unknown argument/);
    }
  });

  it('answers concurrent calls each with its own result', async () => {
    const statuses = ['TODO', 'IN_PROGRESS', 'CLOSED', 'TODO', 'CLOSED', 'IN_PROGRESS'];
    const orgs = ['acme', 'globex', 'initech', 'hooli'];
    const [lists, checks] = await Promise.all([
      Promise.all(statuses.map(status => mcp.call('reports_list', {org: 'acme', status, limit: 4}))),
      Promise.all(orgs.map(org => mcp.call('healthchecks_run', {check: 'takedowns.cancelled-count', org}))),
    ]);
    lists.forEach((result, index) => {
      expect(reportsOf(result).length).toBeGreaterThan(0);
      for (const report of reportsOf(result)) expect(report.status).toBe(statuses[index]);
    });
    expect(checks.map(result => (result.structuredContent as {scope: {slug: string}; severity: string}).scope.slug)).toEqual(orgs);
    expect(checks.map(result => (result.structuredContent as {severity: string}).severity)).toEqual(['warn', 'ok', 'fail', 'warn']);
  });

  it("takes the server's --org when a call names none, and the call's over it", async () => {
    const globex = await session(['--org', 'globex']);
    const byDefault = await globex.call('healthchecks_run', {check: 'takedowns.cancelled-count'});
    expect(byDefault.structuredContent).toMatchObject({scope: {slug: 'globex'}, severity: 'ok'});
    const named = await globex.call('healthchecks_run', {check: 'takedowns.cancelled-count', org: 'initech'});
    expect(named.structuredContent).toMatchObject({scope: {slug: 'initech'}, severity: 'fail'});
    // Without either, the CLI's own refusal names the field.
    const none = await mcp.call('healthchecks_run', {check: 'takedowns.cancelled-count'});
    expect(mcp.text(none)).toMatch(/org: no organization given/);
  });

  it('refuses a write tool on a read-only server, saying how to allow it, and nothing is created', async () => {
    const before = await mcp.call('reports_list', {org: 'acme', limit: 1});
    const result = await mcp.call('reports_create', {org: 'acme', title: 'Fake login page', description: 'kit', asset: ['evil-mcp.example']});
    expect(result.isError).toBe(true);
    expect(mcp.text(result)).toContain('vigil mcp --allow-writes');
    const after = await mcp.call('reports_list', {org: 'acme', limit: 1});
    expect(after.structuredContent).toEqual(before.structuredContent);
  });
});
