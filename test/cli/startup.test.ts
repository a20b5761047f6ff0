import {mkdtempSync, readFileSync} from 'node:fs';
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

  it('exits 1 with a message on stderr for an unknown option', async () => {
    const result = await runCli(['auth', 'status', '--no-such-flag']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/unknown option '--no-such-flag'/);
    expect(result.stdout).toBe('');
  });
});
