import {chmodSync, chownSync, mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {beforeEach, describe, expect, it} from 'vitest';
import {loadSettings} from '../../src/config/settings.js';
import {resolveConfigDir} from '../../src/config/config-dir.js';
import {ConfigFileError} from '../../src/config/store.js';
import {InputError} from '../../src/errors.js';
import {problemLines, rejectionOf} from '../helpers/thrown.js';
import {NOBODY, canRunAsNobody, runCliAsNobody, tempDirForNobody} from '../helpers/users.js';

const KEY = 'vk_saved_0123456789abcdef';
let dir: string;

beforeEach(() => {
  dir = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-settings-')), 'vigil');
});

function save(config: unknown, credentials?: unknown) {
  mkdirSync(dir, {recursive: true, mode: 0o700});
  if (config !== undefined) writeFileSync(path.join(dir, 'config.json'), typeof config === 'string' ? config : JSON.stringify(config));
  if (credentials !== undefined) writeFileSync(path.join(dir, 'credentials.json'), typeof credentials === 'string' ? credentials : JSON.stringify(credentials), {mode: 0o600});
}

describe('loadSettings precedence: flag > environment > saved', () => {
  it('takes saved values when nothing else is given', async () => {
    save({baseUrl: 'https://saved.example/api/v2', org: 'saved-org'}, {apiKey: KEY});
    const settings = await loadSettings({}, {VIGIL_CONFIG_DIR: dir});
    expect(settings).toEqual({
      configDir: dir,
      configDirSource: 'VIGIL_CONFIG_DIR',
      apiKey: {value: KEY, source: 'credentials'},
      baseUrl: {value: 'https://saved.example/api/v2', source: 'config'},
      org: {value: 'saved-org', source: 'config'},
    });
  });

  it('lets the environment override saved values', async () => {
    save({baseUrl: 'https://saved.example/api/v2', org: 'saved-org'}, {apiKey: KEY});
    const settings = await loadSettings({}, {VIGIL_CONFIG_DIR: dir, VIGIL_API_KEY: 'env-key-123456', VIGIL_BASE_URL: 'https://env.example/api/v2/', VIGIL_ORG: 'env-org'});
    expect(settings.apiKey).toEqual({value: 'env-key-123456', source: 'env'});
    expect(settings.baseUrl).toEqual({value: 'https://env.example/api/v2', source: 'env'});
    expect(settings.org).toEqual({value: 'env-org', source: 'env'});
  });

  it('lets flags override the environment', async () => {
    save({baseUrl: 'https://saved.example/api/v2', org: 'saved-org'});
    const settings = await loadSettings({baseUrl: 'http://127.0.0.1:4010/api/v2', org: 'flag-org'}, {VIGIL_CONFIG_DIR: dir, VIGIL_BASE_URL: 'https://env.example/api/v2', VIGIL_ORG: 'env-org'});
    expect(settings.baseUrl).toEqual({value: 'http://127.0.0.1:4010/api/v2', source: 'flag'});
    expect(settings.org).toEqual({value: 'flag-org', source: 'flag'});
  });

  it('mixes sources per setting and treats empty variables as unset', async () => {
    save({org: 'saved-org'});
    const settings = await loadSettings({}, {VIGIL_CONFIG_DIR: dir, VIGIL_ORG: '', VIGIL_API_KEY: '  ', VIGIL_BASE_URL: 'https://env.example/api/v2'});
    expect(settings.org).toEqual({value: 'saved-org', source: 'config'});
    expect(settings.apiKey).toBeUndefined();
    expect(settings.baseUrl?.source).toBe('env');
  });

  it('has nothing but the folder when nothing is configured (no folder created)', async () => {
    const settings = await loadSettings({}, {VIGIL_CONFIG_DIR: dir});
    expect(settings).toEqual({configDir: dir, configDirSource: 'VIGIL_CONFIG_DIR'});
  });

  it('trims a key with a trailing newline from the environment', async () => {
    const settings = await loadSettings({}, {VIGIL_CONFIG_DIR: dir, VIGIL_API_KEY: 'env-key-123456\n'});
    expect(settings.apiKey?.value).toBe('env-key-123456');
  });
});

describe('loadSettings validation', () => {
  it('names the flag and the variable of bad values, all at once, exit 3', async () => {
    const error = await rejectionOf(loadSettings({baseUrl: 'ftp://x/api/v2', org: 'two words'}, {VIGIL_CONFIG_DIR: dir}));
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).exitCode).toBe(3);
    expect(error.message).toContain('--base-url: must start with https:// (got ftp://)');
    expect(error.message).toContain('--org: must be an org slug');

    const fromEnv = await rejectionOf(loadSettings({}, {VIGIL_CONFIG_DIR: dir, VIGIL_BASE_URL: 'api.example.com/api/v2'}));
    expect(fromEnv.message).toContain('VIGIL_BASE_URL: is not a URL: start it with https://');
  });

  it('refuses a base URL with credentials, a query or a fragment; keeps http for a sandbox', async () => {
    for (const bad of ['https://user:pw@h/api/v2', 'https://h/api/v2?x=1', 'https://h/api/v2#top']) {
      expect((await rejectionOf(loadSettings({baseUrl: bad}, {VIGIL_CONFIG_DIR: dir}))).message).toContain('--base-url');
    }
    const settings = await loadSettings({baseUrl: 'HTTP://LOCALHOST:8080/api/v2//'}, {VIGIL_CONFIG_DIR: dir});
    expect(settings.baseUrl?.value).toBe('http://localhost:8080/api/v2');
  });

  it('refuses an environment key with spaces without repeating it', async () => {
    const error = await rejectionOf(loadSettings({}, {VIGIL_CONFIG_DIR: dir, VIGIL_API_KEY: 'abc def-secret'}));
    expect(error.message).toContain('VIGIL_API_KEY: contains spaces');
    expect(error.message).not.toContain('secret');
  });
});

