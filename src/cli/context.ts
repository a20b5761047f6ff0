import {createApiClient, type ApiClient, type ApiClientOptions} from '../api/client.js';
import {InputError, MissingKeyError} from '../errors.js';
import {loadSettings, type Settings, type SettingsFlags} from '../config/settings.js';
import {redact, registerSecret} from '../secrets.js';
import {USER_AGENT} from '../version.js';
import type {IO} from './io.js';
import {waitingLine} from '../output/waiting-line.js';

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
  /**
   * What every client of this run shares, for a client built by hand (auth's key check):
   * signal, user agent, body cap, budget, --debug and the waiting line on a terminal.
   */
  clientOptions(): Omit<ApiClientOptions, 'baseUrl' | 'apiKey'>;
  now(): Date;
  signal: AbortSignal;
}

export type ClientOverrides = Pick<ApiClientOptions, 'retries' | 'timeoutMs' | 'connectTimeoutMs' | 'budgetMs'> & {
  /** false: no waiting line even on a terminal (the worker logs each run instead). */
  waitingLine?: false;
  /** Another key than the settings' (the worker's per-org keys, src/checks/key-refs.ts). */
  apiKey?: string;
};

export interface ContextFlags extends SettingsFlags {
  debug?: boolean;
  json?: boolean;
  output?: string;
}

export async function createContext(flags: ContextFlags, io: IO, signal: AbortSignal): Promise<CommandContext> {
  return contextFrom(await loadSettings(flags, io.env), {flags, io, signal});
}

export interface ContextParts {
  flags: ContextFlags;
  io: IO;
  signal: AbortSignal;
  /** Default: the wall clock. */
  now?: () => Date;
  /** Under every client's own overrides (tests: no retries). */
  clientDefaults?: ClientOverrides;
}

/** The context of settings already resolved: createContext's, and the tests' (test/helpers/fake-context.ts). */
export function contextFrom(settings: Settings, {flags, io, signal, now = () => new Date(), clientDefaults = {}}: ContextParts): CommandContext {
  registerSecret(settings.apiKey?.value);
  const debug = flags.debug === true || io.env.VIGIL_DEBUG === '1' || io.env.VIGIL_DEBUG === 'true';
  const trace = (line: string) => {
    if (debug) io.stderr.write(redact(`debug: ${line}\n`));
  };
  // The waiting line only on a terminal, never with --json (its stderr may be parsed too),
  // nor under Ink, whose screens show their own loading state.
  const json = flags.json === true || flags.output === 'json';
  const onAttempt = io.stderr.isTTY === true && !json && io.inkDraws !== true ? waitingLine(io.stderr) : undefined;
  const clientOptions = (): Omit<ApiClientOptions, 'baseUrl' | 'apiKey'> => ({
    userAgent: USER_AGENT,
    signal,
    ...(settings.maxResponseBytes === undefined ? {} : {maxResponseBytes: settings.maxResponseBytes}),
    ...(settings.budgetMs === undefined ? {} : {budgetMs: settings.budgetMs}),
    ...(debug ? {debug: trace} : {}),
    ...(onAttempt ? {onAttempt} : {}),
  });
  return {
    io,
    settings,
    debug,
    trace,
    signal,
    now,
    clientOptions,
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
      const {waitingLine: line, apiKey = settings.apiKey.value, ...rest} = {...clientDefaults, ...overrides};
      const shared = clientOptions();
      if (line === false) delete shared.onAttempt;
      return createApiClient({baseUrl: settings.baseUrl.value, apiKey, ...shared, ...rest});
    },
  };
}
