import {spawnSync} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../helpers/cli.js';

/* `npm run release:version` on a copy of the files it touches: one changeset in, one version out, everywhere. */

const FILES = ['package.json', 'package-lock.json', 'CHANGELOG.md', '.changeset/config.json', 'deploy/kubernetes/kustomization.yaml', 'deploy/kubernetes/deployment.yaml', 'deploy/systemd/vigil-worker.service'];

function copy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-release-'));
  for (const file of FILES) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    cpSync(path.join(ROOT, file), path.join(dir, file));
  }
  // The changelog plugin is resolved from the project's node_modules.
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

const version = (dir: string) => spawnSync(process.execPath, [path.join(ROOT, 'scripts/release/version.mjs'), dir], {cwd: dir, encoding: 'utf8', timeout: 60_000});

describe('npm run release:version', () => {
  it('bumps package.json, the lock, the manifests\' tag and the unit together, and writes the changelog', () => {
    const dir = copy();
    const before = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {version: string}).version;
    const [major, minor] = before.split('.').map(Number);
    const next = `${major}.${minor! + 1}.0`;
    writeFileSync(path.join(dir, '.changeset/a-change.md'), '---\n"vigil": minor\n---\n\nThe board links runbooks where VIGIL_RUNBOOK_URL says.\n');
    const result = version(dir);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain(`release: ${before} -> ${next}`);
    const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
    expect(JSON.parse(read('package.json')).version).toBe(next);
    const lock = JSON.parse(read('package-lock.json'));
    expect([lock.version, lock.packages[''].version]).toEqual([next, next]);
    expect(read('deploy/kubernetes/kustomization.yaml')).toContain(`newTag: "${next}"`);
    expect(read('deploy/kubernetes/deployment.yaml')).toContain(`image: vigil:${next}\n`);
    expect(read('deploy/systemd/vigil-worker.service')).toContain(`vigil-${next}.tgz`);
    expect(read('CHANGELOG.md')).toMatch(new RegExp(`^# vigil\\n\\n## ${next.replaceAll('.', '\\.')}\\n\\n### Minor Changes\\n\\n- The board links runbooks where VIGIL_RUNBOOK_URL says\\.`));
  }, 90_000);

  it('with no pending changeset: exit 1, saying so, and nothing changed', () => {
    const dir = copy();
    const result = version(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('release: no pending changeset');
    for (const file of FILES) expect(readFileSync(path.join(dir, file), 'utf8'), file).toBe(readFileSync(path.join(ROOT, file), 'utf8'));
  }, 90_000);
});
