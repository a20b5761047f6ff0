// Mutation testing (`npm run test:mutation`): do the tests notice when the code is changed?
// CPU-heavy: one runner at a time, incremental (stryker-incremental.json is reused between
// runs, so only changed code and tests are re-tested). The build fails below `break`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: {configFile: 'vitest.mutation.config.ts'},
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['src/api/**/*.ts', 'src/output/**/*.ts', 'src/checks/**/*.ts', 'src/metrics/**/*.ts', 'src/exit-codes.ts', 'jobs/processor.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  timeoutMS: 20_000,
  // The first run of the whole selection (with Redis for the worker) takes minutes on 2 busy cores.
  dryRunTimeoutMinutes: 20,
  thresholds: {high: 90, low: 85, break: 80},
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: {fileName: 'reports/mutation/index.html'},
  jsonReporter: {fileName: 'reports/mutation/mutation.json'},
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
