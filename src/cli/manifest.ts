import {readFileSync, realpathSync} from 'node:fs';
import path from 'node:path';

/**
 * What the build knows of every command, written to dist/cli-manifest.json so that a run
 * which only prints help, the version or a completion script loads no command at all, and a
 * run of one command loads only that command's own entry (dist/fast/<path>.js).
 */
export interface Manifest {
  version: string;
  /** Help text by command path ('' is `vigil` itself, 'reports' a group, 'reports list' a command). */
  help: Record<string, string>;
  /** The runnable commands by path. */
  commands: Record<string, ManifestCommand>;
  /** The groups by path, with their subcommands' names. */
  groups: Record<string, string[]>;
}

export interface ManifestCommand {
  description: string;
  /** Each flag, as typed: `--status`, `--no-interactive`. */
  flags: ManifestFlag[];
  /** The upstream endpoints it calls (`POST /takedowns/list`), from the definition's `endpoints`: the reference page names them. */
  calls?: string[];
  /** Values the positional arguments may take, for completion (empty: anything). */
  argValues: string[];
}

export interface ManifestFlag {
  name: string;
  takesValue: boolean;
  description: string;
  /** Values offered by completion (empty: see `complete`). */
  values: string[];
  /**
   * What completion offers for a value flag without `values`: file names (a `<file>` or
   * `<path>` flag), the saved org (`--org`), or nothing (free text: a title, an id).
   */
  complete: 'files' | 'org' | 'none';
}

let cached: Manifest | undefined;

/** dist/fast/<noun>/<verb>.js beside the entry file: one command's definition and its runner. */
export function fastEntryUrl(commandPath: string, entryUrl: string): string {
  return new URL(`./fast/${commandPath.replaceAll(' ', '/')}.js`, entryUrl).href;
}

/**
 * The built CLI's entry file, dist/cli.js, with links resolved: `npm install -g` runs it as
 * <prefix>/bin/vigil, a link, and the files the build wrote beside it are beside its target.
 */
export function cliEntryFile(): string {
  const argv1 = process.argv[1] ?? '';
  try {
    return realpathSync(argv1);
  } catch {
    return argv1;
  }
}

/** The manifest beside the entry file (dist/cli.js), read once. */
export function readManifest(entryFile: string = cliEntryFile()): Manifest {
  cached ??= JSON.parse(readFileSync(path.join(path.dirname(entryFile), 'cli-manifest.json'), 'utf8')) as Manifest;
  return cached;
}

/** What a command line asks for, decided from its words alone (no command loaded). */
export type Route =
  | {kind: 'help'; path: string}
  | {kind: 'version'}
  | {kind: 'run'; path: string}
  /** Not a command vigil knows: Commander (on Pastel's path) says so, with suggestions. */
  | {kind: 'unknown'};

/**
 * `words` are the arguments after `vigil`, already normalised (normalize-argv.ts). Bare
 * `vigil` and a bare group print their help (exit 0), as gh does.
 */
export function route(words: readonly string[], manifest: Pick<Manifest, 'commands' | 'groups'>): Route {
  const end = words.indexOf('--');
  const options = end === -1 ? words : words.slice(0, end);
  const wantsHelp = options.includes('--help') || options.includes('-h');
  const path: string[] = [];
  for (const word of words) {
    const next = [...path, word].join(' ');
    if (word.startsWith('-') || !(next in manifest.commands || next in manifest.groups)) break;
    path.push(word);
    if (next in manifest.commands) break;
  }
  const at = path.join(' ');
  const rest = words.slice(path.length);
  if (at in manifest.commands) return wantsHelp ? {kind: 'help', path: at} : {kind: 'run', path: at};
  if (path.length === 0 && (rest[0] === '--version' || rest[0] === '-v')) return {kind: 'version'};
  // A group (or vigil itself) with nothing after it, or only --help.
  if (rest.every(word => word === '--help' || word === '-h')) return {kind: 'help', path: at};
  return {kind: 'unknown'};
}
