import {chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {beforeEach, describe, expect, it} from 'vitest';
import {ensurePrivateDir, writeFileAtomic} from '../../src/config/atomic-write.js';
import {readConfigFile, readCredentials, removeCredentials, updateConfigFile, writeCredentials} from '../../src/config/store.js';
import {NOBODY, canRunAsNobody, runCliAsNobody, tempDirForNobody} from '../helpers/users.js';

const mode = (file: string) => statSync(file).mode & 0o777;
let root: string;
let dir: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'vigil-store-'));
  dir = path.join(root, 'nested', 'vigil');
});

describe('credentials file', () => {
  it('is written 0600 in a 0700 folder it creates, and read back', async () => {
    const file = await writeCredentials(dir, 'vk_live_0123456789');
    expect(file).toBe(path.join(dir, 'credentials.json'));
    expect(mode(file)).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({apiKey: 'vk_live_0123456789'});
    expect(await readCredentials(dir)).toEqual({apiKey: 'vk_live_0123456789'});
  });

  it('tightens a folder and replaces a file that already existed too open', async () => {
    mkdirSync(dir, {recursive: true, mode: 0o755});
    writeFileSync(path.join(dir, 'credentials.json'), '{"apiKey":"old-key-000"}', {mode: 0o644});
    const previousUmask = process.umask(0);
    try {
      await writeCredentials(dir, 'new-key-111111');
    } finally {
      process.umask(previousUmask);
    }
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'credentials.json'))).toBe(0o600);
    expect(await readCredentials(dir)).toEqual({apiKey: 'new-key-111111'});
  });

  it('is removed by removeCredentials, which says whether there was one', async () => {
    await writeCredentials(dir, 'vk_live_0123456789');
    expect(await removeCredentials(dir)).toBe(true);
    expect(await readCredentials(dir)).toBeUndefined();
    expect(await removeCredentials(dir)).toBe(false);
  });
});

describe('config file', () => {
  it('keeps other keys (even unknown ones) when one is set or removed', async () => {
    mkdirSync(dir, {recursive: true});
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({org: 'acme', futureKey: {a: 1}}));
    await updateConfigFile(dir, {baseUrl: 'https://h.example/api/v2'});
    await updateConfigFile(dir, {org: null});
    expect(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8'))).toEqual({futureKey: {a: 1}, baseUrl: 'https://h.example/api/v2'});
    expect(await readConfigFile(dir)).toEqual({baseUrl: 'https://h.example/api/v2'});
    expect(mode(dir)).toBe(0o700);
  });

  it('repairs an invalid value by setting it again', async () => {
    mkdirSync(dir, {recursive: true});
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({baseUrl: 'nope'}));
    await expect(readConfigFile(dir)).rejects.toThrow(/config\.json: baseUrl: is not a URL/);
    await updateConfigFile(dir, {baseUrl: 'https://h.example/api/v2'});
    expect(await readConfigFile(dir)).toEqual({baseUrl: 'https://h.example/api/v2'});
  });

  it('refuses to update a file that is not JSON, naming it', async () => {
    mkdirSync(dir, {recursive: true});
    writeFileSync(path.join(dir, 'config.json'), 'org = acme');
    await expect(updateConfigFile(dir, {org: 'x'})).rejects.toThrow(`cannot use ${path.join(dir, 'config.json')}: is not valid JSON`);
    expect(readFileSync(path.join(dir, 'config.json'), 'utf8')).toBe('org = acme');
  });
});

describe('writeFileAtomic', () => {
  it('leaves exactly one complete version and no temp files after concurrent writes', async () => {
    await ensurePrivateDir(dir);
    const file = path.join(dir, 'x.json');
    const versions = Array.from({length: 25}, (_, i) => JSON.stringify({i, pad: 'p'.repeat(10_000 + i)}));
    await Promise.all(versions.map(text => writeFileAtomic(file, text, 0o600)));
    expect(versions).toContain(readFileSync(file, 'utf8'));
    expect(readdirSync(dir)).toEqual(['x.json']);
  });

  it('keeps the old file and cleans up its temp file when the rename fails', async () => {
    await ensurePrivateDir(dir);
    const target = path.join(dir, 'occupied');
    mkdirSync(path.join(target, 'child'), {recursive: true});
    await expect(writeFileAtomic(target, 'data', 0o600)).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['occupied']);
    expect(statSync(target).isDirectory()).toBe(true);
  });
});

describe('write failures', () => {
  // Root writes anywhere, so the read-only folder is tried as `nobody` through the built CLI.
  it.skipIf(!canRunAsNobody())('name the file and the reason, without a stack trace', async () => {
    const parent = path.join(tempDirForNobody('vigil-readonly-'), 'config');
    mkdirSync(parent, {mode: 0o500});
    chownSync(parent, NOBODY, NOBODY);
    const own = path.join(parent, 'vigil');
    const result = await runCliAsNobody(['config', 'set', 'org', 'acme'], {VIGIL_CONFIG_DIR: own});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`cannot write ${path.join(own, 'config.json')} (EACCES)`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('a folder path that is a file is refused with its name', async () => {
    mkdirSync(path.dirname(dir), {recursive: true});
    writeFileSync(dir, 'not a folder');
    await expect(writeCredentials(dir, 'vk_live_0123456789')).rejects.toThrow(/cannot write .*credentials\.json \((EEXIST|ENOTDIR)\)/);
    await expect(updateConfigFile(dir, {org: 'acme'})).rejects.toThrow(/config\.json: cannot be read \(ENOTDIR\)/);
  });
});

describe('concurrent updates', () => {
  it('keep every setting: ten pairs of `config set org` and `config set base-url` at once, built CLI', async () => {
    const {runCli} = await import('../helpers/cli.js');
    for (let round = 0; round < 10; round++) {
      const own = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-race-')), 'vigil');
      const env = {VIGIL_CONFIG_DIR: own};
      const results = await Promise.all([
        runCli(['config', 'set', 'org', `acme${round}`], {env}),
        runCli(['config', 'set', 'base-url', `https://h${round}.example/api/v2`], {env}),
      ]);
      expect(results.map(result => result.code)).toEqual([0, 0]);
      expect(JSON.parse(readFileSync(path.join(own, 'config.json'), 'utf8'))).toEqual({org: `acme${round}`, baseUrl: `https://h${round}.example/api/v2`});
      expect(readdirSync(own)).toEqual(['config.json']);
    }
  }, 120_000);

  it('take over a lock left by a crashed run once it is stale', async () => {
    await ensurePrivateDir(dir);
    const {utimesSync} = await import('node:fs');
    const lock = path.join(dir, 'config.json.lock');
    writeFileSync(lock, '99999');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    await updateConfigFile(dir, {org: 'acme'});
    expect(await readConfigFile(dir)).toEqual({org: 'acme'});
    expect(readdirSync(dir)).toEqual(['config.json']);
  });
});
