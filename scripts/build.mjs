// Bundles the CLI with esbuild, keeping Pastel's layout: dist/cli.js with dist/commands/**
// beside it (Pastel discovers commands by reading that folder). Each command module is its
// own entry point and code splitting shares one copy of pastel/ink/react between them, so a
// start-up pays for one minified bundle instead of hundreds of unbundled modules.
// Server-side packages stay external: they are imported lazily by the commands that need
// them, and some of them read files of their own at run time.
import {build} from 'esbuild';
import {readFile, readdir, rename, rm, stat} from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));

async function listCommandModules(dir) {
  const found = [];
  for (const name of await readdir(dir)) {
    const full = path.join(dir, name);
    if ((await stat(full)).isDirectory()) found.push(...(await listCommandModules(full)));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

const commandFiles = await listCommandModules(path.join(root, 'commands'));
const entryPoints = [
  {in: path.join(root, 'src/cli.ts'), out: 'cli'},
  ...commandFiles.map(file => ({
    in: file,
    out: path.relative(root, file).replace(/\.tsx?$/, ''),
  })),
];

// Build beside dist/ and swap it in, so a test running the CLI never sees a half-built tree.
const staging = path.join(root, `dist.tmp-${process.pid}`);
await rm(staging, {recursive: true, force: true});
/**
 * Start-up trims and one fix-up of Pastel, applied to the bundle:
 * - zod's `z.locales` namespace drags all ~50 message locales (~300 KB minified) into the
 *   bundle; vigil writes its own messages and zod uses `en` by default, so only `en` stays.
 * - Pastel calls read-package-up on every run, only to fall back on a package.json's
 *   name and version; vigil always passes both (and the fallback would read the package.json
 *   above the user's working directory, not vigil's), so it resolves to nothing.
 */
const startupTrims = {
  name: 'startup-trims',
  setup(build) {
    // Pastel prints its own option type errors (a flag given without its value) on stdout,
    // naming the camelCase key; route them to src/cli/parse-error.ts (stderr, flag names).
    build.onLoad({filter: /[\\/]pastel[\\/]build[\\/]generate-command\.js$/}, async args => {
      const source = await readFile(args.path, 'utf8');
      const pastelError = /render\(_jsx\(StatusMessage, \{ variant: "error", children: fromZodError\(result\.error, \{[^}]*\}\)\.message \}\)\);/g;
      const patched = source.replace(pastelError, '__vigilReportParseError(result.error);');
      if (patched.match(/__vigilReportParseError/g)?.length !== 2) {
        throw new Error('pastel/build/generate-command.js changed: update the parse-error patch in scripts/build.mjs');
      }
      const handler = JSON.stringify(path.join(root, 'src/cli/parse-error.ts'));
      return {contents: `import {reportParseError as __vigilReportParseError} from ${handler};\n${patched}`, loader: 'js', resolveDir: path.dirname(args.path)};
    });
    build.onLoad({filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/}, () => ({
      contents: "export {default as en} from './en.js';",
      loader: 'js',
    }));
    build.onResolve({filter: /^read-package-up$/}, () => ({path: 'read-package-up', namespace: 'vigil-stub'}));
    build.onLoad({filter: /.*/, namespace: 'vigil-stub'}, () => ({
      contents: 'export async function readPackageUp() { return undefined; }',
      loader: 'js',
    }));
  },
};

await build({
  entryPoints,
  plugins: [startupTrims],
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: process.env.VIGIL_BUILD_MINIFY !== '0',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  jsx: 'automatic',
  legalComments: 'none',
  external: ['react-devtools-core', 'bullmq', 'ioredis', 'prom-client', 'fastify', 'msgpackr', 'msgpackr-extract', 'yaml'],
  // CommonJS dependencies bundled into ESM still call require() for Node built-ins.
  banner: {
    js: "import {createRequire as __vigilCreateRequire} from 'node:module';const require=__vigilCreateRequire(import.meta.url);",
  },
  define: {'process.env.NODE_ENV': '"production"', __VIGIL_VERSION__: JSON.stringify(pkg.version)},
  logLevel: 'warning',
});

const old = path.join(root, `dist.old-${process.pid}`);
await rename(path.join(root, 'dist'), old).catch(() => {});
await rename(staging, path.join(root, 'dist'));
await rm(old, {recursive: true, force: true});
