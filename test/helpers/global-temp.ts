import {rmSync} from 'node:fs';

/** Removes the run's temp folder (vitest.config.ts) once every test file has finished. */
export default function setup(): () => void {
  return () => {
    const root = process.env.VIGIL_TEST_TMPDIR;
    if (root && !process.env.VIGIL_KEEP_TEST_TMPDIR) rmSync(root, {recursive: true, force: true});
  };
}
