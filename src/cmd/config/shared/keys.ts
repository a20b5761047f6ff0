import {ENV} from '../../../config/settings.js';
import type {SavedConfig} from '../../../config/store.js';
import {checkBaseUrl, checkOrg, type Checked} from '../../../config/validate.js';
import {InputError} from '../../../errors.js';
import {sanitizeText} from '../../../output/sanitize.js';

/** The keys `vigil config` manages, as users type them, and where each lives and is checked. */
export const CONFIG_KEYS = {
  'base-url': {field: 'baseUrl', env: ENV.baseUrl, check: checkBaseUrl, example: 'https://api.example.com/api/v2'},
  org: {field: 'org', env: ENV.org, check: checkOrg, example: 'acme'},
} as const satisfies Record<string, {field: keyof SavedConfig; env: string; check: (raw: string) => Checked; example: string}>;

export type ConfigKey = keyof typeof CONFIG_KEYS;
export const CONFIG_KEY_NAMES = Object.keys(CONFIG_KEYS) as ConfigKey[];

/** The key argument, or an InputError naming the allowed keys. */
export function parseConfigKey(raw: string | undefined, usage: string): ConfigKey {
  if (raw === undefined) throw new InputError([{field: 'key', message: `missing; one of ${CONFIG_KEY_NAMES.join(', ')}`}], usage);
  const found = CONFIG_KEY_NAMES.find(name => name === raw);
  if (!found) {
    throw new InputError([{field: 'key', message: `unknown key "${sanitizeText(raw)}"; use one of ${CONFIG_KEY_NAMES.join(', ')}`}], usage);
  }
  return found;
}

/** Tells that a variable overrides the saved value, so a `config set` that seems ignored is explained. */
export function overrideNote(key: ConfigKey, env: NodeJS.ProcessEnv, saved = true): string | undefined {
  const variable = CONFIG_KEYS[key].env;
  const value = env[variable];
  if (!value?.trim()) return undefined;
  const effect = saved ? `overrides the saved ${key}` : `is what commands use for ${key}`;
  return `note: ${variable} is set (${sanitizeText(value.trim())}) and ${effect}`;
}
