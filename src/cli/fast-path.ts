import {fileURLToPath} from 'node:url';
import {fastEntryUrl, readManifest, route} from './manifest.js';
import {normalizeArgv} from './normalize-argv.js';
import {COMMIT, versionLine} from '../version.js';
import type {CommandDefinition} from './define.js';
import type {runDefinition} from './fast-run.js';

/**
 * The path of every run that draws nothing (a pipe, --json, --output, --help, --version,
 * --dry-run, the worker, the sandbox, completion): no Pastel, Ink, React or yoga, and no
 * command module but the one that runs. Help and the version come from the build's
 * manifest; a command is parsed with the Commander options Pastel would generate from the
 * same definition (commander.ts) and run through the same runWork.
 * @returns 'pastel' when the run is Pastel's to make: the command wants to draw, or the
 *   command line names no command (Commander's error and suggestions say so).
 */
export async function fastPath(rawArgv: readonly string[], entryUrl: string): Promise<'pastel' | number> {
  if (process.env.VIGIL_PASTEL === '1') return 'pastel';
  const argv = normalizeArgv(rawArgv);
  // fileURLToPath, not .pathname: an install path with a space, `"` or `{` is percent-encoded there.
  const manifest = readManifest(fileURLToPath(entryUrl));
  const asked = route(argv.slice(2), manifest);
  switch (asked.kind) {
    case 'unknown':
      return 'pastel';
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
  return command.runDefinition(command.definition, argv);
}
