/**
 * A value built on first use, then kept. zod schemas are built this way so a run builds
 * only the schemas of the command it runs: building every wire schema at import
 * cost every command, `reports create --dry-run` included, tens of milliseconds.
 */
export function memo<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  forgetters.add(() => {
    built = false;
    value = undefined;
  });
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}

const forgetters = new Set<() => void>();

/**
 * Drops every built value, so the next use builds it again. For mutation testing only
 * (vitest.mutation.config.ts): a schema built once per test process would be built under
 * whichever mutant was active first, and every later mutant of it would go untested.
 */
export function forgetMemos(): void {
  for (const forget of forgetters) forget();
}
