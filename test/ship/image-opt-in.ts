/*
 * The image build is asked for, never found: `npm test` on a machine with buildah would
 * otherwise spend minutes building and leave vigil:<version> and its base in the machine's
 * image store. VIGIL_TEST_IMAGE=1 asks (.ci/run sets it).
 */
export const IMAGE_TEST_ENV = 'VIGIL_TEST_IMAGE';

/** Why the image test does not run (printed as a SKIPPED line), or undefined when it is asked for. */
export function imageNotAsked(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env[IMAGE_TEST_ENV] === '1') return undefined;
  const reason = `the image build (~2.5 min, tags vigil:<version> in this machine's image store) runs only with ${IMAGE_TEST_ENV}=1`;
  console.warn(`SKIPPED: ${reason}`);
  return reason;
}
