import {MAX_RESPONSE_BYTES_ENV, parseByteSize} from '../api/body-cap.js';
import {readFlagDuration} from '../checks/duration.js';
import {InputError, type InputProblem} from '../errors.js';
import {resolveConfigDir, type ConfigDirSource} from './config-dir.js';
import {readConfigFile, readCredentials, type SavedConfig} from './store.js';
import {checkApiKey, checkBaseUrl, checkOrg, type Checked} from './validate.js';

/** Where a setting's value came from; `vigil auth status` shows it. */
export type SettingSource = 'flag' | 'env' | 'config' | 'credentials';

export interface Setting {
  value: string;
  source: SettingSource;
}

/** The resolved settings of one invocation: flag > environment > saved config. */
export interface Settings {
  apiKey?: Setting;
  baseUrl?: Setting;
  org?: Setting;
  /** The config folder in use (VIGIL_CONFIG_DIR, $XDG_CONFIG_HOME/vigil or ~/.config/vigil). */
  configDir: string;
  /** Which rule chose configDir. */
  configDirSource?: ConfigDirSource;
  /** Response body cap in bytes from VIGIL_MAX_RESPONSE_BYTES; unset means the client's default (16 MiB). */
  maxResponseBytes?: number;
  /** Budget of one call, retries included, from --timeout or VIGIL_TIMEOUT; unset means the client's default (60 s). */
  budgetMs?: number;
}

export interface SettingsFlags {
  org?: string;
  baseUrl?: string;
  /** `--timeout`: a duration (30s, 2m, 1m30s). */
  timeout?: string;
  /**
   * Leave the saved files unread. For the commands that rewrite them (auth login/logout,
   * config set/unset): they read what they need themselves, so a corrupt file cannot stop
   * the very command that repairs it.
   */
  skipSavedFiles?: boolean;
}

/** The environment variable behind each setting, named in messages and by `auth status`. */
export const ENV = {
  apiKey: 'VIGIL_API_KEY',
  baseUrl: 'VIGIL_BASE_URL',
  org: 'VIGIL_ORG',
  configDir: 'VIGIL_CONFIG_DIR',
  timeout: 'VIGIL_TIMEOUT',
} as const;

/**
 * Resolves each setting from the first source that has it: flag, then environment, then
 * the saved files (config.json for base URL and org, credentials.json for the key; the key
 * has no flag, it never goes on argv). A saved file is read only when a setting falls
 * through to it, so VIGIL_API_KEY works even beside a damaged credentials file.
 * Bad flag or environment values are an InputError naming the flag or variable; a bad
 * file a ConfigFileError naming the file and field (both exit 3).
 */
export async function loadSettings(flags: SettingsFlags, env: NodeJS.ProcessEnv): Promise<Settings> {
  const dir = resolveConfigDir(env);
  const settings: Settings = {configDir: dir.path, configDirSource: dir.source};
  const problems: InputProblem[] = [];

  const fromInput = (value: string | undefined, field: string, check: (raw: string) => Checked, source: SettingSource): Setting | undefined => {
    if (value === undefined || (source === 'env' && value.trim() === '')) return undefined;
    const result = check(value);
    if (result.ok) return {value: result.value, source};
    problems.push({field, message: result.message});
    return undefined;
  };

  settings.apiKey = fromInput(env[ENV.apiKey], ENV.apiKey, checkApiKey, 'env');
  settings.baseUrl = fromInput(flags.baseUrl, '--base-url', checkBaseUrl, 'flag') ?? fromInput(env[ENV.baseUrl], ENV.baseUrl, checkBaseUrl, 'env');
  settings.org = fromInput(flags.org, '--org', checkOrg, 'flag') ?? fromInput(env[ENV.org], ENV.org, checkOrg, 'env');
  const maxBody = env[MAX_RESPONSE_BYTES_ENV];
  if (maxBody !== undefined && maxBody.trim() !== '') {
    const bytes = parseByteSize(maxBody);
    if (bytes === undefined) problems.push({field: MAX_RESPONSE_BYTES_ENV, message: 'must be a number of bytes greater than 0, optionally with KiB, MiB or GiB (like 64MiB)'});
    else settings.maxResponseBytes = bytes;
  }
  const budget = readBudget(flags.timeout, '--timeout') ?? readBudget(env[ENV.timeout], ENV.timeout);
  if (typeof budget === 'number') settings.budgetMs = budget;
  else if (budget) problems.push(budget);
  // A bad flag and a bad variable are reported together, before any file is read.
  if (problems.length > 0) throw new InputError(problems);

  if (flags.skipSavedFiles !== true) {
    const saved: SavedConfig = !settings.baseUrl || !settings.org ? ((await readConfigFile(dir.path)) ?? {}) : {};
    settings.baseUrl ??= saved.baseUrl === undefined ? undefined : {value: saved.baseUrl, source: 'config'};
    settings.org ??= saved.org === undefined ? undefined : {value: saved.org, source: 'config'};
    if (!settings.apiKey) {
      const credentials = await readCredentials(dir.path);
      if (credentials) settings.apiKey = {value: credentials.apiKey, source: 'credentials'};
    }
  }
  for (const key of ['apiKey', 'baseUrl', 'org'] as const) if (settings[key] === undefined) delete settings[key];
  return settings;
}

/** A call's budget from `--timeout` or VIGIL_TIMEOUT: milliseconds, a problem naming `field`, or undefined when unset. */
function readBudget(value: string | undefined, field: string): number | InputProblem | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const read = readFlagDuration(value, field);
  return 'ms' in read ? read.ms : read;
}
