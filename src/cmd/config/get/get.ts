import type {CommandContext} from '../../../cli/context.js';
import {configFilePath} from '../../../config/config-dir.js';
import {readConfigFile} from '../../../config/store.js';
import type {Column} from '../../../output/columns.js';
import {resolveOutputFormat, type OutputFlags} from '../../../output/format.js';
import {printJson, printRows} from '../../../output/print.js';
import {sanitizeText} from '../../../output/sanitize.js';
import {CONFIG_KEYS, CONFIG_KEY_NAMES, overrideNote, parseConfigKey, type ConfigKey} from '../shared/keys.js';

export interface ConfigGetOptions extends OutputFlags {
  key?: string;
}

interface Entry {
  key: ConfigKey;
  value: string | undefined;
}

const COLUMNS: Column<Entry>[] = [
  {header: 'KEY', value: entry => entry.key, style: () => 'cyan'},
  {header: 'VALUE', value: entry => entry.value},
];

/**
 * `vigil config get [key]`: the saved value of one key (alone on stdout, for
 * `$(vigil config get org)`), or every key as a listing in the usual output formats.
 * An unset key prints nothing and says so on stderr; --json gives `{"<key>": value|null}`.
 */
export async function configGet(options: ConfigGetOptions, ctx: CommandContext): Promise<void> {
  const key = options.key === undefined ? undefined : parseConfigKey(options.key, 'usage: vigil config get [base-url|org]');
  const format = resolveOutputFormat(options, ctx.io);
  const saved = (await readConfigFile(ctx.settings.configDir)) ?? {};
  const keys = key ? [key] : CONFIG_KEY_NAMES;
  const entries: Entry[] = keys.map(name => ({key: name, value: saved[CONFIG_KEYS[name].field]}));

  if (format === 'json') {
    printJson(ctx.io, Object.fromEntries(entries.map(entry => [entry.key, entry.value ?? null])));
  } else if (key) {
    const value = entries[0]!.value;
    if (value === undefined) ctx.io.stderr.write(`${key} is not set in ${sanitizeText(configFilePath(ctx.settings.configDir))}\n`);
    else ctx.io.stdout.write(`${sanitizeText(value)}\n`);
  } else {
    printRows(ctx.io, format, entries, COLUMNS);
  }
  for (const name of keys) {
    const note = overrideNote(name, ctx.io.env);
    if (note) ctx.io.stderr.write(`${note}\n`);
  }
}
