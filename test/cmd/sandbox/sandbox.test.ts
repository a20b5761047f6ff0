import {mkdtemp, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runSandboxCommand, resolveSandboxSettings} from '../../../src/cmd/sandbox/sandbox.js';
import {InputError} from '../../../src/errors.js';
import {fakeIO} from '../../helpers/fake-io.js';
import {problemLines, thrownBy} from '../../helpers/thrown.js';
import {runCli} from '../../helpers/cli.js';
import {startSandboxProcess, E2E_API_KEY, E2E_SCOPED_KEY, type SandboxProcess} from '../../helpers/sandbox-process.js';

describe('flags', () => {
  const problems = (flags: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) => problemLines(thrownBy(() => resolveSandboxSettings(flags, env), InputError));

  it('defaults to 127.0.0.1:4010 and seed demo; env keys apply, flags win', () => {
    expect(resolveSandboxSettings({}, {})).toEqual({port: 4010, host: '127.0.0.1', seed: 'demo', reviewLimit: 10, quiet: false});
    const env = {VIGIL_SANDBOX_API_KEY: 'env-all-key', VIGIL_SANDBOX_SCOPED_KEY: 'env-scoped-key'};
    expect(resolveSandboxSettings({}, env)).toMatchObject({apiKey: 'env-all-key', scopedKey: 'env-scoped-key'});
    expect(resolveSandboxSettings({apiKey: 'flag-all-key'}, env)).toMatchObject({apiKey: 'flag-all-key'});
  });

  it('names every bad flag at once', () => {
    expect(problems({port: '70000', host: '', apiKey: 'short', seed: 'x', seedFile: 'f.json'})).toEqual([
      '--port: must be an integer from 0 to 65535 (0 picks a free port), got "70000"',
      '--host: must not be empty',
      '--seed: give --seed or --seed-file, not both (a fixture may name a "seed" to start from)',
      '--api-key: must be at least 8 characters without spaces',
    ]);
    expect(problems({port: 'abc'})[0]).toMatch(/^--port/);
    expect(problems({reviewLimit: 'ten'})).toEqual(['--review-limit: must be a whole number from 0 to 999999 (0 refuses every review), got "ten"']);
    expect(resolveSandboxSettings({reviewLimit: '20'}, {}).reviewLimit).toBe(20);
    expect(problems({}, {VIGIL_SANDBOX_SCOPED_KEY: 'a b c d e f'})[0]).toMatch(/^VIGIL_SANDBOX_SCOPED_KEY/);
    expect(problems({apiKey: 'same-key-1', scopedKey: 'same-key-1'})[0]).toMatch(/^--scoped-key: must differ/);
  });
});

