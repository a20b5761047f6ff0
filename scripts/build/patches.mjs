// Every change vigil's build makes to a dependency's source, and every reach past a
// package's `exports`, in one place. Each entry says what it buys, what breaks without it,
// the version of the package it was written for, and how to re-check it after upgrading.
// The build fails when the installed version differs from the one written down, naming the
// re-check (an upgrade is a decision, not a side effect of `npm install`); it fails too when a
// patch's target text is gone (never a silent no-op): read the new source, then update or drop
// the patch.
//
// The start-up trims can be left out one at a time to measure what they buy, e.g.
//   VIGIL_BUILD_SKIP=commander-lazy-child-process npm run build   (then time the run, see docs/performance.md)
import {readFileSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';

const skipped = new Set((process.env.VIGIL_BUILD_SKIP ?? '').split(',').filter(Boolean));

const CLI_CHECK = 'npx vitest run test/cli/paths.test.ts test/cli/startup.test.ts test/cli/definitions.test.ts';
/**
 * The re-check after upgrading each package vigil patches or reaches into: a build that
 * accepts the new version (VIGIL_BUILD_RECHECK), then the tests that fail when a patch or a
 * reach no longer does its job. When they pass, write the new version in its entries below.
 */
export const RECHECKS = {
  // Both paths of every command, built and compared; Pastel's generators through pastel-internals.ts.
  pastel: `VIGIL_BUILD_RECHECK=pastel npm run build && ${CLI_CHECK}`,
  commander: `VIGIL_BUILD_RECHECK=commander npm run build && ${CLI_CHECK}`,
  // The transport and its got workarounds (end-callback.ts), then got's errors through the built CLI.
  got: 'grep -rn http2-wrapper node_modules/got/dist/source && VIGIL_BUILD_RECHECK=got npm run build && npx vitest run test/api test/cli/got-errors-key.test.ts test/cli/startup.test.ts',
};

/** A start-up patch must save at least this much CPU per run to be worth re-checking at every upgrade. */
export const MIN_STARTUP_SAVING_MS = 5;

/**
 * Reaches past a package's `exports` that are not build patches: src/ imports a file the
 * package does not publish, so any release may move it.
 */
export const REACHES = [
  // Pastel's option and argument generators, shared by both paths (the file says why).
  {name: 'src/cli/pastel-internals.ts', package: 'pastel', version: '4.0.1'},
];

/**
 * One line per patch or reach written for another version of its package than the one
 * installed under `root`, with the re-check to run. A package named in `accepted` (comma
 * separated, VIGIL_BUILD_RECHECK) is being re-checked: its entries pass.
 */
export function versionProblems(root, entries, accepted = '') {
  const rechecking = new Set(accepted.split(',').filter(Boolean));
  const problems = [];
  for (const entry of entries) {
    if (rechecking.has(entry.package)) continue;
    const installed = installedVersion(root, entry.package);
    if (installed === entry.version) continue;
    problems.push(
      `${entry.name} was written for ${entry.package} ${entry.version}, and ${entry.package} ${installed ?? '(not installed)'} is installed.
` +
        `  Re-check: ${RECHECKS[entry.package]}
` +
        `  Then write ${installed} as its version in scripts/build/patches.mjs (or update or drop it).`,
    );
  }
  return problems;
}

function installedVersion(root, name) {
  try {
    return JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** Replaces `from` with `to` in a dependency's file; throws when the text is not there. */
function replaceOnce(source, from, to, what) {
  const patched = source.replace(from, to);
  if (patched === source) throw new Error(`${what} changed: update its patch in scripts/build/patches.mjs`);
  return patched;
}

async function load(args, transform) {
  const source = await readFile(args.path, 'utf8');
  return {contents: transform(source), loader: 'js', resolveDir: path.dirname(args.path)};
}

/**
 * The patches, as esbuild plugin hooks. `correctness` patches make Pastel's path behave as
 * the fast path does; without them the two paths disagree (test/cli/paths.test.ts fails).
 * `startup` patches only trim what a run loads; each can be skipped with VIGIL_BUILD_SKIP,
 * and each carries the figure of what it saves (`saves`): one that saves under
 * MIN_STARTUP_SAVING_MS is dropped unless its `keep` says why it is worth its upkeep.
 */
export function dependencyPatches(root) {
  const commander = JSON.stringify(path.join(root, 'src/cli/commander.ts'));
  const parseError = JSON.stringify(path.join(root, 'src/cli/parse-error.ts'));
  return [
    {
      name: 'pastel-keeps-definition',
      package: 'pastel',
      version: '4.0.1',
      kind: 'correctness',
      // Pastel's command reader keeps only the exports it knows (description, options, args,
      // default). vigil's finishing of each command needs the command's definition (its
      // examples, labels): keep that export too. Without it Pastel's help has no examples and
      // its errors do not name the flag.
      filter: /[\\/]pastel[\\/]build[\\/]read-commands\.js$/,
      onLoad: args => load(args, source => replaceOnce(source, 'component: m.default,', 'component: m.default, definition: m.definition,', 'pastel/build/read-commands.js')),
    },
    {
      name: 'pastel-finish-program',
      package: 'pastel',
      version: '4.0.1',
      kind: 'correctness',
      // The root program gets vigil's help layout and examples, as on the fast path. Without
      // it `vigil --help` on Pastel's path reads differently from the manifest's.
      filter: /[\\/]pastel[\\/]build[\\/]index\.js$/,
      onLoad: args =>
        load(args, source => `import {finishProgram as __vigilFinishProgram} from ${commander};\n${replaceOnce(source, 'program.parse(argv);', '__vigilFinishProgram(program);\n        program.parse(argv);', 'pastel/build/index.js')}`),
    },
    {
      name: 'pastel-parse-errors',
      package: 'pastel',
      version: '4.0.1',
      kind: 'correctness',
      // Pastel prints its own option type errors (a flag given without its value) on stdout,
      // naming the camelCase key; vigil's go to stderr naming the flag (src/cli/parse-error.ts).
      // And each command gets vigil's finishing (flag labels, examples), as on the fast path.
      filter: /[\\/]pastel[\\/]build[\\/]generate-command\.js$/,
      onLoad: args =>
        load(args, source => {
          const pastelError = /render\(_jsx\(StatusMessage, \{ variant: "error", children: fromZodError\(result\.error, \{[^}]*\}\)\.message \}\)\);/g;
          const patched = source
            .replace(pastelError, '__vigilReportParseError(result.error);')
            .replace('const { component } = pastelCommand;', '__vigilFinishCommand(commanderCommand, pastelCommand.definition);\n    const { component } = pastelCommand;');
          if (patched.match(/__vigilReportParseError/g)?.length !== 2 || !patched.includes('__vigilFinishCommand(')) {
            throw new Error('pastel/build/generate-command.js changed: update its patch in scripts/build/patches.mjs');
          }
          return `import {reportParseError as __vigilReportParseError} from ${parseError};\nimport {finishCommand as __vigilFinishCommand} from ${commander};\n${patched}`;
        }),
    },
    {
      name: 'commander-lazy-child-process',
      package: 'commander',
      version: '14.0.3',
      saves: {
        ms: 17,
        figure:
          '2026-11-27, Node 20, 2 cores at load 20-27, paired runs, CPU (user+sys) medians of `reports create --dry-run --json`: ' +
          '278 ms with the patch, 295 ms without (20 pairs; pair ratio 0.95); again 324 ms vs 353 ms (40 pairs; 0.93). ' +
          'On 2026-11-26 at load 15: 151 ms vs 156 ms.',
      },
      kind: 'startup',
      // Commander requires node:child_process (and with it net, dgram and their kin) at
      // import, for executable subcommands, which vigil has none of: load it on first use.
      filter: /[\\/]commander[\\/]lib[\\/]command\.js$/,
      onLoad: args =>
        load(args, source => {
          const patched = replaceOnce(
            source,
            "const childProcess = require('node:child_process');",
            "const childProcess = {spawn: (...spawnArgs) => require('node:child_process').spawn(...spawnArgs)};",
            'commander/lib/command.js',
          );
          if (/childProcess\.(?!spawn\()/.test(patched)) throw new Error('commander/lib/command.js uses more of child_process: update its patch in scripts/build/patches.mjs');
          return patched;
        }),
    },
    {
      name: 'pastel-read-package-up',
      package: 'pastel',
      version: '4.0.1',
      saves: {
        ms: 13,
        figure:
          "2026-11-27, Node 20, 2 cores at load ~20, 20 paired runs, CPU medians of `reports create --dry-run --json` on Pastel's path " +
          '(VIGIL_PASTEL=1): 690 ms with the stub, 703 ms without (pair ratio 0.97); peak RSS 72.0 vs 74.4 MiB. ' +
          'On 2026-11-26 at load 15: 480 ms vs 494 ms.',
      },
      kind: 'startup',
      // Pastel calls read-package-up on every run only to fall back on a package.json's name
      // and version; vigil always passes both (and the fallback would read the package.json
      // above the user's working directory, not vigil's).
      resolve: /^read-package-up$/,
      onLoad: () => ({contents: 'export async function readPackageUp() { return undefined; }', loader: 'js'}),
    },
    {
      name: 'got-without-http2',
      package: 'got',
      version: '14.6.6',
      saves: {
        ms: 41,
        figure:
          '2026-11-27, Node 20, 2 cores at load ~20, 20 paired runs, CPU medians of `reports list --limit 1 --json` against ' +
          '`vigil sandbox`: 428 ms with the stub, 469 ms without (pair ratio 0.95).',
      },
      kind: 'startup',
      // got imports http2-wrapper at load, which builds a TLS context (in every run that sends
      // a request); got touches it only with `http2: true`, which vigil never sets
      // (the upstream speaks HTTP/1.1, docs/api-client.md). Its re-check greps that got still
      // reaches http2-wrapper only behind options.http2.
      resolve: /^http2-wrapper$/,
      onLoad: () => ({
        contents: "const off = () => { throw new Error('vigil is built without HTTP/2 (http2-wrapper)'); };\nexport default {auto: off, globalAgent: undefined};",
        loader: 'js',
      }),
    },
  ].filter(patch => !skipped.has(patch.name));
}

/** Ends the build, before anything is built, when a patched or reached package changed version. */
export function exitOnChangedVersions(root) {
  const stale = versionProblems(root, [...dependencyPatches(root), ...REACHES], process.env.VIGIL_BUILD_RECHECK);
  if (stale.length === 0) return;
  console.error(`build: a package vigil patches or reaches into changed version\n${stale.join('\n')}`);
  process.exit(1);
}

/** The patches as one esbuild plugin. */
export function dependencyPatchesPlugin(root) {
  return {
    name: 'vigil-dependency-patches',
    setup(build) {
      for (const patch of dependencyPatches(root)) {
        if (patch.resolve) {
          const namespace = `vigil-patch-${patch.name}`;
          build.onResolve({filter: patch.resolve}, args => ({path: args.path, namespace}));
          build.onLoad({filter: /.*/, namespace}, patch.onLoad);
        } else {
          build.onLoad({filter: patch.filter}, patch.onLoad);
        }
      }
    },
  };
}
