/** Replaced at build time by esbuild; read from package.json when run from source. */
declare const __VIGIL_VERSION__: string | undefined;

export const VERSION: string = typeof __VIGIL_VERSION__ === 'string' ? __VIGIL_VERSION__ : '0.0.0-dev';
export const USER_AGENT = `vigil/${VERSION}`;
