import {open, stat, unlink} from 'node:fs/promises';

/*
 * config.json is read, changed and renamed back: two `vigil config set` at once would each
 * write their own copy and one setting would be lost. An exclusive lock file beside it
 * serialises the read-modify-write. A lock left by a killed process is taken over once it
 * is older than any real update can take.
 */

/** How the lock is waited for; tests shorten them. */
export interface LockOptions {
  /** A lock file older than this is left over from a crashed run and removed. Default: 10000. */
  staleMs?: number;
  /** Give up waiting after this long (the caller reports the file). Default: 15000. */
  timeoutMs?: number;
}

export class LockTimeoutError extends Error {
  constructor(readonly file: string) {
    super(`timed out waiting for the lock ${file}`);
    this.name = 'LockTimeoutError';
    (this as {code?: string}).code = 'ELOCKED';
  }
}

/** Runs `work` while holding `<file>.lock`, created exclusively and removed afterwards. */
export async function withFileLock<T>(file: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = `${file}.lock`;
  const staleMs = options.staleMs ?? 10_000;
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      const handle = await open(lock, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const age = await stat(lock).then(
      info => Date.now() - info.mtimeMs,
      () => 0,
    );
    if (age > staleMs) {
      await unlink(lock).catch(() => {});
      continue;
    }
    if (Date.now() > deadline) throw new LockTimeoutError(lock);
    await new Promise(resolve => setTimeout(resolve, wait + Math.random() * wait));
  }
  try {
    return await work();
  } finally {
    await unlink(lock).catch(() => {});
  }
}
