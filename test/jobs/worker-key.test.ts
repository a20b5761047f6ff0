import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {ensureBuilt} from '../helpers/build.js';
import {startSandboxProcess, type SandboxProcess} from '../helpers/sandbox-process.js';

/*
 * `vigil worker` checks its key before it schedules anything. Redis is a closed port here:
 * a worker that got past the key check fails on Redis (exit 8), so exit 2 proves the check
 * came first, and exit 8 proves a good key got through it.
 */

let sandbox: SandboxProcess;
let dir: string;
let checks: string;

beforeAll(async () => {
  ensureBuilt();
  sandbox = await startSandboxProcess();
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-worker-key-'));
  checks = path.join(dir, 'checks.yaml');
  writeFileSync(checks, 'checks:\n  - {check: takedowns.cancelled-count, org: initech}\n');
}, 120_000);
afterAll(async () => {
  await sandbox?.stop();
});

const env = (extra: NodeJS.ProcessEnv) => ({VIGIL_CONFIG_DIR: dir, VIGIL_BASE_URL: sandbox.url, ...extra});
const worker = (extra: NodeJS.ProcessEnv) => runCli(['worker', '--checks', checks, '--redis-url', 'redis://127.0.0.1:1', '--metrics-port', '0'], {env: env(extra)});

describe('vigil worker: the key at start-up', () => {
  it('a rejected key: exit 2 within seconds, with the message `vigil auth status` gives', async () => {
    const badKey = 'not-the-sandbox-key-9876';
    const started = Date.now();
    const result = await worker({VIGIL_API_KEY: badKey});
    expect(result.code).toBe(2);
    expect(Date.now() - started).toBeLessThan(5000);
    const status = await runCli(['auth', 'status'], {env: env({VIGIL_API_KEY: badKey})});
    expect(status.code).toBe(2);
    const errorOf = (stderr: string) => stderr.split('\n').filter(line => /^(error|hint):/.test(line));
    expect(errorOf(result.stderr)).toEqual(errorOf(status.stderr));
    expect(errorOf(result.stderr)[0]).toMatch(/^error: the upstream rejected this API key \(401: /);
    expect(result.stderr).not.toContain(badKey);
    expect(result.stderr).not.toMatch(/"msg":"run"|Redis/);
    // Nothing was asked of the healthcheck endpoint: the one request was the key check.
    expect(sandbox.stderr()).not.toMatch(/POST \/api\/v2\/healthchecks/);
  });

  it('an accepted key gets past the check (here to the closed Redis port, exit 8)', async () => {
    const result = await worker({VIGIL_API_KEY: sandbox.apiKey});
    expect(result.code).toBe(8);
    expect(result.stderr).toMatch(/redis/i);
    expect(result.stderr).not.toMatch(/API key/);
  });

  it('an upstream that cannot be reached now is logged, not fatal: the worker goes on (to Redis, exit 8)', async () => {
    const result = await runCli(['worker', '--checks', checks, '--redis-url', 'redis://127.0.0.1:1', '--metrics-port', '0'], {env: {VIGIL_CONFIG_DIR: dir, VIGIL_BASE_URL: 'http://127.0.0.1:1/api/v2', VIGIL_API_KEY: sandbox.apiKey}});
    expect(result.code).toBe(8);
    expect(result.stderr).toMatch(/"msg":"could not check the API key at start; runs retry while the upstream is away"/);
  });

  it('a file with only discover: is checked with its first org: a rejected key is exit 2, a good one gets to Redis', async () => {
    const discoverOnly = path.join(dir, 'discover.yaml');
    writeFileSync(discoverOnly, 'discover:\n  orgs: [globex, acme]\n');
    const run = (key: string) => runCli(['worker', '--checks', discoverOnly, '--redis-url', 'redis://127.0.0.1:1', '--metrics-port', '0'], {env: env({VIGIL_API_KEY: key})});
    const rejected = await run('not-the-sandbox-key-9876');
    expect(rejected.code).toBe(2);
    expect(rejected.stderr).toMatch(/^error: the upstream rejected this API key \(401: /m);
    expect(rejected.stderr).not.toMatch(/unexpected failure/);
    const accepted = await run(sandbox.apiKey);
    expect(accepted.code).toBe(8);
    expect(accepted.stderr).not.toMatch(/unexpected failure|API key/);
  });

  it('checks every org of checks: and discover: at start: each one the key cannot reach, known or not, is a warn line naming it', async () => {
    const mixed = path.join(dir, 'mixed.yaml');
    writeFileSync(mixed, 'checks:\n  - {check: takedowns.cancelled-count, org: acme}\n  - {check: reviewing.backlog, org: initech}\n  - {check: takedowns.cancelled-count, org: acme-typo}\ndiscover:\n  orgs: [acme, hooli, nosuchorg]\n');
    const run = (key: string) => runCli(['worker', '--checks', mixed, '--redis-url', 'redis://127.0.0.1:1', '--metrics-port', '0'], {env: env({VIGIL_API_KEY: key})});
    const warned = (stderr: string) =>
      stderr
        .split('\n')
        .filter(line => line.startsWith('{'))
        .map(line => JSON.parse(line) as {level: string; msg: string; org?: string; in?: string})
        .filter(line => line.msg.startsWith('the API key cannot reach this org'))
        .map(line => `${line.level} ${line.org} (${line.in})`);
    // A key for acme only: every other org, listed or discovered, known upstream or not.
    const scoped = await run(sandbox.scopedKey);
    expect(scoped.code).toBe(8);
    expect(warned(scoped.stderr)).toEqual(['warn initech (checks)', 'warn acme-typo (checks)', 'warn hooli (discover)', 'warn nosuchorg (discover)']);
    // The all-orgs key: only the orgs the upstream does not know.
    const all = await run(sandbox.apiKey);
    expect(all.code).toBe(8);
    expect(warned(all.stderr)).toEqual(['warn acme-typo (checks)', 'warn nosuchorg (discover)']);
    expect(all.stderr).toContain('"msg":"the API key cannot reach this org (403: no access to it, or no org of that name upstream): its checks fail until it can"');
  });
});
