// A command is one room, src/cmd/<noun>/<verb>/command.ts, and the pieces around it that
// cannot be derived: the group's description and a page that tells a person about it
// (Pastel's module of each command is derived by the build: scripts/build.mjs).
// Each missing or stray piece is one line naming the file to write (docs/commands.md#adding-a-command).
// Tests sit where the code sits: test/cmd/<noun>/<verb>/ for each command (or a test of the
// group's folder that imports the room, for a file driving several verbs: auth, config), and
// no folder of test/cmd without a room of src/cmd (docs/testing.md#where-a-test-sits).
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {declarationsIn} from '../gen/registries.mjs';

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** Every definition under src/cmd: its file and its `path`. */
export function definitions(root) {
  return files(path.join(root, 'src/cmd'))
    .filter((file) => path.basename(file) === 'command.ts')
    .map((file) => {
      const m = /\bpath:\s*\[([^\]]*)\]/.exec(readFileSync(file, 'utf8'));
      const words = m ? [...m[1].matchAll(/'([^']+)'/g)].map((w) => w[1]) : [];
      return {file: path.relative(root, file), path: words};
    });
}

/**
 * The missing or stray pieces of every command under `root`, one line each.
 * @param {string} root the repository
 */
export function commandPieces(root) {
  const problems = [];
  const read = (rel) => (existsSync(path.join(root, rel)) ? readFileSync(path.join(root, rel), 'utf8') : undefined);
  const groupsSource = read('src/cli/groups.ts') ?? '';
  // docs/commands.md, the guide to adding a command, names commands as examples: not a page about them.
  const pages = ['README.md', ...files(path.join(root, 'docs')).filter((f) => f.endsWith('.md') && path.basename(f) !== 'commands.md').map((f) => path.relative(root, f))].map(read).join('\n');
  const groups = new Set();
  const tests = files(path.join(root, 'test/cmd')).filter((f) => /\.test\.tsx?$/.test(f)).map((f) => path.relative(root, f));
  for (const def of definitions(root)) {
    const room = path.dirname(def.file);
    if (def.path.length === 0 || room !== path.join('src/cmd', ...def.path)) {
      problems.push(`${def.file}: its path [${def.path.join(', ')}] must name its room (src/cmd/<noun>/<verb>/ for ['<noun>', '<verb>'])`);
      continue;
    }
    const name = def.path.join(' ');
    if (!pages.includes(`vigil ${name}`)) problems.push(`${def.file}: no page names \`vigil ${name}\`: say what it does in README.md or docs/`);
    const folder = `test/cmd/${def.path.join('/')}/`;
    const tested = tests.some((t) => t.startsWith(folder) || (def.path.length === 2 && path.dirname(t) === `test/cmd/${def.path[0]}` && read(t).includes(`src/cmd/${def.path.join('/')}/`)));
    if (!tested) problems.push(`${folder}: missing: the tests of ${def.file} (its work called directly, as a TTY and piped; docs/commands.md#adding-a-command)`);
    if (def.path.length === 2) groups.add(def.path[0]);
  }
  for (const folder of new Set(tests.map((t) => path.dirname(t)))) {
    const room = folder.replace(/^test\/cmd/, 'src/cmd');
    if (!existsSync(path.join(root, room))) problems.push(`${folder}/: no ${room}/: tests sit where the code sits (docs/testing.md#where-a-test-sits)`);
  }
  const verbsOf = (group) => definitions(root).filter((d) => d.path.length === 2 && d.path[0] === group).map((d) => d.path[1]).sort();
  for (const group of groups) {
    const line = new RegExp(`^\\s*'?${group}'?:\\s*'([^']*)'`, 'm').exec(groupsSource);
    if (!line) problems.push(`src/cli/groups.ts: missing: the one-line description of the group ${group}`);
    // A line naming two verbs or more reads as the list of them: a verb it leaves out went unnoticed.
    const verbs = verbsOf(group);
    const named = verbs.filter((verb) => new RegExp(`\\b${verb}\\b`, 'i').test(line?.[1] ?? ''));
    if (named.length >= 2 && named.length < verbs.length) problems.push(`src/cli/groups.ts: the line of ${group} names ${named.join(', ')} but not ${verbs.filter((v) => !named.includes(v)).join(', ')}: say what the group holds now`);
  }
  // `vigil reports create|list|search` in a page reads as every verb of the group.
  for (const page of ['README.md', ...files(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => path.relative(root, f))]) {
    for (const [text, group, list] of (read(page) ?? '').matchAll(/vigil ([a-z]+) ([a-z]+(?:\|[a-z]+)+)/g)) {
      const missing = verbsOf(group).filter((verb) => !list.split('|').includes(verb));
      if (missing.length > 0) problems.push(`${page}: \`${text}\` leaves out ${missing.join(', ')}`);
    }
  }
  for (const file of files(path.join(root, 'commands'))) {
    const rel = path.relative(root, file);
    if (path.basename(file).startsWith('_app.')) continue;
    problems.push(`${rel}: only Pastel's app (commands/_app.tsx) lives in commands/: each command's module is derived from its definition by the build (scripts/build.mjs)`);
  }
  return problems;
}

