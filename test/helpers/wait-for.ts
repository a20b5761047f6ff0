/** Polls `probe` until it gives a value (not undefined, null or false): servers, workers and terminals settle at their own pace, and a fixed sleep is either flaky or slow. */
export async function waitFor<T>(
  what: string | (() => string),
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
  intervalMs = 50,
): Promise<T> {
  // A probe that throws fails at once: an error is not "not yet".
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise(resolve => setTimeout(resolve, intervalMs));
  }
}
