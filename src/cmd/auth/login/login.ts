import type {CommandContext} from '../../../cli/context.js';
import {readConfigFile, writeCredentials, updateConfigFile} from '../../../config/store.js';
import {ENV} from '../../../config/settings.js';
import {checkApiKey, checkBaseUrl, checkOrg} from '../../../config/validate.js';
import {InputError, type InputProblem} from '../../../errors.js';
import {maskSecret, registerSecret} from '../../../secrets.js';
import {sanitizeText} from '../../../output/sanitize.js';
import {checkKeyLive, KeyRejectedError, KeyUncheckedError} from '../shared/check-key.js';
import {readAllStdin} from './read-key.js';

export interface LoginOptions {
  /** Read the key from stdin instead of prompting. */
  withKey?: boolean;
  /** Saved to config.json beside the key. */
  baseUrl?: string;
  org?: string;
  /**
   * Check the key with one authenticated request before saving it (`--no-verify`: false,
   * save unchecked, e.g. with no network). Default: true.
   */
  verify?: boolean;
}

export interface LoginDeps {
  /** Asks for the key with a masked input (the Ink prompt); only called when ctx.io.canPrompt. */
  promptKey?: (signal: AbortSignal) => Promise<string>;
}

const PIPE_HINT = 'pipe the key in: `vigil auth login --with-key < key.txt` (or `… | vigil auth login --with-key`), or set VIGIL_API_KEY instead';

/**
 * `vigil auth login`: saves an API key to credentials.json (0600), and optionally the base
 * URL and org to config.json. The key comes from stdin (--with-key) or a masked prompt on
 * a terminal, never from argv (Pastel refuses extra arguments), where it would end up in
 * shell history and `ps`. Nothing is written unless every input is valid and the upstream
 * accepted the key (one cheap authenticated request against --base-url or the configured
 * one): a rejected key exits 2, an unreachable upstream 8, and only --no-verify saves a key
 * nobody checked.
 */
export async function authLogin(options: LoginOptions, ctx: CommandContext, deps: LoginDeps = {}): Promise<void> {
  const problems: InputProblem[] = [];
  const check = (value: string | undefined, field: string, checker: typeof checkBaseUrl) => {
    if (value === undefined) return undefined;
    const result = checker(value);
    if (result.ok) return result.value;
    problems.push({field, message: result.message});
    return undefined;
  };
  const baseUrl = check(options.baseUrl, '--base-url', checkBaseUrl);
  const org = check(options.org, '--org', checkOrg);
  if (problems.length > 0) throw new InputError(problems);

  const raw = await obtainKey(options, ctx, deps);
  const key = checkApiKey(raw);
  if (!key.ok) {
    throw new InputError([{field: options.withKey ? '--with-key' : 'API key', message: options.withKey ? `the key read from stdin ${key.message}` : key.message}], PIPE_HINT);
  }
  registerSecret(key.value);
  let verified: string | undefined;
  if (options.verify !== false) {
    // The saved config was skipped (a damaged one must not block the login that repairs it);
    // its base URL and org still say where to check the key, when it reads.
    const saved = await readConfigFile(ctx.settings.configDir).catch(() => undefined);
    verified = await verifyBeforeSaving(key.value, baseUrl ?? ctx.settings.baseUrl?.value ?? saved?.baseUrl, org ?? ctx.settings.org?.value ?? saved?.org, ctx);
  }

  const dir = ctx.settings.configDir;
  const file = await writeCredentials(dir, key.value);
  if (baseUrl !== undefined || org !== undefined) await updateConfigFile(dir, {baseUrl, org});

  const err = ctx.io.stderr;
  const how = verified === undefined ? 'not verified (--no-verify)' : `accepted by ${sanitizeText(verified)}`;
  err.write(`Logged in: key ${maskSecret(key.value)} ${how}, saved to ${sanitizeText(file)}\n`);
  if (baseUrl !== undefined) err.write(`Saved base-url ${baseUrl}\n`);
  if (org !== undefined) err.write(`Saved org ${org}\n`);
  if (ctx.io.env[ENV.apiKey]?.trim()) {
    err.write(`note: ${ENV.apiKey} is set in this environment and takes precedence over the saved key\n`);
  }
}

async function obtainKey(options: LoginOptions, ctx: CommandContext, deps: LoginDeps): Promise<string> {
  if (options.withKey) {
    if (ctx.io.stdin.isTTY === true) {
      // Typing at a raw stdin would echo the key; the masked prompt is the way on a terminal.
      throw new InputError([{field: '--with-key', message: 'reads the key from stdin, but stdin is a terminal'}], 'pipe the key in (`vigil auth login --with-key < key.txt`), or run `vigil auth login` without --with-key to type it at a masked prompt');
    }
    return readAllStdin(ctx.io.stdin, ctx.signal);
  }
  if (ctx.io.canPrompt && deps.promptKey) return deps.promptKey(ctx.signal);
  throw new InputError([{field: '--with-key', message: 'no key given, and vigil cannot prompt for one without a terminal'}], PIPE_HINT);
}

const SAVE_UNCHECKED = 'or save it unchecked with `vigil auth login --no-verify`';

/** Checks the key live; throws (nothing saved) unless the upstream accepted it. Returns the base URL asked. */
async function verifyBeforeSaving(key: string, baseUrl: string | undefined, org: string | undefined, ctx: CommandContext): Promise<string> {
  if (baseUrl === undefined) {
    throw new InputError([{field: '--base-url', message: 'no API base URL to check the key against; nothing saved'}], `pass --base-url <url> (or set ${ENV.baseUrl}), ${SAVE_UNCHECKED}`);
  }
  const verdict = await checkKeyLive(key, baseUrl, org, ctx);
  switch (verdict.result) {
    case 'accepted':
      return baseUrl;
    case 'no-access':
      // A valid key: saved, but the org it would act on is out of its reach.
      ctx.io.stderr.write(`warning: the key is valid but has no access to org ${sanitizeText(verdict.org)} (403)\n`);
      return baseUrl;
    case 'rejected':
      throw new KeyRejectedError(`${sanitizeText(verdict.message)}; nothing saved`, 'check the key for a typo or a stray quote, or ask for a new key');
    case 'unreachable':
      throw new KeyUncheckedError(`${sanitizeText(verdict.message)}; nothing saved`, `check --base-url and your connection, ${SAVE_UNCHECKED}`);
  }
}