/**
 * The pieces of an upstream endpoint the build cannot derive (docs/commands.md#adding-a-command):
 * each path of `PATHS` (src/api/wire/paths.ts) described in docs/contract.md and called by a
 * test of test/sandbox/, and each method of `ApiClient` (src/api/client.ts) called by a test
 * of test/api/. One line each.
 * @param {string} root the repository
 */
export function endpointPieces(root) {
  const problems = [];
  const read = (rel) => (existsSync(path.join(root, rel)) ? readFileSync(path.join(root, rel), 'utf8') : '');
  const pathsBlock = /export const PATHS = \{([\s\S]*?)\n\}/.exec(read('src/api/wire/paths.ts'))?.[1] ?? '';
  const declared = declaredEndpoints(root);
  // [key, path, where it is spelt]: PATHS' own lines, then each declared endpoint's.
  const paths = [
    ...[...pathsBlock.matchAll(/(\w+):\s*'([^']+)'/g)].map(([, key, wirePath]) => ({key, wirePath, where: 'src/api/wire/paths.ts', label: `PATHS.${key}`})),
    ...declared.map((d) => ({key: d.name, wirePath: d.path, where: d.file, label: `${d.name}`})),
  ];
  const contract = read('docs/contract.md');
  // A paragraph that names the exact path documents it as used, unless it says the path is
  // not used (the "Other endpoints" list): that one is flagged instead, so a path vigil calls
  // cannot hide behind a line saying vigil does not call it.
  const paragraphs = contract.split(/\n\s*\n/);
  for (const {wirePath, where, label} of paths) {
    const exact = new RegExp(`/${wirePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[\`\\s?,)]|$)`);
    const naming = paragraphs.filter((paragraph) => exact.test(paragraph));
    const notUsed = naming.filter((paragraph) => /\bnot used\b/i.test(paragraph));
    if (naming.length === notUsed.length) problems.push(`${where}: ${label} (/${wirePath}) is in no section of docs/contract.md: say what vigil relies on (path, body, answer, errors, whether it may be repeated)`);
    if (notUsed.length > 0) problems.push(`docs/contract.md: says /${wirePath} is not used by vigil, but ${label} (${where}) calls it: take it off that line`);
  }
  // The sandbox's rules for the path (its answer and each refusal) are tested beside the
  // OpenAPI check, which only proves that the route answers: a call of the path's fixed part.
  const sandboxTests = files(path.join(root, 'test/sandbox')).filter((f) => /\.test\.tsx?$/.test(f) && path.basename(f) !== 'openapi.test.ts').map((f) => readFileSync(f, 'utf8')).join('\n');
  // A declared endpoint's route is derived (src/sandbox/endpoints/serve.ts: its request check,
  // its OpenAPI path) and test/sandbox/openapi.test.ts calls it with its example: only the
  // older routes, written by hand, need tests of their own.
  for (const [, key, wirePath] of pathsBlock.matchAll(/(\w+):\s*'([^']+)'/g)) {
    const fixed = wirePath.split('{')[0];
    if (!sandboxTests.includes(`'${fixed}`) && !sandboxTests.includes(`\`${fixed}`)) problems.push(`src/api/wire/paths.ts: PATHS.${key} (/${wirePath}) is called by no test of test/sandbox/ but openapi.test.ts: test the route's rules (its answer, each refusal)`);
  }
  // Each declared endpoint is served by the sandbox: a file of src/sandbox/endpoints/ calls serve() with it.
  const served = files(path.join(root, 'src/sandbox/endpoints')).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(f, 'utf8')).join('\n');
  for (const d of declared) {
    if (!new RegExp(`\\bserve\\(\\s*${d.name}\\b`).test(served)) problems.push(`${d.file}: ${d.name} (${d.method} /${d.path}) is served by no file of src/sandbox/endpoints/: add one, \`export const ${d.name}Served = serve(${d.name}, {answer, answers, handle})\`, over the sandbox's data`);
  }
  const client = /export interface ApiClient \{([\s\S]*?)\n\}/.exec(read('src/api/client.ts'))?.[1] ?? '';
  const apiTests = files(path.join(root, 'test/api')).filter((f) => /\.test\.tsx?$/.test(f)).map((f) => readFileSync(f, 'utf8')).join('\n');
  for (const [, method] of client.matchAll(/^ {2}(\w+)\(/gm)) {
    if (!apiTests.includes(`.${method}(`)) problems.push(`src/api/client.ts: ApiClient.${method} is called by no test of test/api/ (the request it sends and each error, with nock)`);
  }
  return problems;
}

/** The endpoints declared in src/api/wire/endpoints/*.ts: [{file, name, method, path}]. */
export function declaredEndpoints(root) {
  const dir = 'src/api/wire/endpoints';
  return declarationsIn(root, dir, 'defineEndpoint').map(({file, name}) => {
    const text = readFileSync(path.join(root, dir, file), 'utf8');
    const body = text.slice(text.indexOf(`export const ${name} = defineEndpoint(`));
    const field = (key) => new RegExp(`\\b${key}:\\s*'([^']+)'`).exec(body)?.[1] ?? '';
    return {file: `${dir}/${file}`, name, method: field('method'), path: field('path')};
  });
}
