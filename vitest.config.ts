import {mkdtempSync, chmodSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {defineConfig} from 'vitest/config';
import * as groups from './test/ci-groups.js';
import CostSequencer from './test/helpers/cost-sequencer.js';

// One temp folder for the whole run, handed to every test and every process it starts
// (TMPDIR), and removed at the end (test/helpers/global-temp.ts): a run leaves nothing
// behind in the machine's temp folder, even from a test that forgot to clean up.
// 0755, since some tests run the CLI as `nobody`, who must reach what they write there.
if (!process.env.VIGIL_TEST_TMPDIR) {
  const root = mkdtempSync(path.join(tmpdir(), 'vigil-test-run-'));
  chmodSync(root, 0o755);
  process.env.VIGIL_TEST_TMPDIR = root;
  process.env.VIGIL_TEST_SKIPS = path.join(root, 'skipped-programs.jsonl');
  process.env.TMPDIR = root;
}

// .ci/run's subsets: VIGIL_TEST_GROUP=node runs what can differ between Node lines,
// VIGIL_TEST_GROUP=once the suites that drive the machine's programs (test/ci-groups.ts).
const only = process.env.VIGIL_TEST_GROUP as 'node' | 'once' | undefined;

export default defineConfig({
  test: {
    include: only ? groups.includeFor(only) : ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: only ? groups.excludeFor(only) : ['**/node_modules/**'],
    // Process-level tests spawn the built CLI and real servers: give them room on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The longest files first where vitest has no durations yet (test/helpers/cost-sequencer.ts).
    sequence: {sequencer: CostSequencer},
    setupFiles: ['test/helpers/setup-output.ts'],
    globalSetup: ['test/helpers/global-temp.ts'],
    env: {FORCE_COLOR: '0'},
    // .ci/run reads the counts from the json file to print one closing line per Node version;
    // the skip summary names the programs this machine lacks.
    reporters: [
      'default',
      './test/helpers/skip-summary.ts',
      ...(process.env.VITEST_JSON ? ['json'] : []),
    ],
    outputFile: process.env.VITEST_JSON ? {json: process.env.VITEST_JSON} : undefined,
  },
});
