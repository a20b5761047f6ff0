import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {CLI, ROOT} from './cli.js';

function newestMtime(entry: string): number {
  const info = statSync(entry, {throwIfNoEntry: false});
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/**
 * Builds dist/ when it is missing or older than the sources, so a process-level test file
 * also works when run alone (`npm test` has built already, and then this is a stat walk).
 * The flock serialises builds between test files and people working in the same tree.
 */
export function ensureBuilt(): void {
  const built = statSync(CLI, {throwIfNoEntry: false})?.mtimeMs ?? 0;
  const sources = Math.max(...['src', 'commands', 'jobs', 'package.json', 'scripts/build.mjs', 'scripts/build'].map(entry => newestMtime(path.join(ROOT, entry))));
  if (built >= sources) return;
  try {
    // The lock sits beside the dist/ it guards, not in the run's temp folder: two runs of
    // the suite in one tree (or a person building) must wait for each other too.
    mkdirSync(path.join(ROOT, 'node_modules/.cache'), {recursive: true});
    execFileSync('flock', [path.join(ROOT, 'node_modules/.cache/vigil-build.lock'), 'npm', 'run', 'build'], {cwd: ROOT, stdio: 'pipe'});
  } catch (error) {
    // A tree shared with people mid-edit may not build for a moment; an existing dist/ is
    // still the CLI under test (`npm test` and CI build from a clean tree first).
    if (built === 0) throw error;
    const output = (error as {stderr?: Buffer}).stderr?.toString() ?? '';
    console.warn(`ensureBuilt: build failed, testing the existing dist/\n${output.slice(0, 2000)}`);
  }
}

/**
 * Bundles a TypeScript fixture that tests start as processes (with its imports from src/)
 * into one plain ES module, so each process starts as fast as the built CLI instead of
 * paying tsx's compile at every start. Packages stay imports: the module is written under
 * node_modules/.cache, where they resolve, named by its content (nothing piles up).
 */
export async function bundleFixture(entry: string): Promise<string> {
  const {build} = await import('esbuild');
  const result = await build({entryPoints: [path.join(ROOT, entry)], write: false, bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', logLevel: 'error'});
  const code = result.outputFiles[0]!.contents;
  const outfile = path.join(ROOT, 'node_modules/.cache/vigil-fixtures', `${path.basename(entry, '.ts')}-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.mjs`);
  if (!existsSync(outfile)) {
    mkdirSync(path.dirname(outfile), {recursive: true});
    // Written aside and renamed: two test files bundling at once never read half a file.
    const partial = `${outfile}.${process.pid}`;
    writeFileSync(partial, code);
    renameSync(partial, outfile);
  }
  return outfile;
}
