import {existsSync, mkdtempSync, readFileSync, statSync, writeFileSync, chmodSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {runWork} from '../../../src/ui/use-command.js';
import {authLogin, type LoginOptions} from '../../../src/cmd/auth/login/login.js';
import {authLogout} from '../../../src/cmd/auth/logout/logout.js';
import {authStatus} from '../../../src/cmd/auth/status/status.js';
import {clearSecrets} from '../../../src/secrets.js';
import {startSandbox, type Sandbox} from '../../../src/sandbox/server.js';
import {fakeIO, type FakeIO, type FakeIOOptions} from '../../helpers/fake-io.js';

const KEY = 'sk_live_4f9a0c1d2e3b5a6978';
const MASKED = 'sk_…6978';
const SCOPED_KEY = 'sk_scoped_acme_00001111';
let dir: string;
/** The upstream keys are checked against: accepts KEY (all orgs) and SCOPED_KEY (acme only). */
let upstream: Sandbox;

beforeAll(async () => {
  upstream = await startSandbox({port: 0, keys: {allOrgs: KEY, scoped: SCOPED_KEY, scopedOrg: 'acme'}});
});
afterAll(() => upstream.close());

beforeEach(() => {
  dir = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-auth-')), 'vigil');
});
afterEach(() => clearSecrets());

function io(options: Omit<FakeIOOptions, 'env'> & {env?: NodeJS.ProcessEnv}): FakeIO {
  return fakeIO({...options, env: {VIGIL_CONFIG_DIR: dir, VIGIL_BASE_URL: upstream.url, ...options.env}});
}

const credentials = () => path.join(dir, 'credentials.json');
const mode = (file: string) => statSync(file).mode & 0o777;
const signal = () => new AbortController().signal;

async function login(options: LoginOptions, fake: FakeIO, promptKey?: () => Promise<string>) {
  return runWork({...options, skipSavedFiles: true}, ctx => authLogin(options, ctx, promptKey ? {promptKey} : {}), fake, signal());
}

describe('vigil auth login', () => {
  it('saves the key piped to --with-key (trimmed), 0600 in a 0700 folder, and never prints it', async () => {
    const pipe = io({tty: false, stdin: `  ${KEY}\n`});
    expect(await login({withKey: true}, pipe)).toBe(0);
    expect(JSON.parse(readFileSync(credentials(), 'utf8'))).toEqual({apiKey: KEY});
    expect(mode(credentials())).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
    expect(pipe.out()).toBe('');
    expect(pipe.err()).toBe(`Logged in: key ${MASKED} accepted by ${upstream.url}, saved to ${credentials()}\n`);
    expect(pipe.err()).not.toContain(KEY);
  });

  it('prompts with the masked input on a terminal', async () => {
    const tty = io({tty: true});
    let asked = 0;
    expect(await login({}, tty, async () => (asked++, KEY))).toBe(0);
    expect(asked).toBe(1);
    expect(JSON.parse(readFileSync(credentials(), 'utf8'))).toEqual({apiKey: KEY});
    expect(tty.out() + tty.err()).not.toContain(KEY);
  });

  it('without a terminal and without --with-key: exit 3 naming --with-key and VIGIL_API_KEY, nothing written', async () => {
    const pipe = io({tty: false, stdin: KEY});
    expect(await login({}, pipe, async () => KEY)).toBe(3);
    expect(pipe.err()).toContain('--with-key');
    expect(pipe.err()).toContain('VIGIL_API_KEY');
    expect(existsSync(credentials())).toBe(false);
  });

  it('refuses --with-key when stdin is a terminal (typing there would echo the key)', async () => {
    const tty = io({tty: true});
    expect(await login({withKey: true}, tty)).toBe(3);
    expect(tty.err()).toContain('--with-key: reads the key from stdin, but stdin is a terminal');
    expect(existsSync(credentials())).toBe(false);
  });

  it('refuses an empty stdin and a stdin with more than one word, without echoing it', async () => {
    const empty = io({tty: false, stdin: '\n'});
    expect(await login({withKey: true}, empty)).toBe(3);
    expect(empty.err()).toContain('--with-key: the key read from stdin is empty');

    const two = io({tty: false, stdin: `${KEY}\nsecond-line-secret\n`});
    expect(await login({withKey: true}, two)).toBe(3);
    expect(two.err()).toContain('contains spaces, line breaks');
    expect(two.err()).not.toContain('second-line-secret');
    expect(existsSync(credentials())).toBe(false);
  });

  it('saves --base-url (normalised) and --org beside the key', async () => {
    const pipe = io({tty: false, stdin: KEY});
    expect(await login({withKey: true, baseUrl: 'https://api.example.com/api/v2/', org: 'acme', verify: false}, pipe)).toBe(0);
    expect(pipe.err()).toContain(`Logged in: key ${MASKED} not verified (--no-verify)`);
    expect(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8'))).toEqual({baseUrl: 'https://api.example.com/api/v2', org: 'acme'});
    expect(pipe.err()).toContain('Saved base-url https://api.example.com/api/v2');
  });

  it('writes nothing when --base-url is bad, even with a good key on stdin', async () => {
    const pipe = io({tty: false, stdin: KEY});
    expect(await login({withKey: true, baseUrl: 'api.example.com'}, pipe)).toBe(3);
    expect(pipe.err()).toContain('--base-url');
    expect(existsSync(dir)).toBe(false);
  });

  it('replaces a damaged credentials file', async () => {
    const first = io({tty: false, stdin: 'old-key-00000000'});
    await login({withKey: true, verify: false}, first);
    writeFileSync(credentials(), '{broken');
    const pipe = io({tty: false, stdin: KEY});
    expect(await login({withKey: true}, pipe)).toBe(0);
    expect(JSON.parse(readFileSync(credentials(), 'utf8'))).toEqual({apiKey: KEY});
  });

  it('notes that VIGIL_API_KEY takes precedence over the saved key', async () => {
    const pipe = io({tty: false, stdin: KEY, env: {VIGIL_API_KEY: 'env-key-99999999'}});
    expect(await login({withKey: true}, pipe)).toBe(0);
    expect(pipe.err()).toContain('note: VIGIL_API_KEY is set in this environment and takes precedence');
  });
});

describe('vigil auth login checks the key before saving it', () => {
  it('a key the upstream rejects: exit 2, says so, no credentials file', async () => {
    const pipe = io({tty: false, stdin: 'wrongkey\n'});
    expect(await login({withKey: true}, pipe)).toBe(2);
    expect(pipe.err()).toContain('the upstream rejected this API key (401');
    expect(pipe.err()).toContain('nothing saved');
    expect(existsSync(credentials())).toBe(false);
    expect(pipe.err()).not.toContain('wrongkey');
  });

  it('sends one request, with the new key, for one report', async () => {
    const seen: string[] = [];
    const tracing = await startSandbox({port: 0, keys: {allOrgs: KEY}, log: line => seen.push(line)});
    const pipe = io({tty: false, stdin: KEY, env: {VIGIL_BASE_URL: tracing.url}});
    try {
      expect(await login({withKey: true, org: 'acme'}, pipe)).toBe(0);
    } finally {
      await tracing.close();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^GET \/api\/v2\/organization\/reports\?slug=acme&limit=1 200 /);
    expect(pipe.err()).toContain(`accepted by ${tracing.url}`);
  });

  it('an upstream that cannot be reached: exit 8, says so, nothing saved; --no-verify saves', async () => {
    const closed = await startSandbox({port: 0});
    const url = closed.url;
    await closed.close();
    const pipe = io({tty: false, stdin: KEY, env: {VIGIL_BASE_URL: url}});
    expect(await login({withKey: true}, pipe)).toBe(8);
    expect(pipe.err()).toContain('could not check the API key');
    expect(pipe.err()).toContain('--no-verify');
    expect(existsSync(credentials())).toBe(false);

    const unchecked = io({tty: false, stdin: KEY, env: {VIGIL_BASE_URL: url}});
    expect(await login({withKey: true, verify: false}, unchecked)).toBe(0);
    expect(JSON.parse(readFileSync(credentials(), 'utf8'))).toEqual({apiKey: KEY});
  });

  it('a base URL that answers 404 (no /api/v2): exit 8, and says what to check', async () => {
    const pipe = io({tty: false, stdin: KEY, env: {VIGIL_BASE_URL: upstream.origin}});
    expect(await login({withKey: true}, pipe)).toBe(8);
    expect(pipe.err()).toContain('does the base URL end in /api/v2?');
    expect(existsSync(credentials())).toBe(false);
  });

  it('no base URL to check against: exit 3 naming --base-url and --no-verify', async () => {
    const pipe = io({tty: false, stdin: KEY, env: {VIGIL_BASE_URL: ''}});
    expect(await login({withKey: true}, pipe)).toBe(3);
    expect(pipe.err()).toContain('--base-url: no API base URL to check the key against; nothing saved');
    expect(pipe.err()).toContain('--no-verify');
    expect(existsSync(credentials())).toBe(false);
  });

  it('a valid key without access to the org: saved, with a warning', async () => {
    const pipe = io({tty: false, stdin: SCOPED_KEY});
    expect(await login({withKey: true, org: 'globex'}, pipe)).toBe(0);
    expect(pipe.err()).toContain('warning: the key is valid but has no access to org globex (403)');
    expect(existsSync(credentials())).toBe(true);
  });
});

describe('vigil auth status', () => {
  const status = (fake: FakeIO, options: {json?: boolean; offline?: boolean} = {}, flags: {baseUrl?: string; org?: string} = {}) =>
    runWork(flags, ctx => authStatus(options, ctx), fake, signal());

  it('without a key: exit 2, names `vigil auth login` and VIGIL_API_KEY on stderr (terminal and pipe)', async () => {
    for (const tty of [true, false]) {
      const fake = io({tty});
      expect(await status(fake)).toBe(2);
      expect(fake.err()).toContain('vigil auth login');
      expect(fake.err()).toContain('VIGIL_API_KEY');
      expect(fake.out()).toMatch(/API key\s+.*not set/);
    }
  });

  it('shows the saved key masked, and where each setting comes from', async () => {
    await login({withKey: true, org: 'saved-org'}, io({tty: false, stdin: KEY}));
    const pipe = io({tty: false, env: {VIGIL_BASE_URL: 'https://env.example/api/v2'}});
    expect(await status(pipe, {offline: true}, {org: 'flag-org'})).toBe(0);
    const out = pipe.out();
    expect(out).toContain(`API key     ${MASKED}  (from ${credentials()})`);
    expect(out).toContain('Base URL    https://env.example/api/v2  (from VIGIL_BASE_URL)');
    expect(out).toContain('Org         flag-org  (from --org)');
    expect(out).toContain(`Config dir  ${dir}  (VIGIL_CONFIG_DIR)`);
    expect(out).not.toContain('\u001b');
    expect(out + pipe.err()).not.toContain(KEY);
  });

  it('colours the labels of a terminal report, unless NO_COLOR', async () => {
    const tty = io({tty: true});
    await status(tty);
    expect(tty.out()).toContain('\u001b[33mnot set');
    const plain = io({tty: true, env: {NO_COLOR: '1'}});
    await status(plain);
    expect(plain.out()).not.toContain('\u001b');
  });

  it('prints JSON with the masked key and the sources, and still exits 2 without a key', async () => {
    const withKey = io({tty: false, env: {VIGIL_API_KEY: KEY}});
    expect(await status(withKey, {json: true})).toBe(0);
    const report = JSON.parse(withKey.out());
    expect(report.apiKey).toEqual({value: MASKED, source: 'env', from: 'VIGIL_API_KEY'});
    expect(report.loggedIn).toBe(true);
    expect(report.org).toBeNull();
    expect(withKey.out()).not.toContain(KEY);

    const none = io({tty: false});
    expect(await status(none, {json: true})).toBe(2);
    expect(JSON.parse(none.out()).loggedIn).toBe(false);
  });

  it('warns about a credentials file others can read, and about a saved key VIGIL_API_KEY hides', async () => {
    await login({withKey: true}, io({tty: false, stdin: KEY}));
    chmodSync(credentials(), 0o644);
    const pipe = io({tty: false, env: {VIGIL_API_KEY: 'env-key-12345678'}});
    expect(await status(pipe, {offline: true})).toBe(0);
    expect(pipe.err()).toContain('can be read by other users (mode 644)');
    expect(pipe.err()).toContain(`a saved key (${MASKED}) is ignored while VIGIL_API_KEY is set`);
  });

  it('checks the key live: accepted (exit 0), rejected (exit 2, loggedIn false), --offline asks nothing', async () => {
    const good = io({tty: false, env: {VIGIL_API_KEY: KEY}});
    expect(await status(good)).toBe(0);
    expect(good.out()).toMatch(/^Key check {3}accepted by the upstream$/m);

    const bad = io({tty: false, env: {VIGIL_API_KEY: 'rejected-key-0000'}});
    expect(await status(bad, {json: true})).toBe(2);
    const report = JSON.parse(bad.out());
    expect(report.loggedIn).toBe(false);
    expect(report.keyCheck.result).toBe('rejected');
    expect(bad.err()).toContain('the upstream rejected this API key (401');
    expect(bad.err()).toContain('vigil auth login');

    const offline = io({tty: false, env: {VIGIL_API_KEY: 'rejected-key-0000'}});
    expect(await status(offline, {json: true, offline: true})).toBe(0);
    expect(JSON.parse(offline.out()).keyCheck).toEqual({result: 'skipped', detail: '--offline'});
  });

  it('an upstream that cannot be reached: exit 8, the settings still printed', async () => {
    const closed = await startSandbox({port: 0});
    await closed.close();
    const pipe = io({tty: false, env: {VIGIL_API_KEY: KEY, VIGIL_BASE_URL: closed.url}});
    expect(await status(pipe)).toBe(8);
    expect(pipe.out()).toContain(`API key     ${MASKED}`);
    expect(pipe.out()).toContain('not checked: upstream unreachable');
    expect(pipe.err()).toContain('--offline');
  });

  it('names a damaged credentials file, exit 3', async () => {
    await login({withKey: true}, io({tty: false, stdin: KEY}));
    writeFileSync(credentials(), `{"apiKey": "${KEY}"`);
    const pipe = io({tty: false});
    expect(await status(pipe)).toBe(3);
    expect(pipe.err()).toContain(`cannot use ${credentials()}: is not valid JSON`);
    expect(pipe.err()).not.toContain(KEY);
  });
});

describe('vigil auth logout', () => {
  const logout = (fake: FakeIO) => runWork({skipSavedFiles: true}, ctx => authLogout(ctx), fake, signal());

  it('removes the saved key, then says there is none; exit 0 both times', async () => {
    await login({withKey: true}, io({tty: false, stdin: KEY}));
    const first = io({tty: true});
    expect(await logout(first)).toBe(0);
    expect(first.err()).toContain('Logged out: removed the saved key');
    expect(existsSync(credentials())).toBe(false);
    const second = io({tty: false});
    expect(await logout(second)).toBe(0);
    expect(second.err()).toContain('No saved key to remove');
    expect(second.out()).toBe('');
  });

  it('mentions a VIGIL_API_KEY that still applies', async () => {
    const pipe = io({tty: false, env: {VIGIL_API_KEY: 'env-key-12345678'}});
    expect(await logout(pipe)).toBe(0);
    expect(pipe.err()).toContain('VIGIL_API_KEY is still set');
  });

  it('removes a damaged credentials file too', async () => {
    await login({withKey: true}, io({tty: false, stdin: KEY}));
    writeFileSync(credentials(), 'garbage');
    expect(await logout(io({tty: false}))).toBe(0);
    expect(existsSync(credentials())).toBe(false);
  });
});
