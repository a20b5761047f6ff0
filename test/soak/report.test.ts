import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../helpers/cli.js';

describe('re-judging a saved soak (bench/soak-report.mjs)', () => {
  it('refuses a file that is missing or not a soak with exit 3, naming it, and no stack trace', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-soak-report-'));
    try {
      const notSoak = path.join(dir, 'other.json');
      writeFileSync(notSoak, '{}');
      const cases: [string, string][] = [[path.join(dir, 'missing.json'), 'ENOENT'], [notSoak, 'not a soak written with --json']];
      for (const [file, says] of cases) {
        const run = spawnSync(process.execPath, [path.join(ROOT, 'bench/soak-report.mjs'), file], {encoding: 'utf8'});
        expect(run.status).toBe(3);
        expect(run.stderr).toContain(`${file}: `);
        expect(run.stderr).toContain(says);
        expect(run.stderr).not.toMatch(/\n\s+at /);
        expect(run.stdout).toBe('');
      }
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
