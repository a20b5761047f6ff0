import {chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {trustProblem} from '../../src/config/trust.js';
import {runCli} from '../helpers/cli.js';
import {NOBODY, isRoot} from '../helpers/users.js';

describe('trustProblem', () => {
  it('trusts what the user or root owns and only they can write', () => {
    expect(trustProblem({uid: 1000, mode: 0o40700}, 1000)).toBeUndefined();
    expect(trustProblem({uid: 0, mode: 0o40755}, 1000)).toBeUndefined();
    expect(trustProblem({uid: 1000, mode: 0o100644}, 1000)).toBeUndefined();
  });

  it('refuses another owner, and group or other write access', () => {
    expect(trustProblem({uid: 1001, mode: 0o40700}, 1000)).toBe('owner');
    expect(trustProblem({uid: 1001, mode: 0o40700}, 0)).toBe('owner');
    expect(trustProblem({uid: 1000, mode: 0o40770}, 1000)).toBe('writable');
    expect(trustProblem({uid: 1000, mode: 0o40702}, 1000)).toBe('writable');
    expect(trustProblem({uid: 0, mode: 0o40777}, 0)).toBe('writable');
  });
});

// Real folders: another user's folder needs chown, which only root can do (tests run as root in CI).
describe.skipIf(!isRoot())('a config folder someone else controls', () => {
  let server: Server;
  let requests = 0;
  let baseUrl = '';
  let xdg: string;
  const KEY = 'vk_live_trust_0123456789';

  beforeAll(async () => {
    server = createServer((_request, response) => {
      requests++;
      response.writeHead(200, {'content-type': 'application/json'}).end('{"items":[],"nextCursor":null}');
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as {port: number}).port}/api/v2`;
  });
  afterAll(() => new Promise<void>(resolve => server.close(() => resolve())));

  beforeEach(() => {
    requests = 0;
    xdg = mkdtempSync(path.join(tmpdir(), 'vigil-xdg-'));
    chmodSync(xdg, 0o1777); // a shared, sticky folder like /tmp
  });

  const plant = (mode: number, owner?: number) => {
    const dir = path.join(xdg, 'vigil');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({baseUrl, org: 'acme'}));
    chmodSync(dir, mode);
    if (owner !== undefined) {
      chownSync(path.join(dir, 'config.json'), owner, owner);
      chownSync(dir, owner, owner);
    }
    return dir;
  };

  it('is not used: exit 3 naming the folder and the fix, and no request leaves vigil', async () => {
    const dir = plant(0o755, NOBODY);
    const result = await runCli(['reports', 'list'], {env: {XDG_CONFIG_HOME: xdg, VIGIL_API_KEY: KEY}});
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`refusing to use ${dir}: this folder belongs to another user`);
    expect(result.stderr).toContain('VIGIL_CONFIG_DIR');
    expect(requests).toBe(0);
    expect(result.stderr).not.toContain(KEY);
  });

  it('is not chmodded or written by `auth login`', async () => {
    const dir = plant(0o755, NOBODY);
    const result = await runCli(['auth', 'login', '--with-key'], {env: {XDG_CONFIG_HOME: xdg}, input: `${KEY}\n`});
    expect(result.code).toBe(3);
    expect(statSync(dir).mode & 0o777).toBe(0o755);
    expect(statSync(dir).uid).toBe(NOBODY);
    expect(existsSync(path.join(dir, 'credentials.json'))).toBe(false);
  });

  it('a world-writable folder of our own is refused too, with the chmod that fixes it', async () => {
    const dir = plant(0o777);
    const result = await runCli(['reports', 'list'], {env: {XDG_CONFIG_HOME: xdg, VIGIL_API_KEY: KEY}});
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`refusing to use ${dir}: this folder is writable by group or others`);
    expect(result.stderr).toContain(`chmod 700 ${dir}`);
    expect(requests).toBe(0);
  });

  it('a group-writable config.json in a private folder is refused', async () => {
    const dir = plant(0o700);
    chmodSync(path.join(dir, 'config.json'), 0o664);
    const result = await runCli(['reports', 'list'], {env: {XDG_CONFIG_HOME: xdg, VIGIL_API_KEY: KEY}});
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`chmod 600 ${path.join(dir, 'config.json')}`);
    expect(requests).toBe(0);
  });

  it('a private folder of our own is used (the check refuses nothing it should not)', async () => {
    plant(0o700);
    const result = await runCli(['reports', 'list'], {env: {XDG_CONFIG_HOME: xdg, VIGIL_API_KEY: KEY}});
    expect(result.stderr).not.toContain('refusing');
    expect(requests).toBeGreaterThan(0);
  });
});
