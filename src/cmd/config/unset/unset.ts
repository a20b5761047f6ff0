import type {CommandContext} from '../../../cli/context.js';
import {configFilePath} from '../../../config/config-dir.js';
import {updateConfigFile} from '../../../config/store.js';
import {sanitizeText} from '../../../output/sanitize.js';
import {CONFIG_KEYS, overrideNote, parseConfigKey} from '../shared/keys.js';

export interface ConfigUnsetOptions {
  key?: string;
}

/** `vigil config unset <key>`: removes the saved value; an unset key is not an error. */
export async function configUnset(options: ConfigUnsetOptions, ctx: CommandContext): Promise<void> {
  const key = parseConfigKey(options.key, 'usage: vigil config unset <base-url|org>');
  const file = sanitizeText(configFilePath(ctx.settings.configDir));
  const {changed} = await updateConfigFile(ctx.settings.configDir, {[CONFIG_KEYS[key].field]: null});
  ctx.io.stderr.write(changed ? `Removed ${key} from ${file}\n` : `${key} was not set in ${file}; nothing to remove\n`);
  const note = overrideNote(key, ctx.io.env, false);
  if (note) ctx.io.stderr.write(`${note}\n`);
}
