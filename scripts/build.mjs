// Bundles the CLI with esbuild, in three builds written side by side into dist/:
// - dist/cli.js, the bootstrap with the fast path's router (help, --version, which command),
//   one file with nothing split out: help and --version load that file and the manifest only;
// - dist/fast/<noun>/<verb>.js, one entry per command holding its definition and the fast
//   path's runner (Commander, Pastel's option generator, zod, runWork): a run that draws
//   nothing loads its command's entry and the few chunks the commands share (Node links an ES
//   module per file, ~1 ms each: one build for everything makes a dry run load 34 files);
// - dist/pastel.js with dist/commands/** beside it, Pastel's layout (Pastel discovers
//   commands by reading that folder): only a run that draws, or a command line naming no
//   command, loads them. Each command module is its own entry point and code splitting
//   shares one copy of pastel/ink/react between them.
// The three builds share no module instance: state that must be one per process lives on
// globalThis (src/cli/interrupt.ts).
// Server-side packages stay external: they are imported lazily by the commands that need
// them, and some of them read files of their own at run time.
import {build} from 'esbuild';
import {readFile, readdir, rename, rm, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {buildCommit} from './build/commit.mjs';
import {dependencyPatchesPlugin, exitOnChangedVersions} from './build/patches.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
// `vigil --version` and vigil_build_info name it (scripts/build/commit.mjs).
let commit;
try {
  commit = buildCommit(root);
} catch (error) {
  process.stderr.write(`build: ${error.message}\n`);
  process.exit(3);
}

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
// Each command's room is src/cmd/<noun>/<verb>/ (or src/cmd/<name>/): its definition is the
// room's command.ts, beside the work and its helpers.
const definitionsDir = path.join(root, 'src/cmd');
const definitionFiles = (await listCommandModules(definitionsDir)).filter(file => path.basename(file) === 'command.ts');
const pastelEntries = [
  {in: path.join(root, 'src/cli/main.ts'), out: 'pastel'},
  ...commandFiles.map(file => ({
    in: file,
    out: path.relative(root, file).replace(/\.tsx?$/, ''),
  })),
  // Build time only: writes dist/cli-manifest.json, then is removed.
  {in: path.join(root, 'src/cli/manifest-build.ts'), out: 'manifest-build'},
];
// dist/fast/<noun>/<verb>.js: the definition and the runner (src/cli/fast-path.ts imports it).
const fastOut = file => `fast/${path.relative(definitionsDir, path.dirname(file))}`;
const fastEntries = definitionFiles.map(file => ({in: `vigil-fast:${file}`, out: fastOut(file)}));
const fastEntryPlugin = {
  name: 'fast-entries',
  setup(build) {
    build.onResolve({filter: /^vigil-fast:/}, args => ({path: args.path.slice('vigil-fast:'.length), namespace: 'vigil-fast'}));
    build.onLoad({filter: /.*/, namespace: 'vigil-fast'}, args => ({
      contents: `export {definition} from ${JSON.stringify(args.path)};\nexport {runDefinition} from ${JSON.stringify(path.join(root, 'src/cli/fast-run.ts'))};\n`,
      loader: 'js',
      resolveDir: root,
    }));
    // A screen is shown on Pastel's path only (fast-path.ts hands a run that draws to Pastel
    // before calling `interactive.load`): leave Ink and React out of this build.
    build.onResolve({filter: /[\\/]ui[\\/]screens[\\/]/}, args => ({path: args.path, namespace: 'vigil-no-screen'}));
    build.onLoad({filter: /.*/, namespace: 'vigil-no-screen'}, () => ({
      contents: "throw new Error('screens are loaded on Pastel\\'s path only (dist/pastel.js)');",
      loader: 'js',
    }));
  },
};

// Build beside dist/ and swap it in, so a test running the CLI never sees a half-built tree.
const staging = path.join(root, `dist.tmp-${process.pid}`);
await rm(staging, {recursive: true, force: true});
// Every patch of a dependency's source, with its reason and re-check: scripts/build/patches.mjs.
exitOnChangedVersions(root);
const patches = dependencyPatchesPlugin(root);

const common = {
  outdir: staging,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: process.env.VIGIL_BUILD_MINIFY !== '0',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  jsx: 'automatic',
  legalComments: 'none',
  metafile: true,
  external: ['react-devtools-core', '@modelcontextprotocol/sdk', 'bullmq', 'ioredis', 'prom-client', 'fastify', 'msgpackr', 'msgpackr-extract', 'yaml'],
  // CommonJS dependencies bundled into ESM still call require() for Node built-ins.
  banner: {
    js: "import {createRequire as __vigilCreateRequire} from 'node:module';const require=__vigilCreateRequire(import.meta.url);",
  },
  define: {'process.env.NODE_ENV': '"production"', __VIGIL_VERSION__: JSON.stringify(pkg.version), __VIGIL_COMMIT__: JSON.stringify(commit)},
  logLevel: 'warning',
};
const results = await Promise.all([
  build({...common, entryPoints: [{in: path.join(root, 'src/cli.ts'), out: 'cli'}], splitting: false, plugins: [patches]}),
  build({...common, entryPoints: fastEntries, splitting: true, plugins: [patches, fastEntryPlugin]}),
  build({...common, entryPoints: pastelEntries, splitting: true, plugins: [patches]}),
]);

// Which sources each output file holds: test/cli/startup.test.ts maps the files a run loads
// back to the packages and commands inside them.
const outputs = Object.fromEntries(
  results
    .flatMap(result => Object.entries(result.metafile.outputs))
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, output]) => [path.relative(staging, path.resolve(root, file)), Object.keys(output.inputs).map(input => input.replace(/^vigil-fast:/, ''))]),
);
await writeFile(path.join(staging, 'build-meta.json'), `${JSON.stringify(outputs)}\n`);

// Help text and completion data of every command, so that help, --version and completion
// load no command (src/cli/manifest.ts); and every command's MCP tool (src/mcp/tools-file.ts).
{
  const {writeManifest, writeTools, PROGRAM_DESCRIPTION} = await import(pathToFileURL(path.join(staging, 'manifest-build.js')).href);
  const definitions = [];
  for (const file of definitionFiles) {
    const out = path.join(staging, `${fastOut(file)}.js`);
    definitions.push((await import(pathToFileURL(out).href)).definition);
  }
  writeManifest(path.join(staging, 'cli-manifest.json'), definitions, pkg.version, PROGRAM_DESCRIPTION);
  // The MCP tools, derived from the same definitions (`vigil mcp` reads them).
  writeTools(path.join(staging, 'mcp-tools.json'), definitions);
  await rm(path.join(staging, 'manifest-build.js'));
  await rm(path.join(staging, 'manifest-build.js.map'));
}

const old = path.join(root, `dist.old-${process.pid}`);
await rename(path.join(root, 'dist'), old).catch(() => {});
await rename(staging, path.join(root, 'dist'));
await rm(old, {recursive: true, force: true});
