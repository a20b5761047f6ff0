import {mkdtemp} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {DOCUMENTED_HEALTHCHECK_IDS} from '../../src/api/wire/index.js';
import {runCli} from '../helpers/cli.js';
import {startSandboxProcess, type SandboxProcess} from '../helpers/sandbox-process.js';

/* The built CLI as a process against `vigil sandbox` as a process: the registry, end to end. */

let sandbox: SandboxProcess;
let configDir: string;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  configDir = await mkdtemp(path.join(tmpdir(), 'vigil-e2e-hc-'));
});
afterAll(() => sandbox?.stop());

const vigil = (args: string[]) => runCli(args, {env: {...sandbox.env, VIGIL_CONFIG_DIR: configDir}});

describe('vigil healthchecks against vigil sandbox', () => {
  it('list --json: the ten documented ids implemented, one planned with its reason', async () => {
    const result = await vigil(['healthchecks', 'list', '--json']);
    expect(result).toMatchObject({code: 0, stderr: ''});
    const {checks} = JSON.parse(result.stdout) as {checks: Array<{id: string; implemented: boolean; notImplementedReason: string | null}>};
    expect(checks.filter(c => c.implemented).map(c => c.id).sort()).toEqual([...DOCUMENTED_HEALTHCHECK_IDS].sort());
    const planned = checks.filter(c => !c.implemented);
    expect(planned).toHaveLength(1);
    expect(planned[0]!.notImplementedReason).toMatch(/^Planned: /);
  });

  it('run --all --org acme --json: ten results; the failing backlog is exit 6 with its breach line', async () => {
    const result = await vigil(['healthchecks', 'run', '--all', '--org', 'acme', '--json']);
    expect(result.code).toBe(6);
    const json = JSON.parse(result.stdout) as {results: Array<{check: string; severity: string; error: unknown}>};
    expect(json.results).toHaveLength(10);
    expect(json.results.map(r => r.check).sort()).toEqual([...DOCUMENTED_HEALTHCHECK_IDS].sort());
    expect(json.results.filter(r => r.error !== null)).toEqual([]);
    expect(json.results[0]).toMatchObject({check: 'reviewing.backlog', severity: 'fail'});
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^breached: reviewing\.backlog is FAIL for org acme: observed pendingCount: \d+; thresholds warnThreshold: 5, failThreshold: 10$/)]);
  });

  it('run <planned id> is exit 3 with the reason, and run <id> --param reaches the check', async () => {
    const planned = await vigil(['healthchecks', 'run', 'blocklisting.propagation-lag']);
    expect(planned.code).toBe(3);
    expect(planned.stderr).toContain('blocklisting.propagation-lag is not implemented upstream: Planned: ');
    const strict = await vigil(['healthchecks', 'run', 'reviewing.old-proposals', '--org', 'globex', '--param', 'warnAgeDays=1', '--param', 'failAgeDays=2', '--json']);
    expect(strict.code).toBe(6);
    expect(JSON.parse(strict.stdout)).toMatchObject({severity: 'fail', threshold: {warnAgeDays: 1, failAgeDays: 2}});
  });
});