describe('loadSettings with damaged files', () => {
  it('names the file and field of a bad config value', async () => {
    save({baseUrl: 'not a url', org: 42});
    const error = await rejectionOf(loadSettings({}, {VIGIL_CONFIG_DIR: dir}));
    expect(error).toBeInstanceOf(ConfigFileError);
    expect((error as ConfigFileError).exitCode).toBe(3);
    expect(error.message).toBe(`cannot use ${path.join(dir, 'config.json')}: org: must be a string`);
  });

  it('names the file for broken JSON and never quotes a credentials file', async () => {
    save(undefined, `{"apiKey": "${KEY}"`);
    const error = await rejectionOf(loadSettings({}, {VIGIL_CONFIG_DIR: dir}));
    expect(error.message).toBe(`cannot use ${path.join(dir, 'credentials.json')}: is not valid JSON`);
    expect((error as ConfigFileError).hint).toContain('vigil auth login');
    expect(error.message + (error as ConfigFileError).hint).not.toContain(KEY);
  });

  it('reports a missing apiKey field and a non-object file', async () => {
    save('[1,2]', {token: 'x'});
    expect((await rejectionOf(loadSettings({}, {VIGIL_CONFIG_DIR: dir}))).message).toContain('config.json: must hold a JSON object');
    expect((await rejectionOf(loadSettings({baseUrl: 'https://h/api/v2', org: 'o'}, {VIGIL_CONFIG_DIR: dir}))).message).toContain('credentials.json: apiKey: is missing');
  });

  it('does not read a file it does not need: VIGIL_API_KEY works beside damaged credentials', async () => {
    save('{oops', '{oops');
    const settings = await loadSettings({baseUrl: 'https://h/api/v2', org: 'o'}, {VIGIL_CONFIG_DIR: dir, VIGIL_API_KEY: 'env-key-123456'});
    expect(settings.apiKey?.source).toBe('env');
  });

  it('skips the saved files for commands that repair them', async () => {
    save('{oops', '{oops');
    const settings = await loadSettings({skipSavedFiles: true}, {VIGIL_CONFIG_DIR: dir});
    expect(settings.apiKey).toBeUndefined();
  });

  // Root reads any file, so the unreadable case runs as `nobody` through the built CLI.
  it.skipIf(!canRunAsNobody())('names an unreadable file', async () => {
    const home = tempDirForNobody('vigil-unreadable-');
    const own = path.join(home, 'vigil');
    mkdirSync(own, {mode: 0o700});
    writeFileSync(path.join(own, 'config.json'), JSON.stringify({org: 'x'}), {mode: 0o000});
    chownSync(own, NOBODY, NOBODY);
    chownSync(path.join(own, 'config.json'), NOBODY, NOBODY);
    const result = await runCliAsNobody(['reports', 'list'], {VIGIL_CONFIG_DIR: own, VIGIL_API_KEY: 'vk_live_0123456789'});
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`${path.join(own, 'config.json')}: cannot be read (EACCES)`);
  });
});

describe('resolveConfigDir', () => {
  const home = () => '/home/fallback';
  it('prefers VIGIL_CONFIG_DIR, then XDG_CONFIG_HOME/vigil, then ~/.config/vigil', () => {
    expect(resolveConfigDir({VIGIL_CONFIG_DIR: '/a/b', XDG_CONFIG_HOME: '/x', HOME: '/h'}, home)).toEqual({path: '/a/b', source: 'VIGIL_CONFIG_DIR'});
    expect(resolveConfigDir({XDG_CONFIG_HOME: '/x', HOME: '/h'}, home)).toEqual({path: '/x/vigil', source: 'XDG_CONFIG_HOME'});
    expect(resolveConfigDir({HOME: '/h'}, home)).toEqual({path: '/h/.config/vigil', source: 'home'});
    expect(resolveConfigDir({}, home)).toEqual({path: '/home/fallback/.config/vigil', source: 'home'});
  });

  it('ignores empty variables and a relative XDG_CONFIG_HOME', () => {
    expect(resolveConfigDir({VIGIL_CONFIG_DIR: '', XDG_CONFIG_HOME: 'relative', HOME: '/h'}, home).path).toBe('/h/.config/vigil');
  });
});

describe('--timeout and VIGIL_TIMEOUT', () => {
  const budget = async (timeout: string | undefined, env: NodeJS.ProcessEnv = {}) => (await loadSettings({timeout, skipSavedFiles: true}, env)).budgetMs;

  it('read a number alone as seconds, as curl --max-time does: --timeout 2 is 2 s, not 2 ms', async () => {
    expect(await budget('2')).toBe(2000);
    expect(await budget('2.5')).toBe(2500);
    expect(await budget(undefined, {VIGIL_TIMEOUT: '3'})).toBe(3000);
    expect(await budget('1500ms')).toBe(1500);
    expect(await budget('1m30s')).toBe(90_000);
  });

  it.each([
    ['0', '--timeout: must be a duration like 30s, 2m or 1m30s (a number alone is seconds), got "0"'],
    ['2 s', '--timeout: must be a duration like 30s, 2m or 1m30s (a number alone is seconds), got "2 s"'],
    ['.5', '--timeout: must be a duration like 30s, 2m or 1m30s (a number alone is seconds), got ".5"'],
    ['2147484', '--timeout: must be at most 24d20h31m23s647ms (the longest timer Node can arm)'],
  ])('refuse %j naming the flag', async (timeout, message) => {
    const error = await rejectionOf(budget(timeout), InputError);
    expect(problemLines(error)).toEqual([message]);
  });
});
