import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Process-level tests spawn the built CLI and real servers: give them room on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    env: {FORCE_COLOR: '0'},
  },
});
