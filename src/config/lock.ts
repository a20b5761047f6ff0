import {mkdir, readdir, rename, rm, rmdir, stat, unlink, utimes, writeFile} from 'node:fs/promises';
import path from 'node:path';

/*
 * config.json is read, changed and renamed back: two `vigil config set` at once would each
 * write their own copy and one setting would be lost. A lock beside it serialises the
 * read-modify-write, and a lock left by a killed process is taken over once it is stale.
 *
 * Taking over a stale lock is where simple locks fail: "it is stale, delete it, create mine"
 * lets a contender that judged the old lock stale delete the new one another contender has
 * just made, and both hold it (proper-lockfile's rmdir-then-mkdir has the same window).
 * Here every step is one atomic rename or unlink whose target cannot be anyone else's lock:
 *
 * - The lock is the folder `<file>.lock` holding one file named by its holder's random token.
 * - Taking it: a contender renames its ready-made folder `<file>.lock.<token>/<token>` to
 *   `<file>.lock`. A rename onto a missing or empty folder succeeds, onto a held (non-empty)
 *   one fails, so exactly one contender wins.
 * - Keeping it: the holder touches its token file every third of the stale age.
 * - A stale lock (token file untouched for the stale age) is ended by unlinking the token
 *   file by its name. The name is the dead holder's own, so a contender acting late on what
 *   it saw removes nothing or that same file, never a lock taken since; the folder left
 *   empty is then taken by the rename above, by one contender.
 * - A lock left by an earlier vigil is a plain file. Once stale it is moved onto a file of
 *   the contender's own: a rename onto a file fails when the source is a folder, so the move
 *   can only take that plain file, never a folder lock made in the meantime.
 */

/** How the lock is waited for; tests shorten them. */
export interface LockOptions {
  /** A lock untouched for this long belongs to a process that died and is taken over. Default: 10000. */
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

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Runs `work` while holding `<file>.lock`, kept fresh while `work` runs and removed afterwards. */
export async function withFileLock<T>(file: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = `${file}.lock`;
  const staleMs = options.staleMs ?? 10_000;
  // node:crypto (and the sixteen internal modules it loads on Node 20) only when a lock is
  // taken, not on every run that could write a config file (a dry run loaded it for nothing).
  const {randomBytes} = await import('node:crypto');
  const token = `${process.pid}-${randomBytes(8).toString('hex')}`;
  const mine = path.join(lock, token);
  await acquire(lock, token, staleMs, Date.now() + (options.timeoutMs ?? 15_000));
  const keepFresh = setInterval(() => {
    // ENOENT: the lock was judged stale and taken (this process stalled for the whole stale
    // age); there is nothing left to keep, and release below leaves the new holder's alone.
    const now = new Date();
    utimes(mine, now, now).catch(() => clearInterval(keepFresh));
  }, staleMs / 3);
  keepFresh.unref();
  try {
    return await work();
  } finally {
    clearInterval(keepFresh);
    await unlink(mine).catch(() => {});
    // Fails (ENOTEMPTY) when a contender has taken the emptied folder already: theirs now.
    await rmdir(lock).catch(() => {});
  }
}

async function acquire(lock: string, token: string, staleMs: number, deadline: number): Promise<void> {
  const ready = `${lock}.${token}`;
  await mkdir(ready, {mode: 0o700});
  try {
    await writeFile(path.join(ready, token), String(process.pid), {mode: 0o600});
    for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
      // Touched now, so the lock is fresh from the moment it is taken however long this waited.
      const now = new Date();
      await utimes(path.join(ready, token), now, now);
      try {
        await rename(ready, lock);
        return;
      } catch (error) {
        if (code(error) === 'ENOTDIR') await takeOverStaleFile(lock, token, staleMs);
        else if (code(error) === 'ENOTEMPTY' || code(error) === 'EEXIST') await endStaleHolder(lock, staleMs);
        else throw error;
      }
      if (Date.now() > deadline) throw new LockTimeoutError(lock);
      await new Promise(resolve => setTimeout(resolve, wait + Math.random() * wait));
    }
  } finally {
    await rm(ready, {recursive: true, force: true});
  }
}

const isStale = (mtimeMs: number, staleMs: number) => Date.now() - mtimeMs > staleMs;

/** Unlinks the holder's token file if it is stale (see the top of the file for why by name). */
async function endStaleHolder(lock: string, staleMs: number): Promise<void> {
  const holders = await readdir(lock).catch(() => []);
  for (const holder of holders) {
    const info = await stat(path.join(lock, holder)).catch(() => undefined);
    if (info && isStale(info.mtimeMs, staleMs)) await unlink(path.join(lock, holder)).catch(() => {});
  }
}

/** Moves a stale plain-file lock (an earlier vigil's) away, but never a folder lock. */
async function takeOverStaleFile(lock: string, token: string, staleMs: number): Promise<void> {
  const info = await stat(lock).catch(() => undefined);
  if (!info?.isFile() || !isStale(info.mtimeMs, staleMs)) return;
  const trash = `${lock}.${token}.old`;
  await writeFile(trash, '', {mode: 0o600});
  try {
    await rename(lock, trash).catch(() => {});
  } finally {
    await unlink(trash).catch(() => {});
  }
}
