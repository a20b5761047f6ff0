/**
 * A value built on first use, then kept. zod schemas are built this way so a run builds
 * only the schemas of the command it runs (issue 12): building every wire schema at import
 * cost every command, `reports create --dry-run` included, tens of milliseconds.
 */
export function memo<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}
