import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {ROOT, runCli, type CliOptions} from '../helpers/cli.js';
import {startReportsStub} from './reports-stub.js';

const PACKAGE_VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {version: string}).version;
const HEAVY = ['bullmq', 'ioredis', 'prom-client', 'fastify', '@modelcontextprotocol/sdk'];
/** What the MCP SDK's HTTP transports and auth need: `vigil mcp` speaks stdio only. */
const SERVER_ONLY_PACKAGES = ['express', 'hono', '@hono/node-server', 'cors', 'jose', 'express-rate-limit', 'eventsource', 'pkce-challenge', 'raw-body', 'content-type'];
const SERVER_ONLY_SDK_FILES = ['streamableHttp.js', 'sse.js', 'sseKeepAlive.js', 'express.js', 'auth/', 'middleware/', 'webStandardStreamableHttp.js'];
/** What only a run that draws may load. */
const DRAWING = ['node_modules/ink/', 'node_modules/react/', 'node_modules/react-reconciler/', 'node_modules/yoga-layout/', 'node_modules/@inkjs/', 'node_modules/pastel/build/index.js'];

/**
 * Runs the built CLI recording the modules it loads; the bundle's files are mapped back to
 * the sources inside them (dist/build-meta.json), so the answer names packages and commands.
 */
async function loadedSources(args: string[], options: CliOptions = {}) {
  const log = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-imports-')), 'imports.log');
  const result = await runCli(args, {
    ...options,
    env: {...options.env, VIGIL_IMPORT_LOG: log},
    nodeArgs: ['--import', path.join(ROOT, 'test/helpers/record-imports.mjs')],
  });
  const meta = JSON.parse(readFileSync(path.join(ROOT, 'dist/build-meta.json'), 'utf8')) as Record<string, string[]>;
  const urls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  const sources = new Set<string>();
  for (const url of urls) {
    // vigil's own dist/ only: a package's dist/ (the MCP SDK's) is named as it is.
    const dist = url.startsWith(`${pathToFileURL(path.join(ROOT, 'dist')).href}/`) ? /\/dist\/(.+)$/.exec(url)?.[1] : undefined;
    if (dist === undefined) sources.add(url);
    for (const input of meta[dist ?? ''] ?? []) sources.add(input);
  }
  return {result, sources: [...sources]};
}

/**
 * Pastel's stubs and the code of commands other than `rooms` (src/cmd/<noun>/<verb>/): what
 * a group's commands share (src/cmd/<noun>/*.ts, src/cmd/<noun>/shared/) is no other command.
 */
