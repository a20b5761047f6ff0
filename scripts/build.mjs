// Bundles the CLI with esbuild, in three builds written side by side into dist/:
// - dist/cli.js, the bootstrap with the fast path's router (help, --version, which command),
//   one file with nothing split out: help and --version load that file and the manifest only;
// - dist/fast/<noun>/<verb>.js, one entry per command holding its definition and the fast
//   path's runner (Commander, Pastel's option generator, zod, runWork): a run that draws
//   nothing loads its command's entry and the few chunks the commands share (Node links an ES
//   module per file, ~1 ms each: one build for everything makes a dry run load 34 files);
// - dist/pastel.js with dist/commands/** beside it (one module per definition, derived), the draw build. Only a
//   run that draws loads it, after the fast path has parsed and checked the input
//   (src/cli/main.ts renders the command's module; Pastel's own parsing never runs). Each
//   command module is its own entry point and code splitting shares one copy of ink/react.
// The three builds share no module instance: state that must be one per process lives on
// globalThis (src/cli/interrupt.ts).
// esbuild does not type-check: without tsc it bundles a command that calls a client method
// nobody wrote and lists it in the manifest. So tsc runs beside the bundling (tsconfig.build.json:
// what the build bundles, incremental) and the build fails with its messages, leaving dist/ as it was.
// Server-side packages stay external: they are imported lazily by the commands that need
// them, and some of them read files of their own at run time.
import {spawn} from 'node:child_process';
import {build} from 'esbuild';
import {readFile, readdir, rename, rm, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {buildCommit} from './build/commit.mjs';
import {dependencyPatchesPlugin, exitOnChangedVersions} from './build/patches.mjs';
import {writeRegistries} from './gen/registries.mjs';
import {writeDocs} from './gen/docs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

// Each command's room is src/cmd/<noun>/<verb>/ (or src/cmd/<name>/): its definition is the
// room's command.ts, beside the work and its helpers.
const definitionsDir = path.join(root, 'src/cmd');
const definitionFiles = (await listCommandModules(definitionsDir)).filter(file => path.basename(file) === 'command.ts');
const pastelEntries = [
  {in: path.join(root, 'src/cli/main.ts'), out: 'pastel'},
  // dist/commands/<noun>/<verb>.js, Pastel's shape of each command, derived from its
  // definition here (no stub to write): the draw build renders it (src/cli/main.ts).
  ...definitionFiles.map(file => ({in: `vigil-draw:${file}`, out: `commands/${path.relative(definitionsDir, path.dirname(file))}`})),
  // Build time only: writes dist/cli-manifest.json, then is removed.
  {in: path.join(root, 'src/cli/manifest-build.ts'), out: 'manifest-build'},
];
// dist/fast/<noun>/<verb>.js: the definition and the runner (src/cli/fast-path.ts imports it).
const fastOut = file => `fast/${path.relative(definitionsDir, path.dirname(file))}`;
const fastEntries = [
  ...definitionFiles.map(file => ({in: `vigil-fast:${file}`, out: fastOut(file)})),
  // A command line naming no command: Commander's error and suggestion (src/cli/fast-path.ts).
  {in: path.join(root, 'src/cli/unknown-command.ts'), out: 'fast/_unknown'},
];
const drawEntryPlugin = {
  name: 'draw-entries',
  setup(build) {
    build.onResolve({filter: /^vigil-draw:/}, args => ({path: args.path.slice('vigil-draw:'.length), namespace: 'vigil-draw'}));
    build.onLoad({filter: /.*/, namespace: 'vigil-draw'}, args => ({
      contents: `import {definition} from ${JSON.stringify(args.path)};\nimport {pastelCommand} from ${JSON.stringify(path.join(root, 'src/ui/pastel-command.tsx'))};\nexport {definition};\nexport default pastelCommand(definition).component;\n`,
      loader: 'js',
      resolveDir: root,
    }));
  },
};
const fastEntryPlugin = {
  name: 'fast-entries',
  setup(build) {
    build.onResolve({filter: /^vigil-fast:/}, args => ({path: args.path.slice('vigil-fast:'.length), namespace: 'vigil-fast'}));
    build.onLoad({filter: /.*/, namespace: 'vigil-fast'}, args => ({
      contents: `export {definition} from ${JSON.stringify(args.path)};\nexport {runDefinition} from ${JSON.stringify(path.join(root, 'src/cli/fast-run.ts'))};\n`,
      loader: 'js',
      resolveDir: root,
    }));
    // A screen is shown by the draw build only (fast-path.ts hands a run that draws to it
    // before calling `interactive.load`): leave Ink and React out of this build.
    build.onResolve({filter: /[\\/]ui[\\/]screens[\\/]/}, args => ({path: args.path, namespace: 'vigil-no-screen'}));
    build.onLoad({filter: /.*/, namespace: 'vigil-no-screen'}, () => ({
      contents: "throw new Error('screens are loaded by the draw build only (dist/pastel.js)');",
      loader: 'js',
    }));
  },
};

// Build beside dist/ and swap it in, so a test running the CLI never sees a half-built tree.
const staging = path.join(root, `dist.tmp-${process.pid}`);
await rm(staging, {recursive: true, force: true});
// Every patch of a dependency's source, with its reason and re-check: scripts/build/patches.mjs.
exitOnChangedVersions(root);
// The lists of declared endpoints and of the sandbox's served ones, before tsc reads them.
writeRegistries(root);
const typecheck = typeCheck();
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
  build({...common, entryPoints: pastelEntries, splitting: true, plugins: [patches, drawEntryPlugin]}),
]);

const typeErrors = await typecheck;
if (typeErrors !== undefined) {
  await rm(staging, {recursive: true, force: true});
  process.stderr.write(`${typeErrors}build: tsc found the errors above; dist/ is left as it was\n`);
  process.exit(1);
}

// Which sources each output file holds: test/cli/startup.test.ts maps the files a run loads
// back to the packages and commands inside them.
const outputs = Object.fromEntries(
  results
    .flatMap(result => Object.entries(result.metafile.outputs))
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, output]) => [path.relative(staging, path.resolve(root, file)), Object.keys(output.inputs).map(input => input.replace(/^vigil-(?:fast|draw):/, ''))]),
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
// The reference pages, docs/mcp.md's tool table and README's command list, from the new dist/.
writeDocs(root);

/** tsc --noEmit over what the build bundles: undefined when it passes, else its messages. */
function typeCheck() {
  return new Promise((resolve, reject) => {
    const tsc = spawn(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.build.json'), '--pretty', 'false'], {cwd: root, stdio: ['ignore', 'pipe', 'pipe']});
    let output = '';
    tsc.stdout.on('data', chunk => (output += chunk));
    tsc.stderr.on('data', chunk => (output += chunk));
    tsc.on('error', reject);
    tsc.on('close', code => resolve(code === 0 ? undefined : output));
  });
}
