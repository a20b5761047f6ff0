import {spawn, spawnSync} from 'node:child_process';
import {chownSync, mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {CLI, ROOT, outcomeOf, type CliResult} from './cli.js';

/** uid and gid of `nobody` on Debian: an unprivileged user the tests can become when root. */
export const NOBODY = 65534;

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/**
 * Root, and `nobody` can run this checkout's CLI with this Node: false where either lives
 * under a folder only root may enter (a 0700 temp folder), and the tests that need it skip.
 */
export function canRunAsNobody(): boolean {
  if (!isRoot()) return false;
  const probe = spawnSync(process.execPath, [CLI, '--version'], {cwd: ROOT, uid: NOBODY, gid: NOBODY, stdio: 'ignore', env: {PATH: process.env.PATH}});
  return probe.status === 0;
}

/** A temp folder owned by `nobody`, so a process running as nobody can work in it. */
export function tempDirForNobody(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chownSync(dir, NOBODY, NOBODY);
  return dir;
}

/**
 * Runs the built CLI as `nobody` (root only): for the checks root would walk through, like
 * an unreadable file or a read-only folder.
 */
export function runCliAsNobody(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: {PATH: process.env.PATH, HOME: '/nonexistent', ...env},
    uid: NOBODY,
    gid: NOBODY,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outcomeOf(child);
}
