import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {ensureBuilt} from '../helpers/build.js';

/* A bad checks file as a user meets it: `vigil worker --checks` exits 3 before Redis is touched. */

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-checks-cli-'));
}, 120_000);

async function worker(name: string, text: string) {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  // Redis at port 1: were the file read after connecting, the error would be Redis's.
  return {file, ...(await runCli(['worker', '--checks', file, '--redis-url', 'redis://127.0.0.1:1'], {env: {VIGIL_CONFIG_DIR: dir, VIGIL_API_KEY: 'checks-cli-key'}}))};
}

describe('vigil worker with a bad checks file', () => {
  it('a misspelt key: exit 3 naming the key it was meant to be, and the line', async () => {
    const {file, code, stdout, stderr} = await worker('typo.yaml', 'checks:\n  - check: takedowns.cancelled-count\n    org: hooli\n    failTreshold: 3\n');
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr).toContain(`${file}: checks[0]: unknown key "failTreshold" (line 4); did you mean "failThreshold"?`);
    expect(stderr).toContain('docs/checker.md');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('broken YAML: exit 3 with line and column', async () => {
    const {file, code, stderr} = await worker('broken.yaml', 'checks:\n  - check: takedowns.cancelled-count\n\t org: acme\n');
    expect(code).toBe(3);
    expect(stderr).toContain(`--checks ${file}: not valid YAML or JSON at line 3, column 1: Tabs are not allowed as indentation`);
  });

  it('an empty file: exit 3 saying it is empty', async () => {
    const {file, code, stderr} = await worker('empty.yaml', '');
    expect(code).toBe(3);
    expect(stderr).toContain(`--checks ${file}: is empty: it has no checks to schedule`);
    expect(stderr).toContain('list at least one check under `checks:`');
  });
});
