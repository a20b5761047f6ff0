import {execFile} from 'node:child_process';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ensureBuilt} from '../helpers/build.js';
import {ROOT} from '../helpers/cli.js';

/*
 * README.md's sizes of the package and the image are read from the build
 * (scripts/release/sizes.mjs, `npm run sizes`), not typed: README.md's own lines must match
 * what `npm pack` makes now, and a stale figure is caught, named, with the command to run.
 */

const SCRIPT = path.join(ROOT, 'scripts/release/sizes.mjs');
// npm's own variables (npm_config_*, set under `npm test`) would steer the dry run.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
// Not spawnSync: a dry-run pack held the event loop past vitest's own timeouts on a busy machine.
const sizes = (args: string[]) =>
  new Promise<{status: number | null; stderr: string}>(resolve => {
    const child = execFile(process.execPath, [SCRIPT, ...args], {cwd: ROOT, encoding: 'utf8', env, timeout: 120_000}, (_error, _stdout, stderr) => resolve({status: child.exitCode, stderr}));
  });

const copyOfReadme = (edit: (text: string) => string = text => text) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-sizes-')), 'README.md');
  writeFileSync(file, edit(readFileSync(path.join(ROOT, 'README.md'), 'utf8')));
  return file;
};

describe('README.md: the package and image sizes, read from the build', () => {
  it("README.md's package line matches what npm pack makes now", async () => {
    ensureBuilt();
    const checked = await sizes(['--check']);
    expect(checked.stderr).toMatch(/^sizes: README\.md matches the build \(package; the image not checked: pass --image <archive>\)$/m);
    expect(checked.status).toBe(0);
  }, 120_000);

  it('a figure typed by hand that is off is exit 1, naming the line and `npm run sizes`; writing it mends it', async () => {
    ensureBuilt();
    const readme = copyOfReadme(text => text.replace(/(- npm package `[^`]+`: )\d+\.\d MB/, '$199.9 MB'));
    const stale = await sizes(['--check', '--readme', readme]);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/^sizes: README\.md's sizes are stale: the package line says "npm package `vigil-[\d.]+\.tgz`: 99\.9 MB .*"; the build makes ".*": run `npm run sizes`$/m);
    expect((await sizes(['--readme', readme])).status).toBe(0);
    // The rest of README.md as it was; the package line as this build makes it (its rounded
    // figure may differ from the committed one by a step of the rounding).
    const mended = readFileSync(readme, 'utf8');
    const packageLine = /^- npm package .*$/m;
    expect(mended).not.toContain('99.9 MB');
    expect(mended.replace(packageLine, '-')).toBe(readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(packageLine, '-'));
    expect((await sizes(['--check', '--readme', readme])).status).toBe(0);
  }, 120_000);

  it("reads the image's line from the sizes npm run image writes beside the archive", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-sizes-image-'));
    const archive = path.join(dir, 'vigil.oci.tar');
    writeFileSync(`${archive}.sizes.json`, JSON.stringify({tag: 'vigil:9.9.9', archiveBytes: 92_900_000, baseBytes: 213_200_000, vigilLayerBytes: [1_600_000, 64_800_000, 2_000_000], measuredAt: '2026-12-01'}));
    const readme = copyOfReadme();
    expect((await sizes(['--image', archive, '--readme', readme])).status).toBe(0);
    expect(readFileSync(readme, 'utf8')).toContain("- image `vigil:9.9.9`: OCI archive 92.9 MB; vigil's layers 68.4 MB unpacked (1.6 MB + 64.8 MB + 2.0 MB) on a base of 213.2 MB, from `npm run image` on 2026-12-01\n");
    writeFileSync(`${archive}.sizes.json`, JSON.stringify({tag: 'vigil:9.9.9', archiveBytes: 120_000_000, baseBytes: 213_200_000, vigilLayerBytes: [1_600_000, 64_800_000, 2_000_000], measuredAt: '2026-12-02'}));
    const stale = await sizes(['--check', '--image', archive, '--readme', readme]);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/the image line says ".*OCI archive 92\.9 MB.*"; the build makes ".*OCI archive 120\.0 MB.*": run `npm run sizes -- --image /);
    const missing = await sizes(['--check', '--image', path.join(dir, 'none.tar'), '--readme', readme]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^sizes: --image: cannot read .*none\.tar\.sizes\.json \(ENOENT\): `npm run image -- --output .*none\.tar` writes it$/m);
  }, 120_000);
});
