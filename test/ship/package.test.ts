import {execFile, execFileSync, spawn, spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ensureBuilt} from '../helpers/build.js';
import {ROOT} from '../helpers/cli.js';
import {startSandboxProcess, type SandboxProcess} from '../helpers/sandbox-process.js';
import {freePort, startRedis, type TestRedis} from '../jobs/redis-server.js';
import {metricValue} from '../jobs/harness.js';
import {devOnlyPackages} from './dev-packages.js';
import {CHECKS, CHECKS_YAML, gradeThenStop} from './run-worker.js';

/*
 * vigil as a user installs it: `npm pack`, then `npm install -g <tarball> --omit=dev` into an
 * empty prefix (from npm's registry, as a user's install would), and the installed `vigil`
 * run from there: nothing at run time may need a devDependency or a file the tarball lacks.
 */

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {version: string; dependencies: Record<string, string>};
let tarball: string;
let prefix: string;
let vigil: string;
let env: NodeJS.ProcessEnv;
let sandbox: SandboxProcess | undefined;

// npm's own variables (npm_config_*, set when the suite runs under `npm test`) would steer the install.
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

beforeAll(async () => {
  ensureBuilt();
  const packDir = mkdtempSync(path.join(tmpdir(), 'vigil-pack-'));
  // --ignore-scripts: prepack would build again; the suite has built dist/ already.
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], {cwd: ROOT, encoding: 'utf8', env: cleanEnv()})) as {filename: string; size: number; unpackedSize: number}[];
  tarball = path.join(packDir, packed!.filename);
  prefix = mkdtempSync(path.join(tmpdir(), 'vigil-prefix-'));
  const started = Date.now();
  // Not execFileSync: a minute with the event loop blocked times out vitest's own messages.
  await promisify(execFile)('npm', ['install', '-g', tarball, '--omit=dev', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error'], {cwd: prefix, env: cleanEnv()});
  console.log(`npm pack: ${packed!.size} bytes (${packed!.unpackedSize} unpacked); npm install -g into an empty prefix: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  vigil = path.join(prefix, 'bin/vigil');
  env = {PATH: `${path.join(prefix, 'bin')}:${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: mkdtempSync(path.join(tmpdir(), 'vigil-home-')), VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-cfg-'))};
}, 600_000);

afterAll(async () => {
  await sandbox?.stop();
  for (const dir of [prefix, tarball && path.dirname(tarball)]) if (dir) rmSync(dir, {recursive: true, force: true});
});

const runVigil = (args: string[], extra: NodeJS.ProcessEnv = {}) => spawnSync(vigil, args, {env: {...env, ...extra}, encoding: 'utf8', cwd: prefix, timeout: 60_000});

describe('npm pack: the tarball holds what runs, and nothing else', () => {
  it('has the build, the LICENSE, deploy/ and docs/, and no tests, sources, source maps or build metadata', () => {
    const files = execFileSync('tar', ['-tzf', tarball], {encoding: 'utf8'}).split('\n').filter(Boolean);
    expect(files).toContain('package/dist/cli.js');
    expect(files).toContain('package/LICENSE');
    expect(files).toContain('package/deploy/kubernetes/deployment.yaml');
    expect(files).toContain('package/deploy/grafana/dashboard.json');
    const unwanted = files.filter(file => /^package\/(test|src|bench|scripts|jobs|commands)\//.test(file) || /\.(map|ts|tsx)$/.test(file) || /build-meta\.json$|\.test\.yml$/.test(file));
    expect(unwanted).toEqual([]);
  });

  it('ships every doc the build names (error hints say "see docs/checker.md")', () => {
    const files = new Set(execFileSync('tar', ['-tzf', tarball], {encoding: 'utf8'}).split('\n'));
    const dist = path.join(ROOT, 'dist');
    const named = new Set(readdirSync(dist, {recursive: true}).filter(file => String(file).endsWith('.js')).flatMap(file => readFileSync(path.join(dist, String(file)), 'utf8').match(/docs\/[a-z-]+\.md/g) ?? []));
    expect(named.size).toBeGreaterThan(0);
    expect([...named].filter(doc => !files.has(`package/${doc}`))).toEqual([]);
  });

  it('installs into an empty prefix with production dependencies only', () => {
    const modules = path.join(prefix, 'lib/node_modules/vigil/node_modules');
    const installed = readdirSync(modules).flatMap(name => (name.startsWith('@') ? readdirSync(path.join(modules, name)).map(inner => `${name}/${inner}`) : [name]));
    for (const dependency of Object.keys(pkg.dependencies)) expect(installed).toContain(dependency);
    expect(installed.filter(name => devOnlyPackages().has(name))).toEqual([]);
  });
});

describe('the installed vigil', () => {
  it('prints help and the version with its commit', () => {
    const help = runVigil(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: vigil/m);
    const version = runVigil(['--version']);
    expect(version.stdout).toMatch(new RegExp(`^${pkg.version.replaceAll('.', '\\.')} \\(commit [0-9a-f]{40}`));
  });

  it('runs the sandbox, and lists its reports as JSON', async () => {
    sandbox = await startSandboxProcess({program: [vigil], env});
    const list = runVigil(['reports', 'list', '--json', '--limit', '3'], sandbox.env);
    expect(list.stderr).toBe('');
    expect(list.status).toBe(0);
    const page = JSON.parse(list.stdout) as {reports: {id: number}[]};
    expect(page.reports).toHaveLength(3);
  });

  it('prints an MCP config that starts the installed vigil, whose tools an MCP client lists', async () => {
    const printed = runVigil(['mcp', '--print-config']);
    expect(printed.status).toBe(0);
    const server = (JSON.parse(printed.stdout) as {mcpServers: {vigil: {command: string; args: string[]}}}).mcpServers.vigil;
    expect(realpathSync(server.args[0]!).startsWith(realpathSync(prefix))).toBe(true);
    const client = new Client({name: 'vigil-package-test', version: '1.0.0'});
    await client.connect(new StdioClientTransport({command: server.command, args: server.args, env: env as Record<string, string>, stderr: 'pipe'}));
    try {
      const {tools} = await client.listTools();
      expect(tools.map(tool => tool.name)).toContain('reports_list');
    } finally {
      await client.close();
    }
  });

  describe('worker', () => {
    let redis: TestRedis;
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('grades the sandbox checks, exports them, and drains on SIGTERM with exit 0', async () => {
      sandbox ??= await startSandboxProcess({program: [vigil], env});
      const dir = mkdtempSync(path.join(tmpdir(), 'vigil-installed-worker-'));
      writeFileSync(path.join(dir, 'checks.yaml'), CHECKS_YAML);
      const port = await freePort();
      const child = spawn(vigil, ['worker'], {
        cwd: dir,
        env: {...env, ...sandbox.env, VIGIL_REDIS_URL: redis.url, VIGIL_CHECKS: path.join(dir, 'checks.yaml'), VIGIL_METRICS_HOST: '127.0.0.1', VIGIL_METRICS_PORT: String(port)},
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const outcome = await gradeThenStop(child, `http://127.0.0.1:${port}/metrics`);
      expect(outcome.code, outcome.stderr).toBe(0);
      for (const check of CHECKS) expect(metricValue(outcome.metrics, 'vigil_check_runs_total', {check: check.check, outcome: 'error'})).toBe(0);
      expect(metricValue(outcome.metrics, 'vigil_build_info', {version: pkg.version})).toBe(1);
    }, 120_000);
  });
});
