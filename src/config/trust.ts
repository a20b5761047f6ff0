import {stat} from 'node:fs/promises';
import {VigilError} from '../errors.js';
import {ExitCode} from '../exit-codes.js';
import {shellCommand} from '../output/shell.js';

/*
 * The config folder decides where the API key is sent (config.json's baseUrl) and holds the
 * key itself. Like ssh with ~/.ssh, vigil uses it only when nobody else can have written
 * it: owned by the current user (or root) and not writable by group or others. Otherwise a
 * shared XDG_CONFIG_HOME lets another user point vigil at their server and collect the key.
 */

/** A config folder or file someone else could have written: exit 3, nothing read, sent or changed. */
export class UntrustedConfigError extends VigilError {
  readonly path: string;

  constructor(path: string, reason: string, hint: string) {
    super(`refusing to use ${path}: ${reason}`, {exitCode: ExitCode.Input, hint});
    this.path = path;
  }
}

/** Who runs vigil; injectable so tests can play another user. Undefined on Windows: no check. */
export type UidSource = () => number | undefined;
const currentUid: UidSource = () => process.getuid?.();

/**
 * Throws UntrustedConfigError when `target` exists and is owned by another user (root aside)
 * or is writable by group or others. A missing path is fine: vigil creates it itself.
 */
export async function assertTrusted(target: string, kind: 'folder' | 'file', uid: UidSource = currentUid): Promise<void> {
  const me = uid();
  if (me === undefined) return;
  let info;
  try {
    info = await stat(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
    // Unreadable metadata is reported by the read or write that follows, with its own code.
    return;
  }
  const problem = trustProblem(info, me);
  if (problem === undefined) return;
  const hint =
    problem === 'owner'
      ? `it is owned by uid ${info.uid}, not by you: use a folder of your own (set VIGIL_CONFIG_DIR), or have it removed`
      : `make it private: ${shellCommand(['chmod', kind === 'folder' ? '700' : '600', target])}`;
  throw new UntrustedConfigError(target, problem === 'owner' ? `this ${kind} belongs to another user` : `this ${kind} is writable by group or others`, hint);
}

/** Why a stat result is not trusted by user `me`, or undefined. Pure, for tests. */
export function trustProblem(info: {uid: number; mode: number}, me: number): 'owner' | 'writable' | undefined {
  if (info.uid !== me && info.uid !== 0) return 'owner';
  if ((info.mode & 0o022) !== 0) return 'writable';
  return undefined;
}
