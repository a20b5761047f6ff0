import {defineConfig} from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (stryker.config.mjs): the in-process tests of
 * the mutated modules and the in-process tests of what uses them. Tests that spawn the built CLI are left out: they run dist/, which
 * Stryker does not mutate, so they would only slow every mutant down. jobs/processor.ts is
 * covered by its in-process test (test/jobs/processor.test.ts); test/jobs/worker.test.ts
 * (Redis, timing-sensitive) fails under Stryker's instrumentation and stays out.
 */
export default defineConfig({
  test: {
    // VIGIL_MUTATION_TESTS (comma-separated globs) narrows a focused run to the tests of the files mutated.
    include: process.env.VIGIL_MUTATION_TESTS?.split(',') ?? [
      'test/api/**/*.test.ts',
      'test/output/**/*.test.ts',
      'test/checks/**/*.test.ts',
      'test/metrics/**/*.test.ts',
      'test/jobs/processor.test.ts',
      // The work functions and screens use the wire readers, formatters and errors too, and
      // their tests assert what a user sees: they kill mutants the module tests let through.
      'test/cmd/**/*.test.ts',
      'test/ui/**/*.test.{ts,tsx}',
      'test/sandbox/**/*.test.ts',
      'test/exit-codes.test.ts',
      'test/secrets.test.ts',
      'test/memo.test.ts',
    ],
    // Tests that spawn the built CLI or servers: they run dist/, not the mutated sources.
    exclude: [
      'test/api/gzip-bomb-cli.test.ts',
      'test/output/bound-timing.test.ts',
      'test/cmd/doctor/doctor.test.ts',
      'test/cmd/auth/auth.test.ts',
      // They start redis-server (they sat in test/jobs before the tests followed src/cmd).
      'test/cmd/schedules/**/*.test.ts',
      'test/sandbox/slow-clients.test.ts',
      'test/sandbox/demo.test.ts',
      'test/cmd/sandbox/sandbox.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // As in vitest.config.ts: the table renderer loaded for tests that call work functions directly.
    setupFiles: ['test/helpers/setup-output.ts', 'test/helpers/setup-mutation.ts'],
    pool: 'forks',
    env: {FORCE_COLOR: '0'},
  },
});
