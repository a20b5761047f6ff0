import {fileURLToPath} from 'node:url';
import {fastEntryUrl, readManifest, route} from './manifest.js';
import {normalizeArgv} from './normalize-argv.js';
import {COMMIT, versionLine} from '../version.js';
import type {CommandDefinition} from './define.js';
import type {Draw, runDefinition} from './fast-run.js';
import type {reportUnknown} from './unknown-command.js';

/**
 * The one path that decides every run: help, --version, which command, its parse and every
 * parse error, and the run itself. No Pastel, Ink, React or yoga, and no command module but
 * the one that runs. Help and the version come from the build's manifest; a command is
 * parsed with the Commander options generated from its definition (commander.ts) and run
 * through runWork.
 * @returns the exit code, or, for a run that draws, its command and input already checked:
 *   the draw build (src/cli/main.ts) only shows the screen.
 */
export async function fastPath(rawArgv: readonly string[], entryUrl: string): Promise<number | (Draw & {path: string})> {
  const argv = normalizeArgv(rawArgv);
  // fileURLToPath, not .pathname: an install path with a space, `"` or `{` is percent-encoded there.
  const manifest = readManifest(fileURLToPath(entryUrl));
  const asked = route(argv.slice(2), manifest);
  switch (asked.kind) {
    case 'unknown': {
      // Commander's own "unknown command" with its suggestion, over the manifest's names.
      const unknown = (await import(new URL('./fast/_unknown.js', entryUrl).href)) as {reportUnknown: typeof reportUnknown};
      return unknown.reportUnknown(argv, manifest);
    }
    case 'version':
      process.stdout.write(`${versionLine(manifest.version, COMMIT)}\n`);
      return 0;
    case 'help':
      process.stdout.write(manifest.help[asked.path]!);
      return 0;
    case 'run':
      break;
  }

  // zod and Commander load only now, for the one command that runs: dist/fast/<noun>/<verb>.js
  // holds its definition and the runner (fast-run.ts), built apart from this file.
  const command = (await import(fastEntryUrl(asked.path, entryUrl))) as {
    definition: CommandDefinition;
    runDefinition: typeof runDefinition;
  };
  const outcome = await command.runDefinition(command.definition, argv);
  return typeof outcome === 'number' ? outcome : {...outcome, path: asked.path};
}
