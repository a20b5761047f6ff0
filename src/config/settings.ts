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
}

export interface SettingsFlags {
  org?: string;
  baseUrl?: string;
}

export async function loadSettings(_flags: SettingsFlags, _env: NodeJS.ProcessEnv): Promise<Settings> {
  throw new Error('not implemented yet');
}
