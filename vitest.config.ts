import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Process-level tests spawn the built CLI and real servers: give them room on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['test/helpers/setup-output.ts'],
    env: {FORCE_COLOR: '0'},
    // .ci/run reads the counts from this file to print one closing line per Node version.
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON ? {json: process.env.VITEST_JSON} : undefined,
  },
});
