// tsc, then the project rules tsc cannot check, all in one run: a new command left half done
// shows every missing piece at once, tsc's ("Property 'getReport' does not exist on type
// 'ApiClient'") and the rules' (docs/commands.md#adding-a-command), not only the first kind.
// `--no-tsc` runs the rules alone. The rules:
// - commands/ holds Pastel's app only (each command's module is derived by the build);
// - no source file grows past what one reader holds in mind;
// - only the worker command (src/cmd/worker/) reaches into jobs/, the worker's BullMQ side:
//   what other commands share with the worker lives in src/ (src/redis/, src/metrics/);
// - zod is imported as a namespace (`import * as z from 'zod'`): the named `{z}` export is a
//   namespace object the bundler must keep whole, ~130 KB more on every command's start-up;
// - src/ui calls commands' work functions and src/cmd/<noun>/shared/ only (scripts/lint/layers.mjs);
// - every cited document and section exists in the repository (scripts/lint/doc-refs.mjs);
// - no import circle among the transport's modules, src/api (scripts/lint/import-cycles.mjs);
// - every command has each piece docs/commands.md lists that cannot be derived at run time:
//   its group's description, a page naming it, its tests, and for an
//   endpoint its section of docs/contract.md and a test of its client method (scripts/lint/command-pieces.mjs);
// - every dependency with an install script is allowed or denied in package.json's
//   `allowScripts` (npm 11 warns at `npm ci` about any other, and a later npm blocks it);
// - docs/checker.md opens with what the worker runs: any check of the registry, listed or
//   discovered (`discover:`), not one named check (it once said only takedowns.cancelled-count).
import {fileURLToPath} from 'node:url';
import {spawnSync} from 'node:child_process';
import {readdir, readFile, stat} from 'node:fs/promises';
import path from 'node:path';
import {layerProblems} from './lint/layers.mjs';
import {danglingDocRefs} from './lint/doc-refs.mjs';
import {importCycles} from './lint/import-cycles.mjs';
import {commandPieces, endpointPieces} from './lint/command-pieces.mjs';
import {staleRegistries} from './gen/registries.mjs';
import {staleDocs} from './gen/docs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 400;
const problems = [];
let tscFailed = false;
if (!process.argv.includes('--no-tsc')) {
  const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.json')], {stdio: 'inherit'});
  tscFailed = tsc.status !== 0;
}

async function walk(dir) {
  const out = [];
  for (const name of await readdir(dir).catch(() => [])) {
    const full = path.join(dir, name);
    if ((await stat(full)).isDirectory()) out.push(...(await walk(full)));
    else out.push(full);
  }
  return out;
}

for (const file of await walk(path.join(root, 'commands'))) {
  const rel = path.relative(root, file);
  if (!/\.(ts|tsx)$/.test(file)) {
    problems.push(`${rel}: only command modules belong in commands/`);
    continue;
  }
  const text = await readFile(file, 'utf8');
  const isGroup = path.basename(file).startsWith('index.') && !/export default/.test(text);
  const isApp = path.basename(file).startsWith('_app.');
  if (!isGroup && !isApp && !/export default/.test(text)) problems.push(`${rel}: a command module must export a default component`);
  if (/\.test\.tsx?$/.test(file)) problems.push(`${rel}: tests live in test/, not commands/`);
}

for (const dir of ['src', 'commands', 'jobs']) {
  for (const file of await walk(path.join(root, dir))) {
    if (!/\.(ts|tsx|mjs)$/.test(file)) continue;
    const text = await readFile(file, 'utf8');
    if (/^import \{z\} from 'zod'/m.test(text)) problems.push(`${path.relative(root, file)}: import * as z from 'zod' (not {z}: it keeps all of zod in the bundle)`);
    const rel = path.relative(root, file);
    if (rel.startsWith('src/') && !rel.startsWith('src/cmd/worker/') && /(?:from|import\()\s*'(?:\.\.\/)+jobs\//.test(text)) {
      problems.push(`${rel}: only the worker command imports from jobs/ (move what it needs into src/)`);
    }
    problems.push(...layerProblems(rel, text));
    const lines = text.split('\n').length;
    if (lines > MAX_LINES) problems.push(`${path.relative(root, file)}: ${lines} lines (split it below ${MAX_LINES})`);
  }
}

problems.push(...danglingDocRefs(root));
problems.push(...importCycles(root, 'src/api'));
problems.push(...commandPieces(root));
problems.push(...endpointPieces(root));
problems.push(...staleRegistries(root));
problems.push(...staleDocs(root));
{
  const checker = await readFile(path.join(root, 'docs/checker.md'), 'utf8');
  const opening = checker.slice(0, checker.indexOf('\n## '));
  if (!opening.includes('`discover:`')) problems.push('docs/checker.md: its opening must say the worker runs the checks of the registry (`discover:`), not only the listed ones');
  const named = (opening.match(/(?<![\w/.])[a-z]+\.[a-z]+(?:-[a-z]+)*\b/g) ?? []).filter(name => !/\.(md|ts|mjs|js|ya?ml|json)$/.test(name));
  if (named.length > 0) problems.push(`docs/checker.md: its opening names ${named.join(', ')}: the worker runs any check of the registry; name examples further down`);
}

{
  const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8'));
  const decided = new Set(Object.keys(pkg.allowScripts ?? {}).map(entry => entry.replace(/(?<=.)@.*$/, '')));
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (entry.hasInstallScript && where !== '' && !decided.has(name)) problems.push(`package.json: allowScripts does not say whether ${name}'s install script may run (true or false, and why in README.md's Install)`);
  }
}

if (problems.length > 0) console.error(problems.join('\n'));
if (problems.length > 0 || tscFailed) process.exit(1);
console.log('lint: ok');
