import {stat} from 'node:fs/promises';
import type {CommandContext} from '../../../cli/context.js';
import {configFilePath, credentialsFilePath, type ConfigDirSource} from '../../../config/config-dir.js';
import {ENV, type Setting} from '../../../config/settings.js';
import {readCredentials} from '../../../config/store.js';
import {MissingKeyError} from '../../../errors.js';
import {colorEnabled, painter, type StyleName} from '../../../output/color.js';
import {checkKeyLive, KeyRejectedError, KeyUncheckedError, REJECTED_KEY_HINT, type KeyVerdict} from '../shared/check-key.js';
import {printJson} from '../../../output/print.js';
import {sanitizeText} from '../../../output/sanitize.js';
import {shellCommand} from '../../../output/shell.js';
import {maskSecret} from '../../../secrets.js';

export interface StatusOptions {
  json?: boolean;
  /** Skip the live check of the key (`--offline`): report the settings only. Default: false. */
  offline?: boolean;
}

/** The live check as `auth status` reports it. */
type KeyCheckReport = {result: KeyVerdict['result'] | 'skipped'; detail: string | null};

type Name = 'apiKey' | 'baseUrl' | 'org';

const FLAG: Record<Name, string | undefined> = {apiKey: undefined, baseUrl: '--base-url', org: '--org'};

const DIR_ORIGIN: Record<ConfigDirSource, string> = {
  VIGIL_CONFIG_DIR: 'VIGIL_CONFIG_DIR',
  XDG_CONFIG_HOME: '$XDG_CONFIG_HOME/vigil',
  home: 'default',
};

const UNSET_HINT: Record<Name, string> = {
  apiKey: 'run `vigil auth login`, or set VIGIL_API_KEY',
  baseUrl: 'pass --base-url, set VIGIL_BASE_URL, or run `vigil config set base-url <url>`',
  org: 'pass --org, set VIGIL_ORG, or run `vigil config set org <slug>`',
};

/**
 * `vigil auth status`: which key, base URL and org this invocation would use and where
 * each comes from, the key masked (first 3 and last 4 characters). The report goes to
 * stdout (--json: one object, sorted keys); without a key it also fails with exit 2 and
 * the next step on stderr, so scripts can test `vigil auth status >/dev/null`.
 * The key is checked live (one cheap authenticated request) unless --offline: a rejected
 * key exits 2, an upstream that cannot be reached exits 8.
 */
export async function authStatus(options: StatusOptions, ctx: CommandContext): Promise<void> {
  const {settings} = ctx;
  const dir = settings.configDir;
  const origin = (name: Name, setting: Setting): string => {
    switch (setting.source) {
      case 'flag':
        return FLAG[name] ?? 'flag';
      case 'env':
        return ENV[name];
      case 'config':
        return configFilePath(dir);
      case 'credentials':
        return credentialsFilePath(dir);
    }
  };
  const describe = (name: Name) => {
    const setting = settings[name];
    if (!setting) return null;
    const value = name === 'apiKey' ? maskSecret(setting.value) : setting.value;
    return {value: sanitizeText(value), source: setting.source, from: sanitizeText(origin(name, setting))};
  };
  const warnings = await fileWarnings(ctx);
  const keyCheck = await checkStatusKey(options, ctx);
  const report = {
    loggedIn: settings.apiKey !== undefined && keyCheck.result !== 'rejected',
    keyCheck,
    apiKey: describe('apiKey'),
    baseUrl: describe('baseUrl'),
    org: describe('org'),
    configDir: {path: sanitizeText(dir), from: DIR_ORIGIN[settings.configDirSource ?? 'home']},
    warnings,
  };

  if (options.json) {
    printJson(ctx.io, report);
  } else {
    const paint = painter(colorEnabled(ctx.io));
    const lines: string[] = [];
    const row = (label: string, name: Name) => {
      const item = report[name];
      const text = item ? `${item.value}  ${paint('dim', `(from ${item.from})`)}` : `${paint('yellow', 'not set')}  ${paint('dim', `(${UNSET_HINT[name]})`)}`;
      lines.push(`${label.padEnd(12)}${text}`);
    };
    row('API key', 'apiKey');
    row('Base URL', 'baseUrl');
    row('Org', 'org');
    lines.push(`${'Key check'.padEnd(12)}${paint(CHECK_STYLE[keyCheck.result], CHECK_TEXT[keyCheck.result])}${keyCheck.detail === null ? '' : `  ${paint('dim', `(${sanitizeText(keyCheck.detail)})`)}`}`);
    lines.push(`${'Config dir'.padEnd(12)}${report.configDir.path}  ${paint('dim', `(${report.configDir.from})`)}`);
    ctx.io.stdout.write(`${lines.join('\n')}\n`);
    for (const warning of warnings) ctx.io.stderr.write(`warning: ${sanitizeText(warning)}\n`);
  }

  if (!settings.apiKey) throw new MissingKeyError();
  if (keyCheck.result === 'rejected') throw new KeyRejectedError(keyCheck.detail ?? '', REJECTED_KEY_HINT);
  if (keyCheck.result === 'unreachable') throw new KeyUncheckedError(keyCheck.detail ?? '', 'check the base URL and your connection; `vigil auth status --offline` shows the settings without asking the upstream');
}

const CHECK_TEXT: Record<KeyCheckReport['result'], string> = {
  accepted: 'accepted by the upstream',
  'no-access': 'valid, but no access to this org (403)',
  rejected: 'REJECTED by the upstream (401)',
  unreachable: 'not checked: upstream unreachable',
  skipped: 'not checked',
};
const CHECK_STYLE: Record<KeyCheckReport['result'], StyleName> = {accepted: 'green', 'no-access': 'yellow', rejected: 'red', unreachable: 'yellow', skipped: 'dim'};

async function checkStatusKey(options: StatusOptions, ctx: CommandContext): Promise<KeyCheckReport> {
  const {apiKey, baseUrl, org} = ctx.settings;
  if (!apiKey) return {result: 'skipped', detail: 'no key'};
  if (options.offline === true) return {result: 'skipped', detail: '--offline'};
  if (!baseUrl) return {result: 'skipped', detail: 'no base URL to check it against'};
  const verdict = await checkKeyLive(apiKey.value, baseUrl.value, org?.value, ctx);
  switch (verdict.result) {
    case 'accepted':
      return {result: 'accepted', detail: null};
    case 'no-access':
      return {result: 'no-access', detail: `org ${verdict.org}`};
    default:
      return {result: verdict.result, detail: verdict.message};
  }
}

/** Things about the saved files a person should fix, though nothing failed. */
async function fileWarnings(ctx: CommandContext): Promise<string[]> {
  const warnings: string[] = [];
  const file = credentialsFilePath(ctx.settings.configDir);
  const info = await stat(file).catch(() => undefined);
  if (!info) return warnings;
  if ((info.mode & 0o077) !== 0) {
    warnings.push(`${file} can be read by other users (mode ${(info.mode & 0o777).toString(8)}); run \`${shellCommand(['chmod', '600', file])}\` or \`vigil auth login\` again`);
  }
  if (ctx.settings.apiKey?.source === 'env') {
    // The saved key is shadowed; say so, so "logged in" is not mistaken for "using my saved key".
    const saved = await readCredentials(ctx.settings.configDir).catch(() => undefined);
    if (saved) warnings.push(`a saved key (${maskSecret(saved.apiKey)}) is ignored while ${ENV.apiKey} is set`);
  }
  return warnings;
}
