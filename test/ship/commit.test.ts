import {execFileSync} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {buildCommit} from '../../scripts/build/commit.mjs';
import {versionLine} from '../../src/version.js';

const saved = process.env.VIGIL_COMMIT;
afterEach(() => {
  if (saved === undefined) delete process.env.VIGIL_COMMIT;
  else process.env.VIGIL_COMMIT = saved;
});

function repository(): {dir: string; head: string} {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-commit-'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {cwd: dir, encoding: 'utf8'}).trim();
  git('init', '-q');
  writeFileSync(path.join(dir, 'a.txt'), 'one\n');
  git('add', 'a.txt');
  git('commit', '-qm', 'one');
  return {dir, head: git('rev-parse', 'HEAD')};
}

describe('the commit a build records', () => {
  it('is HEAD in a clean work tree, and HEAD-dirty once a tracked file changes', () => {
    delete process.env.VIGIL_COMMIT;
    const {dir, head} = repository();
    expect(buildCommit(dir)).toBe(head);
    // An untracked file (a local .env, a build output) is no change to the code.
    writeFileSync(path.join(dir, 'untracked.txt'), 'x\n');
    expect(buildCommit(dir)).toBe(head);
    writeFileSync(path.join(dir, 'a.txt'), 'two\n');
    expect(buildCommit(dir)).toBe(`${head}-dirty`);
  });

  it('is unknown outside git, and --version says the build was made outside git', () => {
    delete process.env.VIGIL_COMMIT;
    const commit = buildCommit(mkdtempSync(path.join(tmpdir(), 'vigil-nogit-')));
    expect(commit).toBe('unknown');
    expect(versionLine('1.2.3', commit)).toBe('1.2.3 (commit unknown: built outside git)');
  });

  it('is VIGIL_COMMIT when given: an image build stage has no .git', () => {
    const {dir} = repository();
    process.env.VIGIL_COMMIT = 'f'.repeat(40);
    expect(buildCommit(dir)).toBe('f'.repeat(40));
    expect(versionLine('1.2.3', buildCommit(dir))).toBe(`1.2.3 (commit ${'f'.repeat(40)})`);
  });
});
