import {createApiClient, type ApiClient, type ApiClientOptions} from '../api/client.js';
import {InputError, MissingKeyError} from '../errors.js';
import {loadSettings, type Settings, type SettingsFlags} from '../config/settings.js';
import {redact, registerSecret} from '../secrets.js';
import {USER_AGENT} from '../version.js';
import type {IO} from './io.js';

/** Everything a command's work function may touch, injected so tests can fake each part. */
export interface CommandContext {
  io: IO;
  settings: Settings;
  /**
   * Builds the API client; throws MissingKeyError without a key, InputError without a base
   * URL. `overrides` adjust retries and timeout (the worker leaves retrying to BullMQ).
   */
  client(overrides?: ClientOverrides): ApiClient;
  /** The org to act on (flag > env > config), or an InputError naming --org. */
  requireOrg(): string;
  debug: boolean;
  /** Writes one redacted trace line to stderr when debugging. */
  trace(line: string): void;
  now(): Date;
  signal: AbortSignal;
}

export type ClientOverrides = Pick<ApiClientOptions, 'retries' | 'timeoutMs'>;

export interface ContextFlags extends SettingsFlags {
  debug?: boolean;
}

export async function createContext(flags: ContextFlags, io: IO, signal: AbortSignal): Promise<CommandContext> {
  const settings = await loadSettings(flags, io.env);
  registerSecret(settings.apiKey?.value);
  const debug = flags.debug === true || io.env.VIGIL_DEBUG === '1' || io.env.VIGIL_DEBUG === 'true';
  const trace = (line: string) => {
    if (debug) io.stderr.write(redact(`debug: ${line}\n`));
  };
  return {
    io,
    settings,
    debug,
    trace,
    signal,
    now: () => new Date(),
    requireOrg() {
      const org = settings.org?.value;
      if (!org) {
        throw new InputError([{field: '--org', message: 'no organization given'}], 'pass --org <slug>, set VIGIL_ORG, or run `vigil config set org <slug>`');
      }
      return org;
    },
    client(overrides: ClientOverrides = {}) {
      if (!settings.apiKey) {
        throw new MissingKeyError();
      }
      if (!settings.baseUrl) {
        throw new InputError([{field: '--base-url', message: 'no API base URL configured'}], 'pass --base-url, set VIGIL_BASE_URL, or run `vigil config set base-url <url>`');
      }
      return createApiClient({
        baseUrl: settings.baseUrl.value,
        apiKey: settings.apiKey.value,
        userAgent: USER_AGENT,
        signal,
        ...(settings.maxResponseBytes === undefined ? {} : {maxResponseBytes: settings.maxResponseBytes}),
        ...(debug ? {debug: trace} : {}),
        ...overrides,
      });
    },
  };
}
