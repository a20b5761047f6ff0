import {spawnSync} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {ROOT} from '../helpers/cli.js';
import {ensureBuilt} from '../helpers/build.js';

/*
 * vigil installed under a folder whose name a file URL percent-encodes (a space, `"`, a
 * backtick, `{`): the entry file's URL must become its path with fileURLToPath, or the
 * manifest beside it is "not found" and every command fails.
 */
let cli: string;
let config: string;
beforeAll(() => {
  ensureBuilt();
  const install = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-install-')), 'my tools "v" `x` {y}');
  mkdirSync(install);
  cpSync(path.join(ROOT, 'dist'), path.join(install, 'dist'), {recursive: true});
  cpSync(path.join(ROOT, 'package.json'), path.join(install, 'package.json'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(install, 'node_modules'));
  cli = path.join(install, 'dist/cli.js');
  config = mkdtempSync(path.join(tmpdir(), 'vigil-install-config-'));
});

const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [cli, ...args], {encoding: 'utf8', env: {PATH: process.env.PATH, HOME: config, VIGIL_CONFIG_DIR: config, ...env}});

describe('an install path with a space, a quote, a backtick and a brace', () => {
  it('--version prints the version', () => {
    const result = run(['--version']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+ \(commit /);
    expect(result.status).toBe(0);
  });

  it('runs a command on the fast path and on Pastel’s', () => {
    expect(run(['config', 'set', 'org', 'acme']).status).toBe(0);
    for (const env of [{}, {VIGIL_PASTEL: '1'}]) {
      const result = run(['config', 'get', 'org'], env);
      expect(result.stderr).toBe('');
      expect([result.status, result.stdout]).toEqual([0, 'acme\n']);
    }
    const dryRun = run(['reports', 'create', '--dry-run', '--org', 'acme', '--title', 'Fake login', '--description', 'kit', '--asset', 'evil.example:BLOCKED']);
    expect(dryRun.stderr).toBe('dry run: POST <base-url>/report/create (nothing sent)\n');
    expect(dryRun.status).toBe(0);
    expect(JSON.parse(dryRun.stdout)).toMatchObject({organizationSlug: 'acme', title: 'Fake login'});
  });
});
