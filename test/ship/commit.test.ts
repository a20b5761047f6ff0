import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {buildCommit} from '../../scripts/build/commit.mjs';
import {versionLine} from '../../src/version.js';
import {ROOT} from '../helpers/cli.js';

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

  it('refuses a VIGIL_COMMIT that is no commit id, naming it, without writing what it refuses', () => {
    const {dir} = repository();
    for (const hostile of ['abc1234\u001b]0;owned\u0007', 'f00dfeed\u202e', 'main', 'abc12', `${'a'.repeat(41)}`, 'unknown; rm -rf ~']) {
      process.env.VIGIL_COMMIT = hostile;
      let message = '';
      expect(() => {
        try {
          buildCommit(dir);
        } catch (error) {
          message = (error as Error).message;
          throw error;
        }
      }, hostile).toThrow(/^VIGIL_COMMIT must be a commit id/);
      expect(message).not.toMatch(/[\u001b\u0007\u202e]/);
    }
    // What git prints, short or long, in either case; `-dirty` as buildCommit writes it; `unknown`.
    for (const [given, recorded] of [['ABC1234', 'abc1234'], ['f'.repeat(40), 'f'.repeat(40)], [`${'e'.repeat(40)}-dirty`, `${'e'.repeat(40)}-dirty`], ['unknown', 'unknown']]) {
      process.env.VIGIL_COMMIT = given;
      expect(buildCommit(dir)).toBe(recorded);
    }
  });

  it('npm run build stops with exit 3 and one line on a hostile VIGIL_COMMIT, before writing dist/', () => {
    const built = () => (existsSync(path.join(ROOT, 'dist/cli.js')) ? statSync(path.join(ROOT, 'dist/cli.js')).mtimeMs : undefined);
    const before = built();
    const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], {cwd: ROOT, encoding: 'utf8', env: {...process.env, VIGIL_COMMIT: 'abc1234\u202e'}});
    expect(result.status).toBe(3);
    expect(built()).toBe(before);
    expect(result.stderr).toBe('build: VIGIL_COMMIT must be a commit id (7 to 40 hex digits, `-dirty` after them allowed) or `unknown`, got "abc1234\\u202e"\n');
  });
});