describe('runSandboxCommand', () => {
  it('prints the banner with URL, keys and the env line, logs requests to stderr, stops on the signal', async () => {
    for (const tty of [true, false]) {
      const io = fakeIO({tty});
      const stop = new AbortController();
      const running = runSandboxCommand({port: '0', apiKey: 'cmd-all-key', scopedKey: 'cmd-scoped-key'}, io, stop.signal);
      await expect.poll(() => io.out(), {timeout: 5000}).toMatch(/export VIGIL_BASE_URL=/);
      const url = /export VIGIL_BASE_URL=(\S+)/.exec(io.out())![1]!;
      expect(io.out()).toContain('export VIGIL_BASE_URL=' + url + ' VIGIL_API_KEY=cmd-all-key VIGIL_ORG=acme\n');
      expect(io.out()).toMatch(/all-orgs key\s+cmd-all-key/);
      expect(io.out()).toMatch(/scoped key\s+cmd-scoped-key\s+\(org "acme" only/);
      expect(io.out()).toMatch(/initech\s+Initech\s+50 reports\s+fail/);
      const reply = await fetch(`${url}/organization/reports?slug=acme&limit=1`, {headers: {'x-api-key': 'cmd-all-key'}});
      expect(reply.status).toBe(200);
      await expect.poll(() => io.err()).toMatch(/GET \/api\/v2\/organization\/reports\?slug=acme&limit=1 200/);
      expect(io.err()).not.toContain('cmd-all-key');
      stop.abort();
      expect(await running).toBe(130);
      await expect(fetch(url)).rejects.toThrow();
    }
  });

  it('exits 3 with the problem on stderr when the port is taken', async () => {
    const first = fakeIO({tty: false});
    const stop = new AbortController();
    const running = runSandboxCommand({port: '0', quiet: true}, first, stop.signal);
    await expect.poll(() => first.out()).toMatch(/VIGIL_BASE_URL=/);
    const port = /127\.0\.0\.1:(\d+)/.exec(first.out())![1]!;
    const second = fakeIO({tty: false});
    expect(await runSandboxCommand({port}, second, new AbortController().signal)).toBe(3);
    expect(second.err()).toContain(`--port: 127.0.0.1:${port} is already in use`);
    expect(second.err()).toContain('hint: pass --port 0');
    expect(second.out()).toBe('');
    stop.abort();
    await running;
  });
});

describe('--seed-file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vigil-sandbox-'));
  });

  it('serves the fixture', async () => {
    const file = path.join(dir, 'good.json');
    await writeFile(file, JSON.stringify({
      orgs: [{id: 1, slug: 'tiny', name: 'Tiny'}],
      reports: [{org: 'tiny', title: 'Only one', createdAt: '2026-01-02T03:04:05Z', assets: [{content: 'only.example'}], countryCode: 'FR'}],
      takedowns: [{org: 'tiny', hoursAgo: 1}, {org: 'tiny', hoursAgo: 2}, {org: 'tiny', hoursAgo: 3}],
    }));
    const io = fakeIO({tty: false});
    const stop = new AbortController();
    const running = runSandboxCommand({port: '0', seedFile: file, apiKey: 'fixture-all-key'}, io, stop.signal);
    await expect.poll(() => io.out()).toMatch(/VIGIL_BASE_URL=/);
    expect(io.out()).toMatch(/tiny\s+Tiny\s+1 report\s+warn \(3 cancelled\)/);
    const url = /VIGIL_BASE_URL=(\S+)/.exec(io.out())![1]!;
    const list = await (await fetch(`${url}/organization/reports?slug=tiny&countryCodes=FR`, {headers: {'x-api-key': 'fixture-all-key'}})).json();
    expect(list).toMatchObject({totalCount: 1, reports: [{title: 'Only one', createdAt: '2026-01-02T03:04:05.000Z', proposals: [{asset: {content: 'only.example', type: 'URL'}}]}]});
    stop.abort();
    await running;
  });

  it('exits 3 naming the file and the JSON path of every problem', async () => {
    const file = path.join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({orgs: [{id: 1, slug: 'Bad Slug', name: 'x'}], reports: [{org: 'tiny', title: 'x', createdAt: 'yesterday', assets: []}]}));
    const io = fakeIO({tty: false});
    expect(await runSandboxCommand({port: '0', seedFile: file}, io, new AbortController().signal)).toBe(3);
    expect(io.err()).toContain(`--seed-file ${file}: orgs[0].slug: must be a slug`);
    expect(io.err()).toContain(`--seed-file ${file}: reports[0].createdAt: must be an ISO 8601 date-time`);
    expect(io.err()).toContain(`--seed-file ${file}: reports[0].assets: a report needs at least one asset`);
    expect(io.err()).not.toMatch(/\n\s+at /);

    const unknownOrg = path.join(dir, 'unknown-org.json');
    await writeFile(unknownOrg, JSON.stringify({orgs: [{id: 1, slug: 'a', name: 'A'}], takedowns: [{org: 'b'}]}));
    const io2 = fakeIO({tty: false});
    expect(await runSandboxCommand({port: '0', seedFile: unknownOrg}, io2, new AbortController().signal)).toBe(3);
    expect(io2.err()).toContain('takedowns[0].org: no org with slug "b" in orgs');

    const io3 = fakeIO({tty: false});
    await writeFile(path.join(dir, 'broken.json'), '{"orgs": [');
    expect(await runSandboxCommand({seedFile: path.join(dir, 'broken.json')}, io3, new AbortController().signal)).toBe(3);
    expect(io3.err()).toMatch(/--seed-file: .*broken\.json: not valid JSON/);
  });
});

describe('the built CLI as a process', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSandboxProcess();
  });
  afterAll(() => sandbox?.stop('SIGKILL'));

  it('serves on a free port with the given keys and stops with exit 0 on SIGTERM', async () => {
    expect(sandbox.apiKey).toBe(E2E_API_KEY);
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    const ok = await fetch(`${sandbox.url}/healthchecks/takedowns/cancelled-count`, {method: 'POST', headers: {'x-api-key': E2E_SCOPED_KEY, 'content-type': 'application/json'}, body: '{"slug":"acme"}'});
    expect(ok.status).toBe(200);
    expect(await sandbox.stop('SIGTERM')).toBe(0);
    expect(sandbox.stderr()).toMatch(/SIGTERM: stopping the sandbox\n.*stopped/);
  });

  it('refuses bad flags with exit 3, the flag named on stderr and nothing on stdout', async () => {
    const result = await runCli(['sandbox', '--port', 'abc', '--api-key', 'short']);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--port: must be an integer from 0 to 65535');
    expect(result.stderr).toContain('--api-key: must be at least 8 characters');
  });
});
