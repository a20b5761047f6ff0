// Which commit a build is made from, recorded in the build (`vigil --version`,
// vigil_build_info) and in the image's labels. VIGIL_COMMIT wins: an image's build stage
// has no .git (the context leaves it out), so scripts/image.mjs passes the commit it read.
import {execFileSync} from 'node:child_process';

/**
 * What a commit may be: hex digits (7 to 40, as `git rev-parse --short` and in full), `-dirty`
 * after them as buildCommit writes it, or `unknown`. The value lands in `vigil --version`, a
 * Prometheus label and an image label: an escape sequence or U+202E from a CI variable would
 * act on the terminal of whoever reads them.
 */
export const COMMIT_SHAPE = /^(?:[0-9a-f]{7,40}(?:-dirty)?|unknown)$/;

/** Printable ASCII as is, anything else as `\\u` escapes: the message must not carry what it refuses. */
const shown = text => text.replace(/[^\x20-\x7e]/g, char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * @param {string} root the repository's folder
 * @returns {string} the commit's 40 hex digits, `-dirty` appended when tracked files differ
 *   from it (the build holds code no commit names), or `unknown` outside a git work tree.
 * @throws {Error} naming VIGIL_COMMIT when it is set to anything else.
 */
export function buildCommit(root) {
  const given = process.env.VIGIL_COMMIT?.trim();
  if (given) {
    const commit = given.toLowerCase();
    if (!COMMIT_SHAPE.test(commit)) throw new Error(`VIGIL_COMMIT must be a commit id (7 to 40 hex digits, \`-dirty\` after them allowed) or \`unknown\`, got "${shown(given.slice(0, 60))}"`);
    return commit;
  }
  const git = args => execFileSync('git', args, {cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim();
  try {
    const commit = git(['rev-parse', '--verify', 'HEAD']);
    const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return 'unknown';
  }
}
