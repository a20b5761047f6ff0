// Which commit a build is made from, recorded in the build (`vigil --version`,
// vigil_build_info) and in the image's labels. VIGIL_COMMIT wins: an image's build stage
// has no .git (the context leaves it out), so scripts/image.mjs passes the commit it read.
import {execFileSync} from 'node:child_process';

/**
 * @param {string} root the repository's folder
 * @returns {string} the commit's 40 hex digits, `-dirty` appended when tracked files differ
 *   from it (the build holds code no commit names), or `unknown` outside a git work tree.
 */
export function buildCommit(root) {
  const given = process.env.VIGIL_COMMIT?.trim();
  if (given) return given;
  const git = args => execFileSync('git', args, {cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim();
  try {
    const commit = git(['rev-parse', '--verify', 'HEAD']);
    const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return 'unknown';
  }
}
