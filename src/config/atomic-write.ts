import {chmod, mkdir, open, rename, stat, unlink} from 'node:fs/promises';
import path from 'node:path';

export const DIR_MODE = 0o700;

/**
 * Creates the config folder private to the user (0700) and tightens it when it already
 * exists looser: the credentials file is only as private as the folder that lists it.
 * Only a folder of the user's own is tightened: vigil never chmods what it does not own
 * (callers refuse a foreign folder first, see trust.ts; a root-owned one is left alone).
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, {recursive: true, mode: DIR_MODE});
  const info = await stat(dir);
  if (info.uid === process.getuid?.() && (info.mode & 0o777) !== DIR_MODE) await chmod(dir, DIR_MODE);
}

/**
 * Writes a file so a reader sees the old content or the new, never half of it, and the
 * new file has `mode` from its first byte (a key is never briefly world-readable):
 * a temp file in the same folder (rename is atomic only within one file system), created
 * exclusively with the mode, written, fsynced, renamed over the target, then the folder
 * fsynced so the rename survives a crash. The temp file is removed on failure.
 */
export async function writeFileAtomic(file: string, data: string, mode: number): Promise<void> {
  const dir = path.dirname(file);
  // node:crypto (and the dozen modules it loads) only when a file is written, not every run.
  const {randomBytes} = await import('node:crypto');
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', mode);
  try {
    try {
      // The umask may have narrowed the mode; it never widens it, but say it exactly.
      await handle.chmod(mode);
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  await syncDir(dir);
}

async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse fsync on a directory; the rename itself already happened.
  }
}
