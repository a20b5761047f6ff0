import Pastel from 'pastel';
import {COMMIT, VERSION, versionLine} from '../version.js';
import {PROGRAM_DESCRIPTION} from './groups.js';
import {readManifest, route} from './manifest.js';
import {normalizeArgv} from './normalize-argv.js';

/**
 * Pastel's path: the runs that draw (a browser, a prompt), and whatever the fast path
 * (fast-path.ts) leaves to Commander's own messages, such as an unknown command.
 * @param importMeta the entry file's import.meta: Pastel finds `commands/` beside it (this
 *   module is dist/pastel.js, a build of its own: scripts/build.mjs).
 */
export async function main(argv: string[], importMeta: ImportMeta): Promise<void> {
  const app = new Pastel({importMeta, name: 'vigil', version: versionLine(VERSION, COMMIT), description: PROGRAM_DESCRIPTION});
  await app.run(withHelp(normalizeArgv(argv)));
}

/** Bare `vigil`, a bare group: their help on stdout, exit 0 (Commander: stderr, exit 1). */
function withHelp(argv: string[]): string[] {
  const words = argv.slice(2);
  const asked = route(words, readManifest());
  if (asked.kind !== 'help' || words.includes('--help') || words.includes('-h')) return argv;
  return [...argv.slice(0, 2), ...(asked.path === '' ? [] : asked.path.split(' ')), '--help'];
}
