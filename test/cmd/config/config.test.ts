import {existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {beforeEach, describe, expect, it} from 'vitest';
import {runWork} from '../../../src/ui/use-command.js';
import {configGet, type ConfigGetOptions} from '../../../src/cmd/config/get/get.js';
import {configSet} from '../../../src/cmd/config/set/set.js';
import {configUnset} from '../../../src/cmd/config/unset/unset.js';
import {fakeIO, type FakeIO} from '../../helpers/fake-io.js';

let dir: string;
beforeEach(() => {
  dir = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-config-')), 'vigil');
});

const io = (tty: boolean, env: NodeJS.ProcessEnv = {}) => fakeIO({tty, env: {VIGIL_CONFIG_DIR: dir, ...env}});
const signal = () => new AbortController().signal;
const configFile = () => path.join(dir, 'config.json');
const saved = () => JSON.parse(readFileSync(configFile(), 'utf8'));

const set = (fake: FakeIO, key?: string, value?: string) => runWork({skipSavedFiles: true}, ctx => configSet({key, value}, ctx), fake, signal());
const unset = (fake: FakeIO, key?: string) => runWork({skipSavedFiles: true}, ctx => configUnset({key}, ctx), fake, signal());
const get = (fake: FakeIO, options: ConfigGetOptions = {}) => runWork({skipSavedFiles: true}, ctx => configGet(options, ctx), fake, signal());

describe('vigil config set', () => {
  it('saves a normalised base URL and an org in a private file, confirming on stderr', async () => {
    const fake = io(true);
    expect(await set(fake, 'base-url', 'https://API.example.com/api/v2/')).toBe(0);
    expect(await set(fake, 'org', 'acme')).toBe(0);
    expect(saved()).toEqual({baseUrl: 'https://api.example.com/api/v2', org: 'acme'});
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(fake.out()).toBe('');
    expect(fake.err()).toContain(`Saved base-url = https://api.example.com/api/v2 in ${configFile()}`);
  });

  it('refuses an unknown key naming the allowed ones, a missing value and a bad value: exit 3, nothing written', async () => {
    const unknown = io(false);
    expect(await set(unknown, 'colour', 'blue')).toBe(3);
    expect(unknown.err()).toContain('unknown key "colour"; use one of base-url, org');
    const missing = io(false);
    expect(await set(missing, 'org')).toBe(3);
    expect(missing.err()).toContain('value: missing; e.g. vigil config set org acme');
    const bad = io(false);
    expect(await set(bad, 'base-url', 'ftp://files.example')).toBe(3);
    expect(bad.err()).toContain('base-url: must start with https:// (got ftp://)');
    const remoteHttp = io(false);
    expect(await set(remoteHttp, 'base-url', 'http://api.example.com/api/v2')).toBe(3);
    expect(remoteHttp.err()).toContain('refusing to send the API key over plain http to api.example.com');
    expect(existsSync(configFile())).toBe(false);
  });

  it('notes when an environment variable overrides the value just saved', async () => {
    const fake = io(false, {VIGIL_ORG: 'env-org'});
    expect(await set(fake, 'org', 'acme')).toBe(0);
    expect(fake.err()).toContain('note: VIGIL_ORG is set (env-org) and overrides the saved org');
  });

  it('repairs a bad value in an otherwise readable file', async () => {
    mkdirSync(dir, {recursive: true});
    writeFileSync(configFile(), JSON.stringify({baseUrl: 42, org: 'acme'}));
    const broken = io(false);
    expect(await get(broken)).toBe(3);
    expect(broken.err()).toContain(`cannot use ${configFile()}: baseUrl: must be a string`);
    expect(await set(io(false), 'base-url', 'https://h.example/api/v2')).toBe(0);
    expect(saved()).toEqual({baseUrl: 'https://h.example/api/v2', org: 'acme'});
  });
});

describe('vigil config get', () => {
  beforeEach(async () => {
    await set(io(false), 'org', 'acme');
  });

  it('prints one value alone on stdout, for $(vigil config get org)', async () => {
    for (const tty of [true, false]) {
      const fake = io(tty);
      expect(await get(fake, {key: 'org'})).toBe(0);
      expect(fake.out()).toBe('acme\n');
    }
  });

  it('prints nothing for an unset key and says so on stderr, exit 0', async () => {
    const fake = io(false);
    expect(await get(fake, {key: 'base-url'})).toBe(0);
    expect(fake.out()).toBe('');
    expect(fake.err()).toContain('base-url is not set');
  });

  it('lists every key: a table on a terminal, TSV piped, JSON with nulls', async () => {
    const tty = io(true, {NO_COLOR: '1'});
    await get(tty);
    expect(tty.out()).toBe('KEY       VALUE\nbase-url  -\norg       acme\n');

    const pipe = io(false);
    await get(pipe);
    expect(pipe.out()).toBe('base-url\t\norg\tacme\n');

    const json = io(false);
    await get(json, {json: true});
    expect(json.out()).toBe('{"base-url":null,"org":"acme"}\n');
  });

  it('refuses an unknown key and --json with --output (exit 3)', async () => {
    const unknown = io(false);
    expect(await get(unknown, {key: 'token'})).toBe(3);
    expect(unknown.err()).toContain('use one of base-url, org');
    const both = io(false);
    expect(await get(both, {json: true, output: 'tsv'})).toBe(3);
    expect(both.err()).toContain('--json: cannot be combined with --output');
  });
});

describe('vigil config unset', () => {
  it('removes a saved key, then says it was not set; exit 0', async () => {
    await set(io(false), 'org', 'acme');
    await set(io(false), 'base-url', 'https://h.example/api/v2');
    const first = io(false);
    expect(await unset(first, 'org')).toBe(0);
    expect(first.err()).toContain('Removed org');
    expect(saved()).toEqual({baseUrl: 'https://h.example/api/v2'});
    const second = io(true);
    expect(await unset(second, 'org')).toBe(0);
    expect(second.err()).toContain('org was not set');
  });

  it('does not create the folder to unset nothing', async () => {
    expect(await unset(io(false), 'org')).toBe(0);
    expect(existsSync(dir)).toBe(false);
  });
});
