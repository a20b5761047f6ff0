import {mkdtempSync, readFileSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli, type CliResult} from '../helpers/cli.js';
import {ensureBuilt} from '../helpers/build.js';
import {startSandboxProcess, type SandboxProcess} from '../helpers/sandbox-process.js';

/*
 * `vigil auth` and `vigil config` as a user's shell runs them: the built CLI, piped, with a
 * private VIGIL_CONFIG_DIR. Every result is also checked for the key in clear.
 */

const KEY = 'vk_live_9c8b7a6f5e4d3c2b1a00';
const MASKED = 'vk_…1a00';

/** The upstream `auth login` and `auth status` check keys against; it accepts KEY. */
let sandbox: SandboxProcess;
beforeAll(async () => {
  await ensureBuilt();
  sandbox = await startSandboxProcess({apiKey: KEY});
}, 120_000);
afterAll(() => sandbox?.stop());

function freshDir(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'vigil-cli-auth-')), 'vigil');
}

async function vigil(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<CliResult> {
  const result = await runCli(args, {env, ...(input === undefined ? {} : {input})});
  expect(result.stdout + result.stderr).not.toContain(KEY);
  return result;
}

describe('vigil auth (built CLI)', () => {
  it('auth status with no key: exit 2, naming `vigil auth login` and VIGIL_API_KEY on stderr', async () => {
    const result = await vigil(['auth', 'status'], {VIGIL_CONFIG_DIR: freshDir()});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('vigil auth login');
    expect(result.stderr).toContain('VIGIL_API_KEY');
    expect(result.stdout).toMatch(/^API key\s+not set/m);
    expect(result.stdout).not.toContain('error');
  });

  it('echo KEY | auth login --with-key, then auth status shows the masked key; file 0600, folder 0700', async () => {
    const dir = freshDir();
    const env = {VIGIL_CONFIG_DIR: dir, VIGIL_BASE_URL: sandbox.url};
    const login = await vigil(['auth', 'login', '--with-key'], env, `${KEY}\n`);
    expect(login.code).toBe(0);
    expect(login.stdout).toBe('');
    expect(login.stderr).toContain(`Logged in: key ${MASKED} accepted by ${sandbox.url}`);
    const file = path.join(dir, 'credentials.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readFileSync(file, 'utf8')).toContain(KEY);

    const status = await vigil(['auth', 'status'], env);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`API key     ${MASKED}  (from ${file})`);
    expect(status.stdout).toContain('Key check   accepted by the upstream');
    expect(status.stderr).toBe('');

    const json = await vigil(['auth', 'status', '--json'], env);
    expect(JSON.parse(json.stdout).apiKey).toEqual({value: MASKED, source: 'credentials', from: file});

    const logout = await vigil(['auth', 'logout'], env);
    expect(logout.code).toBe(0);
    expect(logout.stderr).toContain('Logged out');
    expect((await vigil(['auth', 'status'], env)).code).toBe(2);
  });

  it('echo wrongkey | auth login --with-key against the sandbox: exit 2, no credentials file; auth status with it: exit 2', async () => {
    const dir = freshDir();
    const login = await vigil(['auth', 'login', '--with-key'], {VIGIL_CONFIG_DIR: dir, VIGIL_BASE_URL: sandbox.url}, 'wrongkey\n');
    expect(login.code).toBe(2);
    expect(login.stderr).toContain('the upstream rejected this API key');
    expect(login.stderr).not.toContain('Logged in');
    expect(statSync(path.join(dir, 'credentials.json'), {throwIfNoEntry: false})).toBeUndefined();

    const status = await vigil(['auth', 'status'], {VIGIL_CONFIG_DIR: dir, VIGIL_BASE_URL: sandbox.url, VIGIL_API_KEY: 'wrongkey'});
    expect(status.code).toBe(2);
    expect(status.stdout).toContain('Key check   REJECTED by the upstream (401)');
    expect((await vigil(['auth', 'status', '--offline'], {VIGIL_CONFIG_DIR: dir, VIGIL_BASE_URL: sandbox.url, VIGIL_API_KEY: 'wrongkey'})).code).toBe(0);
  });

  it('auth login without a terminal and without --with-key: exit 3 naming --with-key and VIGIL_API_KEY', async () => {
    const result = await vigil(['auth', 'login'], {VIGIL_CONFIG_DIR: freshDir()}, KEY);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('--with-key');
    expect(result.stderr).toContain('VIGIL_API_KEY');
    expect(result.stdout).toBe('');
  });

  it('never takes the key as an argument (exit 1, key not echoed)', async () => {
    const dir = freshDir();
    const result = await vigil(['auth', 'login', KEY], {VIGIL_CONFIG_DIR: dir});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('too many arguments');
    expect(statSync(dir, {throwIfNoEntry: false})).toBeUndefined();
    // Commander would quote an unknown `--x=value` whole; vigil() checks the key is not in it.
    for (const typo of [`--with-key=${KEY}`, `--api-key=${KEY}`]) {
      const refused = await vigil(['auth', 'login', typo], {VIGIL_CONFIG_DIR: dir});
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('unknown option');
    }
    expect(statSync(dir, {throwIfNoEntry: false})).toBeUndefined();
  });

  it('a key from VIGIL_API_KEY is masked in auth status, and --debug does not reveal it', async () => {
    const result = await vigil(['auth', 'status', '--debug'], {VIGIL_CONFIG_DIR: freshDir(), VIGIL_API_KEY: KEY});
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${MASKED}  (from VIGIL_API_KEY)`);
  });

  it('a damaged credentials file: exit 3 naming the file, no stack trace, key not quoted', async () => {
    const dir = freshDir();
    await vigil(['auth', 'login', '--with-key', '--no-verify'], {VIGIL_CONFIG_DIR: dir}, KEY);
    const {writeFileSync} = await import('node:fs');
    writeFileSync(path.join(dir, 'credentials.json'), `{"apiKey": "${KEY}`);
    const result = await vigil(['auth', 'status'], {VIGIL_CONFIG_DIR: dir});
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`cannot use ${path.join(dir, 'credentials.json')}: is not valid JSON`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('vigil config (built CLI)', () => {
  it('set, get, list as TSV and JSON, unset; stdout carries only values', async () => {
    const env = {VIGIL_CONFIG_DIR: freshDir()};
    expect((await vigil(['config', 'set', 'base-url', 'https://api.example.com/api/v2/'], env)).code).toBe(0);
    const setOrg = await vigil(['config', 'set', 'org', 'acme'], env);
    expect(setOrg.stdout).toBe('');
    expect(setOrg.stderr).toContain('Saved org = acme');

    expect((await vigil(['config', 'get', 'base-url'], env)).stdout).toBe('https://api.example.com/api/v2\n');
    expect((await vigil(['config', 'get'], env)).stdout).toBe('base-url\thttps://api.example.com/api/v2\norg\tacme\n');
    expect(JSON.parse((await vigil(['config', 'get', '--json'], env)).stdout)).toEqual({'base-url': 'https://api.example.com/api/v2', org: 'acme'});

    const status = await vigil(['auth', 'status', '--offline'], {...env, VIGIL_ORG: 'env-org'});
    expect(status.stdout).toContain('Base URL    https://api.example.com/api/v2  (from ');
    expect(status.stdout).toContain('Org         env-org  (from VIGIL_ORG)');

    expect((await vigil(['config', 'unset', 'org'], env)).code).toBe(0);
    const gone = await vigil(['config', 'get', 'org'], env);
    expect(gone.stdout).toBe('');
    expect(gone.stderr).toContain('org is not set');
  });

  it('an unknown key exits 3 naming the allowed keys', async () => {
    const result = await vigil(['config', 'set', 'token', 'x'], {VIGIL_CONFIG_DIR: freshDir()});
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('use one of base-url, org');
    expect(result.stdout).toBe('');
  });
});

describe('command line', () => {
  it('--help of auth and config lists their commands on stdout, exit 0', async () => {
    const auth = await vigil(['auth', '--help'], {});
    expect(auth.code).toBe(0);
    for (const name of ['login', 'logout', 'status']) expect(auth.stdout).toContain(name);
    const config = await vigil(['config', '--help'], {});
    for (const name of ['get', 'set', 'unset']) expect(config.stdout).toContain(name);
    const login = await vigil(['auth', 'login', '--help'], {});
    expect(login.stdout).toContain('--with-key');
    expect(login.stderr).toBe('');
  });

  it('an unknown option exits 1 with the message on stderr only', async () => {
    const result = await vigil(['config', 'get', '--bogus'], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("unknown option '--bogus'");
    expect(result.stdout).toBe('');
  });
});
