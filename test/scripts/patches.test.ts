import {describe, expect, it} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {ROOT} from '../helpers/cli.js';
import {fileTree} from '../helpers/file-tree.js';
// @ts-expect-error: a plain .mjs script, no types
import {MIN_STARTUP_SAVING_MS, REACHES, RECHECKS, dependencyPatches, versionProblems} from '../../scripts/build/patches.mjs';

interface Pinned {
  name: string;
  package: string;
  version: string;
}

const installed = (versions: Record<string, string>) =>
  fileTree(Object.fromEntries(Object.entries(versions).map(([name, version]) => [`node_modules/${name}/package.json`, JSON.stringify({name, version})])));

describe('build patches: written for one version of their package', () => {
  const entries: Pinned[] = [...dependencyPatches('/repo'), ...REACHES];

  it('every patch and reach names its package, a version and a re-check that builds and runs tests', () => {
    for (const entry of entries) {
      expect(entry.version, entry.name).toMatch(/^\d+\.\d+\.\d+$/);
      expect(RECHECKS[entry.package as keyof typeof RECHECKS], entry.name).toMatch(/VIGIL_BUILD_RECHECK=\S+ npm run build && npx vitest run /);
    }
    expect(entries.map(e => e.package)).toEqual(expect.arrayContaining(['pastel', 'commander', 'got', 'ioredis']));
    expect(REACHES.map((r: Pinned) => r.name)).toEqual(expect.arrayContaining(['src/cli/pastel-internals.ts', 'src/redis/coalesce-writes.ts']));
  });

  it('no patch keeps two run paths alike: every patch is a start-up trim', () => {
    expect(dependencyPatches('/repo').map((p: {kind: string}) => p.kind)).toEqual(dependencyPatches('/repo').map(() => 'startup'));
  });

  it('pins each patched or reached package to its exact version in package.json and package-lock.json', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {dependencies: Record<string, string>};
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {packages: Record<string, {dependencies?: Record<string, string>}>};
    for (const entry of entries) {
      expect(pkg.dependencies[entry.package], `package.json: ${entry.package}`).toBe(entry.version);
      expect(lock.packages['']!.dependencies![entry.package], `package-lock.json: ${entry.package}`).toBe(entry.version);
    }
  });

  it('passes when each package is the version written down', () => {
    const root = installed(Object.fromEntries(entries.map(e => [e.package, e.version])));
    expect(versionProblems(root, entries)).toEqual([]);
  });

  it('names the entry, both versions and the re-check when a package moved; one being re-checked passes', () => {
    const got = entries.find(e => e.package === 'got')!;
    const root = installed({...Object.fromEntries(entries.map(e => [e.package, e.version])), got: '99.0.0'});
    expect(versionProblems(root, entries)).toEqual([
      `${got.name} was written for got ${got.version}, and got 99.0.0 is installed.\n` +
        `  Re-check: ${RECHECKS.got}\n` +
        '  Then write 99.0.0 as its version in scripts/build/patches.mjs (or update or drop it).',
    ]);
    expect(versionProblems(root, entries, 'got')).toEqual([]);
  });

  it('a reach into pastel fails as a patch does', () => {
    const root = installed({...Object.fromEntries(entries.map(e => [e.package, e.version])), pastel: '5.0.0'});
    const problems = versionProblems(root, REACHES);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^src\/cli\/pastel-internals\.ts was written for pastel 4\.0\.1, and pastel 5\.0\.0 is installed\.\n {2}Re-check: VIGIL_BUILD_RECHECK=pastel npm run build/);
  });
});

describe('build patches: a start-up trim earns its upkeep', () => {
  interface Trim {
    name: string;
    kind: string;
    saves?: {ms: number; figure: string};
    keep?: string;
  }
  const trims: Trim[] = dependencyPatches('/repo').filter((p: Trim) => p.kind === 'startup');
  it.each(trims.map(p => p.name))('%s has a dated figure, and saves at least the minimum or says why it stays', name => {
    const {saves, keep} = trims.find(p => p.name === name)!;
    expect(saves?.figure).toMatch(/^\d{4}-\d{2}-\d{2}, Node \d+, .* ms with .* ms without/);
    if (saves!.ms < MIN_STARTUP_SAVING_MS) expect(keep).toBeTruthy();
  });
});
