import os from 'node:os';
import path from 'node:path';

export type ConfigDirSource = 'VIGIL_CONFIG_DIR' | 'XDG_CONFIG_HOME' | 'home';

export interface ConfigDir {
  path: string;
  source: ConfigDirSource;
}

export const CONFIG_FILE = 'config.json';
export const CREDENTIALS_FILE = 'credentials.json';

/**
 * Where vigil keeps its files: $VIGIL_CONFIG_DIR, else $XDG_CONFIG_HOME/vigil, else
 * ~/.config/vigil. Empty variables count as unset; a relative XDG_CONFIG_HOME is ignored,
 * as the XDG base directory spec requires (a relative VIGIL_CONFIG_DIR is taken from the
 * current directory: the user named it for this invocation).
 */
export function resolveConfigDir(env: NodeJS.ProcessEnv, homedir: () => string = os.homedir): ConfigDir {
  const explicit = env.VIGIL_CONFIG_DIR;
  if (explicit) return {path: path.resolve(explicit), source: 'VIGIL_CONFIG_DIR'};
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg && path.isAbsolute(xdg)) return {path: path.join(xdg, 'vigil'), source: 'XDG_CONFIG_HOME'};
  return {path: path.join(env.HOME || homedir(), '.config', 'vigil'), source: 'home'};
}

export function configFilePath(dir: string): string {
  return path.join(dir, CONFIG_FILE);
}

export function credentialsFilePath(dir: string): string {
  return path.join(dir, CREDENTIALS_FILE);
}
