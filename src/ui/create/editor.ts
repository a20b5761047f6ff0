import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

/** What the editor left: the saved text, or why there is none (shown under the prompt). */
export type EditOutcome = {text: string} | {error: string};

export interface EditorOptions {
  /** Where $VISUAL and $EDITOR are read. Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** The folder the private temp folder is made in. Default: os.tmpdir(). */
  dir?: string;
}

/**
 * Opens `initial` in $VISUAL or $EDITOR (as git does: through `sh -c`, so `code --wait` and
 * `vim -u NONE` work) on a file only the user can read, and returns what was saved.
 * The file and its folder are removed afterwards, whatever happens. Blocks until the
 * editor exits: the caller hands the terminal over first.
 */
export function editInEditor(initial: string, options: EditorOptions = {}): EditOutcome {
  const env = options.env ?? process.env;
  const editor = (env.VISUAL || env.EDITOR || '').trim();
  if (editor === '') return {error: '$VISUAL and $EDITOR are unset: set one to write the description in an editor, or type it here'};
  const folder = mkdtempSync(join(options.dir ?? tmpdir(), 'vigil-description-'));
  try {
    const file = join(folder, 'DESCRIPTION.md');
    writeFileSync(file, initial, {mode: 0o600});
    const run = spawnSync('sh', ['-c', `${editor} "$1"`, 'sh', file], {stdio: 'inherit', env});
    if (run.error) return {error: `could not start the editor (${editor}): ${run.error.message}`};
    if (run.status !== 0) return {error: `the editor (${editor}) exited with ${run.status ?? run.signal}; the description is unchanged`};
    return {text: readFileSync(file, 'utf8').replace(/\s+$/, '')};
  } finally {
    rmSync(folder, {recursive: true, force: true});
  }
}
