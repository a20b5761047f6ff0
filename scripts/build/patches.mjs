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

const CLI_CHECK = 'npx vitest run test/cli/startup.test.ts test/cli/definitions.test.ts test/cli/help.test.ts test/cli/flag-values.test.ts';
/**
 * The re-check after upgrading each package vigil patches or reaches into: a build that
 * accepts the new version (VIGIL_BUILD_RECHECK), then the tests that fail when a patch or a
 * reach no longer does its job. When they pass, write the new version in its entries below.
 */
export const RECHECKS = {
  // Pastel's option and argument generators through pastel-internals.ts: every command's help and parse.
  pastel: `VIGIL_BUILD_RECHECK=pastel npm run build && ${CLI_CHECK}`,
  commander: `VIGIL_BUILD_RECHECK=commander npm run build && ${CLI_CHECK}`,
  // The transport and its got workarounds (end-callback.ts), then got's errors through the built CLI.
  // The worker's write coalescing wraps the socket's write (src/redis/coalesce-writes.ts).
  ioredis: 'VIGIL_BUILD_RECHECK=ioredis npm run build && npx vitest run test/redis test/jobs',
  got: 'grep -rn http2-wrapper node_modules/got/dist/source && VIGIL_BUILD_RECHECK=got npm run build && npx vitest run test/api test/cli/got-errors-key.test.ts test/cli/startup.test.ts',
};

/** A start-up patch must save at least this much CPU per run to be worth re-checking at every upgrade. */
export const MIN_STARTUP_SAVING_MS = 5;

/**
 * What src/ relies on of a package beyond its published API, that is not a build patch: a
 * file past its `exports` (any release may move it), or a run-time patch of its objects.
 */
export const REACHES = [
  // Pastel's option and argument generators, which turn every definition into Commander options (the file says why).
  {name: 'src/cli/pastel-internals.ts', package: 'pastel', version: '4.0.1'},
  {
    name: 'src/redis/coalesce-writes.ts',
    package: 'ioredis',
    version: '5.11.1',
    saves: {figure: "the worker's socket writes of one event-loop turn in one writev: ~12% of its CPU (docs/performance.md#worker)"},
  },
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
 * The patches, as esbuild plugin hooks. All are `startup` patches: they only trim what a
 * run loads (there is one run path, src/cli/fast-path.ts, so no patch keeps two paths
 * alike). Each can be skipped with VIGIL_BUILD_SKIP, and each carries the figure of what
 * it saves (`saves`): one that saves under MIN_STARTUP_SAVING_MS is dropped unless its
 * `keep` says why it is worth its upkeep. Each patched package is pinned to an exact
 * version in package.json (test/scripts/patches.test.ts), so an upgrade is a decision.
 */
export function dependencyPatches(root) {
  return [
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
