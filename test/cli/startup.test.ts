import {existsSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT, runCli} from '../helpers/cli.js';

const HEAVY = ['bullmq', 'ioredis', 'prom-client', 'fastify'];

describe('start-up', () => {
  it('loads no server-side package for a command that does not need one', async () => {
    const log = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-imports-')), 'imports.log');
    const result = await runCli(['reports', 'list', '--help'], {
      env: {VIGIL_IMPORT_LOG: log},
      nodeArgs: ['--import', path.join(ROOT, 'test/helpers/record-imports.mjs')],
    });
    expect(result.code).toBe(0);
    const loaded = readFileSync(log, 'utf8');
    expect(loaded).toContain('dist/commands/');
    for (const name of HEAVY) expect(loaded).not.toContain(`node_modules/${name}/`);
  });

  it('prints help and version from any directory', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'vigil-cwd-'));
    const help = await runCli(['--help'], {cwd: elsewhere});
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: vigil/m);
    expect(help.stdout).toContain('reports');
    const version = await runCli(['--version'], {cwd: elsewhere});
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  });

  it('reports its own version inside another project, whose package.json it never reads', async () => {
    const project = mkdtempSync(path.join(tmpdir(), 'vigil-other-'));
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({name: 'other', version: '9.9.9', description: 'not vigil'}));
    const version = await runCli(['--version'], {cwd: project});
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
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
