import {spawnSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../helpers/cli.js';
import {requireOneOf} from '../helpers/programs.js';
import {IMAGE_TEST_ENV, imageNotAsked} from './image-opt-in.js';

/*
 * `npm test` on a machine with buildah: the image test file (the only one that builds)
 * runs as `npm test` runs it, without VIGIL_TEST_IMAGE, and the machine's image store is
 * the same after as before.
 */

const builder = requireOneOf(['buildah', 'podman'], 'buildah');

function images(tool: string): string[] {
  const result = spawnSync(tool, ['images', '--all', '--noheading', '--format', '{{.ID}} {{.Name}}:{{.Tag}}'], {encoding: 'utf8'});
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim().split('\n').filter(Boolean).sort();
}

describe('npm test builds no image unless asked', () => {
  it(`${IMAGE_TEST_ENV}=1 asks; anything else is a skip that says how to ask`, () => {
    expect(imageNotAsked({[IMAGE_TEST_ENV]: '1'})).toBeUndefined();
    for (const value of [undefined, '', '0', 'true']) expect(imageNotAsked({[IMAGE_TEST_ENV]: value})).toContain(`${IMAGE_TEST_ENV}=1`);
  });

  it.skipIf(builder.skipReason)('test/ship/image.test.ts without it: skipped, nothing built, the image store unchanged', () => {
    const tool = builder.path!;
    const before = images(tool);
    // A run of its own (own temp folder, no report file of the outer run's), as `npm test` runs it.
    const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1'};
    delete env.FORCE_COLOR;
    for (const name of [IMAGE_TEST_ENV, 'VIGIL_TEST_TMPDIR', 'VIGIL_TEST_SKIPS', 'VITEST_JSON', 'VIGIL_TEST_GROUP']) delete env[name];
    const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'test/ship/image.test.ts'], {cwd: ROOT, env, encoding: 'utf8', timeout: 120_000});
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(0);
    expect(output).toContain(`SKIPPED: the image build (~2.5 min, tags vigil:<version> in this machine's image store) runs only with ${IMAGE_TEST_ENV}=1`);
    // Every test of the file skipped, none run.
    const [, skipped, total] = /Tests\s+(\d+) skipped \((\d+)\)/.exec(output) ?? [];
    expect(Number(skipped), output).toBeGreaterThan(0);
    expect(skipped).toBe(total);
    expect(output).not.toContain('npm run image -- --output:');
    // Under VIGIL_TEST_IMAGE=1 (.ci/run) the image test of this run may be building beside
    // this one, adding to the store: the store is compared only where nothing else builds,
    // as on the machine of a user running `npm test`.
    if (process.env[IMAGE_TEST_ENV] !== '1') expect(images(tool)).toEqual(before);
  }, 150_000);
});
