import type {CommandContext} from '../../../cli/context.js';
import {configFilePath} from '../../../config/config-dir.js';
import {updateConfigFile} from '../../../config/store.js';
import {InputError} from '../../../errors.js';
import {sanitizeText} from '../../../output/sanitize.js';
import {CONFIG_KEYS, overrideNote, parseConfigKey} from '../shared/keys.js';

export interface ConfigSetOptions {
  key?: string;
  value?: string;
}

const USAGE = 'usage: vigil config set <base-url|org> <value>';

/**
 * `vigil config set <key> <value>`: checks the value by the same rules as the flag, then
 * saves it normalised (a base URL without its trailing slash). Other keys in the file are
 * left as they are, so this also repairs a single bad value.
 */
export async function configSet(options: ConfigSetOptions, ctx: CommandContext): Promise<void> {
  const key = parseConfigKey(options.key, USAGE);
  const spec = CONFIG_KEYS[key];
  if (options.value === undefined) throw new InputError([{field: 'value', message: `missing; e.g. vigil config set ${key} ${spec.example}`}], USAGE);
  const checked = spec.check(options.value);
  if (!checked.ok) throw new InputError([{field: key, message: checked.message}], USAGE);
  await updateConfigFile(ctx.settings.configDir, {[spec.field]: checked.value});
  ctx.io.stderr.write(`Saved ${key} = ${sanitizeText(checked.value)} in ${sanitizeText(configFilePath(ctx.settings.configDir))}\n`);
  const note = overrideNote(key, ctx.io.env);
  if (note) ctx.io.stderr.write(`${note}\n`);
}
