import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {mkdtemp} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {readTools} from '../../../src/mcp/tools-file.js';
import {ensureBuilt} from '../../helpers/build.js';
import {CLI, ROOT, outcomeOf, runCli} from '../../helpers/cli.js';
import {E2E_API_KEY, startSandboxProcess, type SandboxProcess} from '../../helpers/sandbox-process.js';

/*
 * `vigil mcp`'s stdout read line by line, as a client no one here wrote would read it: only
 * JSON-RPC messages, whatever the calls do (refusals, a malformed line, an unknown tool);
 * and the MCP Inspector's CLI (@modelcontextprotocol/inspector-cli, the code `mcp-inspector
 * --cli` runs) listing the tools and calling one.
 */

let sandbox: SandboxProcess;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  ensureBuilt();
  sandbox = await startSandboxProcess();
  env = {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_BASE_URL: sandbox.url, VIGIL_API_KEY: sandbox.apiKey, VIGIL_CONFIG_DIR: await mkdtemp(path.join(tmpdir(), 'vigil-mcp-io-'))};
});
afterAll(() => sandbox?.stop());

const request = (id: number, method: string, params: object = {}) => JSON.stringify({jsonrpc: '2.0', id, method, params});

describe('vigil mcp over stdio', () => {
  it('writes nothing but JSON-RPC messages on stdout, answers every request, and stops when stdin ends', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--org', 'acme'], {cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe']});
    const done = outcomeOf(child);
    const lines = [
      request(1, 'initialize', {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'raw', version: '0'}}),
      JSON.stringify({jsonrpc: '2.0', method: 'notifications/initialized'}),
      request(2, 'tools/list'),
      request(3, 'tools/call', {name: 'reports_list', arguments: {limit: 2}}),
      request(4, 'tools/call', {name: 'reports_list', arguments: {limit: 500, status: 'NOPE'}}),
      'this is not JSON',
      request(5, 'tools/call', {name: 'no_such_tool', arguments: {}}),
      request(6, 'tools/call', {name: 'reports_list', arguments: ['limit', 2]}),
      request(7, 'tools/call', {name: 'auth_status', arguments: {}}),
      request(8, 'tools/call', {name: 'reports_create', arguments: {title: 'Fake login', description: 'kit', asset: ['x.example']}}),
    ];
    child.stdin.write(`${lines.join('\n')}\n`);
    child.stdin.end();
    const result = await done;
    expect(result.code, result.stderr).toBe(0);
    const messages = result.stdout.split('\n').filter(line => line !== '').map(line => JSON.parse(line) as {jsonrpc: string; id?: number; result?: {isError?: boolean; content?: Array<{text: string}>}; error?: {code: number; message: string}});
    for (const message of messages) expect(message.jsonrpc).toBe('2.0');
    const byId = new Map(messages.map(message => [message.id, message]));
    expect([...byId.keys()].filter(id => id !== undefined).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(byId.get(1)!.result).toMatchObject({serverInfo: {name: 'vigil', version: JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version}});
    expect(byId.get(3)!.result!.isError).toBeUndefined();
    expect(byId.get(4)!.result!.isError).toBe(true);
    // The code is the error's code; its message does not repeat it (a client prefixes it).
    expect(byId.get(5)!.error).toMatchObject({code: -32602, message: expect.stringMatching(/^unknown tool "no_such_tool"; the tools are asset_check, (\w+, )*auth_status, /)});
    // Arguments that are no object break the protocol's own schema: the SDK answers that.
    expect(byId.get(6)!.error!.message).toMatch(/"arguments"[\s\S]*expected record, received array/);
    // auth status shows the key masked: the key reached the output, and only masked.
    expect(byId.get(7)!.result!.content![0]!.text).toContain('"value":"e2e…-key"');
    expect(byId.get(8)!.result!.content![0]!.text).toMatch(/read-only/);
    expect(result.stdout).not.toContain(E2E_API_KEY);
    expect(result.stderr).not.toContain(E2E_API_KEY);
    const readOnly = readTools(CLI).filter(tool => !tool.write).length;
    expect(result.stderr).toMatch(new RegExp(`^vigil mcp: serving ${readOnly} tools over stdio \\(read-only`, 'm'));
    expect(result.stderr).toMatch(/^vigil mcp: reports_list: ok in \d+ ms$/m);
  });

  it('stops when stdin ends after a call the client cancelled, which gets no answer and no more retries', async () => {
    const faults = async (pathPrefix: string, times: number) =>
      ((await (await fetch(`${sandbox.origin}/_sandbox/faults`, {method: 'POST', headers: {'x-api-key': sandbox.apiKey, 'content-type': 'application/json'}, body: JSON.stringify({status: 429, times, pathPrefix})})).json()) as {queued: Array<{pathPrefix: string; remaining: number}>}).queued;
    // Three 429s with Retry-After 1: the search stays in flight, retrying, for seconds.
    await faults('reports/search', 3);
    const child = spawn(process.execPath, [CLI, 'mcp', '--org', 'acme'], {cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe']});
    const done = outcomeOf(child);
    child.stdin.write(`${request(1, 'initialize', {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'raw', version: '0'}})}\n`);
    child.stdin.write(`${request(2, 'tools/call', {name: 'reports_search', arguments: {content: ['x.example']}})}\n`);
    // Once the first attempt has been refused, so the call is surely in flight.
    await expect.poll(async () => (await faults('unused/', 1)).find(fault => fault.pathPrefix === 'reports/search')?.remaining === 2, {message: 'the first attempt', timeout: 15_000}).toBe(true);
    child.stdin.end(`${JSON.stringify({jsonrpc: '2.0', method: 'notifications/cancelled', params: {requestId: 2, reason: 'the user moved on'}})}\n`);
    const result = await done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n').map(line => (JSON.parse(line) as {id: number}).id)).toEqual([1]);
    // No attempt after the cancel (the next was due a second after the first).
    expect((await faults('unused/', 1)).find(fault => fault.pathPrefix === 'reports/search')?.remaining).toBe(2);
  });

  it('prints the config MCP clients take: every flag kept (--timeout, --debug too), the variables named with no value, no key to fill in', async () => {
    const result = await runCli(['mcp', '--print-config', '--org', 'acme', '--allow-writes', '--timeout', '20s', '--debug'], {env});
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      mcpServers: {vigil: {command: process.execPath, args: [CLI, 'mcp', '--org', 'acme', '--allow-writes', '--timeout', '20s', '--debug'], env: {VIGIL_BASE_URL: '', VIGIL_ORG: ''}}},
    });
    expect(result.stdout).not.toContain(E2E_API_KEY);
  });

  it("is driven by the MCP Inspector's CLI from the repository root, as docs/mcp.md says (npm run mcp:inspect)", async () => {
    expect(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts['mcp:inspect']).toBe('node scripts/mcp-inspect.mjs');
    // From the root: inspector-cli 1.0.3 run there itself fails to find its package.json.
    const run = (args: string[]) => outcomeOf(spawn(process.execPath, [path.join(ROOT, 'scripts/mcp-inspect.mjs'), ...args], {cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe']}));
    const json = <T>(stdout: string) => JSON.parse(stdout.slice(stdout.indexOf('{'))) as T;
    const listed = await run(['--method', 'tools/list']);
    expect(listed.code, listed.stderr + listed.stdout).toBe(0);
    const tools = json<{tools: Array<{name: string}>}>(listed.stdout).tools.map(tool => tool.name);
    expect(tools).toEqual(expect.arrayContaining(['reports_list', 'reports_search', 'healthchecks_run']));
    expect(tools).not.toContain('reports_create');
    // Flags after `--` are vigil mcp's: the org of every call that names none.
    const called = await run(['--method', 'tools/call', '--tool-name', 'reports_list', '--tool-arg', 'limit=5', '--', '--org', 'acme']);
    expect(called.code, called.stderr + called.stdout).toBe(0);
    const result = json<{structuredContent: {reports: unknown[]; nextCursor: unknown}}>(called.stdout);
    expect(result.structuredContent.reports).toHaveLength(5);
    expect(result.structuredContent.nextCursor).toEqual(expect.any(String));
    // A breach is no failure: the result, and exit code 6 in words (an agent has no README).
    const breached = await run(['--method', 'tools/call', '--tool-name', 'healthchecks_run', '--tool-arg', 'check=takedowns.cancelled-count', '--tool-arg', 'org=initech']);
    expect(breached.code, breached.stderr + breached.stdout).toBe(0);
    const texts = json<{content: Array<{text: string}>}>(breached.stdout).content.map(part => part.text);
    expect(texts).toContain('exit code 6, as the CLI would exit: a result reached `failOn`: a healthcheck breached (its severity), or `asset check` found an asset BLOCKED');
    const unknown = await run(['--method', 'tools/call', '--tool-name', 'no_such_tool']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Failed to call tool no_such_tool: MCP error -32602: unknown tool "no_such_tool"; the tools are asset_check, (\w+, )*auth_status,/);
    expect(unknown.stderr.match(/MCP error/g)).toHaveLength(1);
  });
});
