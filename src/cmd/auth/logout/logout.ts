import type {CommandContext} from '../../../cli/context.js';
import {credentialsFilePath} from '../../../config/config-dir.js';
import {ENV} from '../../../config/settings.js';
import {removeCredentials} from '../../../config/store.js';
import {sanitizeText} from '../../../output/sanitize.js';

/**
 * `vigil auth logout`: removes the saved key (even a damaged credentials file). Having
 * nothing to remove is not an error: the goal, no saved key, is reached either way.
 * A key in VIGIL_API_KEY is outside vigil's reach, so say that it still applies.
 */
export async function authLogout(ctx: CommandContext): Promise<void> {
  const file = sanitizeText(credentialsFilePath(ctx.settings.configDir));
  const removed = await removeCredentials(ctx.settings.configDir);
  ctx.io.stderr.write(removed ? `Logged out: removed the saved key (${file})\n` : `No saved key to remove (${file} does not exist)\n`);
  if (ctx.io.env[ENV.apiKey]?.trim()) {
    ctx.io.stderr.write(`note: ${ENV.apiKey} is still set in this environment, so commands keep using that key; unset it to stop\n`);
  }
}
