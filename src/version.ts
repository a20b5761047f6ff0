/** Replaced at build time by esbuild (scripts/build.mjs); absent when run from source. */
declare const __VIGIL_VERSION__: string | undefined;
declare const __VIGIL_COMMIT__: string | undefined;

export const VERSION: string = typeof __VIGIL_VERSION__ === 'string' ? __VIGIL_VERSION__ : '0.0.0-dev';
/** The commit the build was made from (`-dirty`: with uncommitted changes), or `unknown`. */
export const COMMIT: string = typeof __VIGIL_COMMIT__ === 'string' ? __VIGIL_COMMIT__ : 'unknown';
export const USER_AGENT = `vigil/${VERSION}`;

/** What `vigil --version` prints: the version, then the commit, or why there is none. */
export function versionLine(version: string, commit: string): string {
  return commit === 'unknown' ? `${version} (commit unknown: built outside git)` : `${version} (commit ${commit})`;
}
