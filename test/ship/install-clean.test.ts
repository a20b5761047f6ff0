import {execFileSync} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ensureBuilt} from '../helpers/build.js';
import {ROOT} from '../helpers/cli.js';
import {cleanEnv, NODE_LINES, nodeOf, npmCli, npmUnder, registryUnreachable, warnings, type NpmRun} from './node-lines.js';

/*
 * The package as a user installs it, on every Node line the README names: `npm pack`, then
 * `npm install -g --omit=dev ./vigil-<version>.tgz` into an empty prefix, under that line's
 * node (npm checks `engines` against the node running it). What a user notices is npm's
 * output: no EBADENGINE (light-my-request 6.8 needs cookie 2, Node >= 22: vigil pins 6.6.0
 * as its own dependency, which fastify's `^6` then shares, since `overrides` never reach a
 * consumer), no invalid tree, and, with `--ignore-scripts` as the README's install line has
 * it, no warning at all. Without it npm 11 lists msgpackr-extract's `install` (its one
 * install script, optional: README.md#install says why), the only warning left.
 * The file installs on every line itself, so .ci/run's Node-line parts skip it.
 */

const skipped = process.env.VIGIL_TEST_GROUP === 'node' ? 'runs once: it installs on every Node line itself' : await registryUnreachable();
if (skipped) console.warn(`SKIPPED: ${skipped}`);

interface Line {
  major: number;
  node: string;
  version: string;
  plain: NpmRun;
  ignoringScripts: NpmRun;
  prefix: string;
}

let tarball = '';
const lines: Line[] = [];
const made: string[] = [];

beforeAll(async () => {
  if (skipped) return;
  ensureBuilt();
  const packDir = mkdtempSync(path.join(tmpdir(), 'vigil-pack-'));
  made.push(packDir);
  // --ignore-scripts: prepack would build again; ensureBuilt has built dist/.
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], {cwd: ROOT, encoding: 'utf8', env: cleanEnv()})) as {filename: string}[];
  tarball = path.join(packDir, packed!.filename);
  const cli = await npmCli();
  const install = async (node: string, extra: string[]) => {
    const prefix = mkdtempSync(path.join(tmpdir(), 'vigil-prefix-'));
    made.push(prefix);
    return {prefix, run: await npmUnder(node, cli, ['install', '-g', '--omit=dev', ...extra, tarball, '--prefix', prefix, '--no-audit', '--no-fund'], prefix)};
  };
  const started = Date.now();
  lines.push(...(await Promise.all(NODE_LINES.map(async major => {
    const node = await nodeOf(major);
    if (node !== process.execPath) made.push(path.resolve(path.dirname(node), '../..'));
    const [plain, ignoring] = await Promise.all([install(node, []), install(node, ['--ignore-scripts'])]);
    return {major, node, version: execFileSync(node, ['--version'], {encoding: 'utf8'}).trim(), plain: plain.run, ignoringScripts: ignoring.run, prefix: plain.prefix};
  }))));
  console.log(`npm ${execFileSync('npm', ['--version'], {encoding: 'utf8'}).trim()}: 8 installs on ${lines.map(line => line.version).join(', ')} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const line of lines) console.log(`${line.version}, npm install -g --omit=dev:\n${line.plain.output.trim()}\n${line.version}, with --ignore-scripts:\n${line.ignoringScripts.output.trim()}`);
}, 900_000);

// Not rmSync: eight prefixes of 257 packages each held the event loop past vitest's own timeouts.
afterAll(async () => {
  await Promise.all(made.map(dir => rm(dir, {recursive: true, force: true})));
}, 300_000);

describe.skipIf(skipped)('npm install -g --omit=dev of the packed tarball on Node 20, 22, 24 and 26', () => {
  it.each(NODE_LINES)('installs on Node %i without a single warning with --ignore-scripts (the README\'s line)', major => {
    const line = lines.find(each => each.major === major)!;
    expect(line.ignoringScripts.code, line.ignoringScripts.output).toBe(0);
    expect(line.version).toMatch(new RegExp(`^v${major}\\.`));
    expect(warnings(line.ignoringScripts.output)).toEqual([]);
  });

  it.each(NODE_LINES)('installs on Node %i with no EBADENGINE, its one warning msgpackr-extract\'s optional install script', major => {
    const {plain} = lines.find(each => each.major === major)!;
    expect(plain.code, plain.output).toBe(0);
    const warned = warnings(plain.output);
    expect(warned.filter(text => /EBADENGINE/.test(text))).toEqual([]);
    expect(warned.filter(text => !/^npm warn install-scripts/.test(text))).toEqual([]);
    const listed = warned.map(text => /^npm warn install-scripts\s+(\S+)@\S+ \(/.exec(text)?.[1]).filter(Boolean);
    expect(listed.every(name => name === 'msgpackr-extract')).toBe(true);
  });

  it.each(NODE_LINES)('leaves a valid tree on Node %i: npm ls, from the prefix and from the package with its overrides', async major => {
    const line = lines.find(each => each.major === major)!;
    const cli = await npmCli();
    const global = await npmUnder(line.node, cli, ['ls', '-g', '--all', '--prefix', line.prefix], line.prefix);
    expect(global.output).not.toMatch(/invalid|missing|extraneous|ELSPROBLEMS/);
    expect(global.code, global.output).toBe(0);
    const installed = path.join(line.prefix, 'lib/node_modules/vigil');
    const own = await npmUnder(line.node, cli, ['ls', '--all', '--omit=dev'], installed);
    expect(own.output).toMatch(/light-my-request@6\.6\.0/);
    expect(own.output).not.toMatch(/invalid|extraneous|cookie@2\./);
  });
});