function otherCommands(sources: readonly string[], rooms: readonly string[]): string[] {
  const allowed = rooms.flatMap(room => {
    const noun = room.split('/')[0]!;
    return room.includes('/') ? [`src/cmd/${room}/`, `src/cmd/${noun}/shared/`, new RegExp(`^src/cmd/${noun}/[^/]+\\.ts$`)] : [`src/cmd/${room}/`];
  });
  return sources.filter(s => /^(commands|src\/cmd)\//.test(s) && !allowed.some(rule => (typeof rule === 'string' ? s.startsWith(rule) : rule.test(s))));
}

describe('start-up', () => {
  it('prints help from the build: no command, no zod, no Commander, nothing that draws', async () => {
    const {result, sources} = await loadedSources(['reports', 'list', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: vigil reports list \[options\]/);
    expect(sources.filter(s => /^(commands|src\/cli\/commands)\//.test(s))).toEqual([]);
    for (const name of [...DRAWING, ...HEAVY.map(p => `node_modules/${p}/`), 'node_modules/zod/', 'node_modules/commander/', 'node_modules/got/']) {
      expect(sources.filter(s => s.includes(name))).toEqual([]);
    }
    expect(sources.filter(s => /^node:(http|https|http2|tls)$/.test(s))).toEqual([]);
  });

  it('runs `reports list --json` without Ink, React, yoga or any other command', async () => {
    const stub = await startReportsStub(() => ({body: {reports: [], nextCursor: null, totalCount: 0}}));
    try {
      const {result, sources} = await loadedSources(['reports', 'list', '--json'], {
        env: {VIGIL_BASE_URL: stub.baseUrl, VIGIL_API_KEY: 'vk_test_startup_000000', VIGIL_ORG: 'acme', VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-cfg-'))},
      });
      expect(result.stderr).toBe('');
      expect(JSON.parse(result.stdout)).toMatchObject({reports: []});
      expect(stub.requests).toHaveLength(1);
      for (const name of [...DRAWING, ...HEAVY.map(p => `node_modules/${p}/`)]) expect(sources.filter(s => s.includes(name))).toEqual([]);
      // Its own room only: no Pastel command module, nothing of another command.
      expect(sources).toContain('src/cmd/reports/list/command.ts');
      expect(otherCommands(sources, ['reports/list'])).toEqual([]);
      // The request goes through got, loaded with it; HTTP/2 is never loaded (the build stubs it).
      expect(sources).toContain('src/api/got-transport.ts');
      expect(sources.some(s => s.includes('node_modules/got/'))).toBe(true);
      expect(sources.filter(s => /node_modules\/(undici|http2-wrapper)\//.test(s))).toEqual([]);
    } finally {
      await stub.close();
    }
  });

  it('runs `reports create --dry-run` piped without the table renderer or any other command', async () => {
    const {result, sources} = await loadedSources(['reports', 'create', '--dry-run', '--title', 'Fake login', '--description', 'kit', '--asset', 'evil.example'], {
      env: {VIGIL_ORG: 'acme', VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-cfg-'))},
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({title: 'Fake login', organizationSlug: 'acme'});
    expect(result.stderr).toContain('nothing sent');
    // string-width builds an Intl.Segmenter at import; only a run that may draw a table loads it.
    for (const name of [...DRAWING, ...HEAVY.map(p => `node_modules/${p}/`), 'node_modules/string-width/', 'node_modules/cli-truncate/', 'src/output/table.ts', 'src/api/got-transport.ts', 'node_modules/got/']) {
      expect(sources.filter(s => s.includes(name))).toEqual([]);
    }
    // Nothing is sent, so neither got nor any HTTP module is loaded.
    expect(sources.filter(s => /^node:(http|https|http2|tls)$/.test(s))).toEqual([]);
    expect(sources).toContain('src/cmd/reports/create/command.ts');
    expect(otherCommands(sources, ['reports/create'])).toEqual([]);
  });

  it('loads the MCP SDK for `vigil mcp` only, and of the commands only the one a call runs', async () => {
    const stub = await startReportsStub(() => ({body: {reports: [], nextCursor: null, totalCount: 0}}));
    try {
      const input = [
        {jsonrpc: '2.0', id: 1, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'startup', version: '0'}}},
        {jsonrpc: '2.0', id: 2, method: 'tools/list', params: {}},
        {jsonrpc: '2.0', id: 3, method: 'tools/call', params: {name: 'reports_list', arguments: {limit: 1}}},
      ].map(message => `${JSON.stringify(message)}\n`);
      const {result, sources} = await loadedSources(['mcp'], {
        input: input.join(''),
        env: {VIGIL_BASE_URL: stub.baseUrl, VIGIL_API_KEY: 'vk_test_startup_000000', VIGIL_ORG: 'acme', VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-cfg-'))},
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.trim().split('\n').map(line => (JSON.parse(line) as {id: number}).id)).toEqual([1, 2, 3]);
      expect(stub.requests).toHaveLength(1);
      expect(sources.some(s => s.includes('node_modules/@modelcontextprotocol/sdk/'))).toBe(true);
      for (const name of [...DRAWING, ...HEAVY.filter(p => !p.startsWith('@modelcontextprotocol/')).map(p => `node_modules/${p}/`)]) expect(sources.filter(s => s.includes(name))).toEqual([]);
      // Listing the tools loads no command; the call loads its own.
      expect(otherCommands(sources, ['mcp', 'reports/list'])).toEqual([]);
      expect(sources).toContain('src/cmd/reports/list/command.ts');
      // The SDK's server-only transports and what they pull into production dependencies
      // (express, hono, cors, jose...) are never loaded over stdio.
      const serverOnly = [...SERVER_ONLY_PACKAGES.map(p => `/node_modules/${p}/`), ...SERVER_ONLY_SDK_FILES.map(f => `/node_modules/@modelcontextprotocol/sdk/dist/esm/server/${f}`)];
      expect(sources.filter(s => serverOnly.some(name => s.includes(name)))).toEqual([]);
    } finally {
      await stub.close();
    }
  });

  it('answers a command line naming no command itself: nothing that draws', async () => {
    const {result, sources} = await loadedSources(['reprots', 'list']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error: unknown command 'reprots'");
    for (const name of DRAWING) expect(sources.filter(s => s.includes(name))).toEqual([]);
  });

  it("holds Ink and React in the draw build only, and Pastel's runtime in none", () => {
    const meta = JSON.parse(readFileSync(path.join(ROOT, 'dist/build-meta.json'), 'utf8')) as Record<string, string[]>;
    const drawing = (file: string) => meta[file]!.some(source => DRAWING.some(name => source.includes(name)));
    const drawBuild = (file: string) => file === 'pastel.js' || file.startsWith('commands/') || file.startsWith('chunks/');
    expect(Object.keys(meta).filter(file => !drawBuild(file) && drawing(file))).toEqual([]);
    expect(drawing('pastel.js') || Object.keys(meta).some(file => file.startsWith('chunks/') && drawing(file))).toBe(true);
    expect(Object.values(meta).flat().filter(source => source.includes('node_modules/pastel/build/index.js'))).toEqual([]);
  });

  it('prints help and version from any directory', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'vigil-cwd-'));
    const help = await runCli(['--help'], {cwd: elsewhere});
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: vigil/m);
    expect(help.stdout).toContain('reports');
    const version = await runCli(['--version'], {cwd: elsewhere});
    expect(version.stdout).toMatch(new RegExp(`^${PACKAGE_VERSION.replaceAll('.', '\\.')} \\(commit [0-9a-f]{40}(-dirty)?\\)\n$`));
  });

  it('names a commit of this repository as the one it was built from', async () => {
    const version = await runCli(['--version']);
    const commit = /\(commit ([0-9a-f]{40})/.exec(version.stdout)?.[1];
    // The build ran `git rev-parse HEAD` here: that commit exists (a typo or a stale constant would not).
    expect(execFileSync('git', ['cat-file', '-t', commit ?? 'none'], {cwd: ROOT, encoding: 'utf8'}).trim()).toBe('commit');
  });

  it('reports its own version inside another project, whose package.json it never reads', async () => {
    const project = mkdtempSync(path.join(tmpdir(), 'vigil-other-'));
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({name: 'other', version: '9.9.9', description: 'not vigil'}));
    const version = await runCli(['--version'], {cwd: project});
    expect(version.stdout.startsWith(`${PACKAGE_VERSION} (commit `)).toBe(true);
    const help = await runCli(['--help'], {cwd: project});
    expect(help.stdout).not.toContain('not vigil');
  });

  it('spawns no helper process to size a terminal when piped', async () => {
    const log = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-spawn-')), 'spawned.log');
    const result = await runCli(['auth', 'status'], {
      env: {VIGIL_CONFIG_DIR: path.dirname(log), VIGIL_SPAWN_LOG: log},
      nodeArgs: ['--import', path.join(ROOT, 'test/helpers/record-spawns.mjs')],
    });
    expect(result.code).toBe(2);
    expect(existsSync(log) ? readFileSync(log, 'utf8') : '').toBe('');
  });

  it('names a flag given without its value on stderr, keeping stdout clean for --json', async () => {
    const result = await runCli(['reports', 'list', '--limit', '5', '--json', '--status']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('error: --status: needs a value');
  });

  it('exits 1 with a message on stderr for an unknown option', async () => {
    const result = await runCli(['auth', 'status', '--no-such-flag']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/unknown option '--no-such-flag'/);
    expect(result.stdout).toBe('');
  });
});
