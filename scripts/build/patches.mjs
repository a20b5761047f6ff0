// Every change vigil's build makes to a dependency's source, in one place. Each entry says
// what it buys, what breaks without it, and how to re-check it after upgrading the package
// it patches. A patch whose target text is gone fails the build loudly (never a silent
// no-op): read the new source, then update or drop the patch.
//
// Re-check after any upgrade of pastel or commander:
//   npm run build && npx vitest run test/cli/paths.test.ts test/cli/startup.test.ts test/cli/definitions.test.ts
// The start-up trims can be left out one at a time to measure what they buy, e.g.
//   VIGIL_BUILD_SKIP=commander-lazy-child-process npm run build   (then time the dry run, see docs/architecture.md)
import {readFile} from 'node:fs/promises';
import path from 'node:path';

const skipped = new Set((process.env.VIGIL_BUILD_SKIP ?? '').split(',').filter(Boolean));

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
 * `startup` patches only trim what a run loads; each can be skipped with VIGIL_BUILD_SKIP.
 */
export function dependencyPatches(root) {
  const commander = JSON.stringify(path.join(root, 'src/cli/commander.ts'));
  const parseError = JSON.stringify(path.join(root, 'src/cli/parse-error.ts'));
  return [
    {
      name: 'pastel-keeps-definition',
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
      kind: 'correctness',
      // The root program gets vigil's help layout and examples, as on the fast path. Without
      // it `vigil --help` on Pastel's path reads differently from the manifest's.
      filter: /[\\/]pastel[\\/]build[\\/]index\.js$/,
      onLoad: args =>
        load(args, source => `import {finishProgram as __vigilFinishProgram} from ${commander};\n${replaceOnce(source, 'program.parse(argv);', '__vigilFinishProgram(program);\n        program.parse(argv);', 'pastel/build/index.js')}`),
    },
    {
      name: 'pastel-parse-errors',
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
      kind: 'startup',
      // Commander requires node:child_process (and with it net, dgram and their kin) at
      // import, for executable subcommands, which vigil has none of: load it on first use.
      // Measured 2026-11-26 (farm-bench, 20 paired runs, Node 20, load ~15): a dry run's CPU
      // 151 ms with the patch, 156 ms without (-3%); the built-ins it avoids also shrink RSS.
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
      kind: 'startup',
      // Pastel calls read-package-up on every run only to fall back on a package.json's name
      // and version; vigil always passes both (and the fallback would read the package.json
      // above the user's working directory, not vigil's).
      // Measured 2026-11-26 (20 paired runs, Node 20, load ~15): a run on Pastel's path
      // 480 ms CPU with the stub, 494 ms without (-3%, the package.json walk and its imports).
      resolve: /^read-package-up$/,
      onLoad: () => ({contents: 'export async function readPackageUp() { return undefined; }', loader: 'js'}),
    },
    {
      name: 'got-without-http2',
      kind: 'startup',
      // got imports http2-wrapper at load, which builds a TLS context (~30 ms of every run
      // that sends a request); got touches it only with `http2: true`, which vigil never sets
      // (the upstream speaks HTTP/1.1, docs/api-client.md). Re-check after a got upgrade:
      //   grep -rn http2-wrapper node_modules/got/dist/source  (still only behind options.http2)
      resolve: /^http2-wrapper$/,
      onLoad: () => ({
        contents: "const off = () => { throw new Error('vigil is built without HTTP/2 (http2-wrapper)'); };\nexport default {auto: off, globalAgent: undefined};",
        loader: 'js',
      }),
    },
  ].filter(patch => !skipped.has(patch.name));
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
