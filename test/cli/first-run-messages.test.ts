import {spawn} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {CLI, runCli} from '../helpers/cli.js';
import {startReportsStub, type ReportsStub} from './reports-stub.js';

/*
 * What a newcomer reads on a first run, from the built CLI: each message says the one thing
 * that is wrong and how to mend it.
 */

let stub: ReportsStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const configDir = () => mkdtempSync(path.join(tmpdir(), 'vigil-first-run-'));

describe('first-run messages', () => {
  it('"no organization given" says how to set one, as the missing key does, and sends nothing', async () => {
    stub = await startReportsStub(() => ({body: {reports: [], nextCursor: null, totalCount: 0}}));
    const env = {VIGIL_BASE_URL: stub.baseUrl, VIGIL_API_KEY: 'vk_test_first_run_000', VIGIL_CONFIG_DIR: configDir()};
    for (const args of [['reports', 'list'], ['healthchecks', 'run', 'takedowns.cancelled-count']]) {
      const result = await runCli(args, {env});
      expect(result.code).toBe(3);
      expect(result.stderr).toContain('--org: no organization given');
      expect(result.stderr).toContain('hint: pass --org <slug>, set VIGIL_ORG, or run `vigil config set org <slug>`');
    }
    expect(stub.requests).toEqual([]);
  });

  it('--payload-file naming a missing file reports that file only, not the fields it would have given', async () => {
    const result = await runCli(['reports', 'create', '--payload-file', 'nope.json', '--dry-run'], {env: {VIGIL_ORG: 'acme', VIGIL_CONFIG_DIR: configDir()}, cwd: configDir()});
    expect(result.code).toBe(3);
    expect(result.stderr).toBe('error: invalid input\n  - --payload-file: cannot read nope.json: no such file\n');
    // A file that reads but lacks fields still names each one.
    const empty = await runCli(['reports', 'create', '--payload-file', '-', '--dry-run'], {env: {VIGIL_ORG: 'acme', VIGIL_CONFIG_DIR: configDir()}, input: '{}'});
    expect(empty.code).toBe(3);
    expect(empty.stderr).toContain('--title: title is required');
    expect(empty.stderr).toContain('--asset: at least one asset is required');
  });

  it('a base URL that answers 404 without the API error body says it does not look like the API', async () => {
    stub = await startReportsStub(() => ({status: 404, body: 'Not Found'}));
    const result = await runCli(['reports', 'list', '--json'], {env: {VIGIL_BASE_URL: stub.baseUrl, VIGIL_API_KEY: 'vk_test_first_run_000', VIGIL_ORG: 'acme', VIGIL_CONFIG_DIR: configDir()}});
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`hint: ${stub.baseUrl} answered 404 without the API's error body: it does not look like the External API v2`);
    // The API's own 404 (its error body) keeps its message alone.
    await stub.close();
    stub = await startReportsStub(() => ({status: 404, body: {message: 'organization not found', code: 'NOT_FOUND'}}));
    const real = await runCli(['reports', 'list', '--json'], {env: {VIGIL_BASE_URL: stub.baseUrl, VIGIL_API_KEY: 'vk_test_first_run_000', VIGIL_ORG: 'acme', VIGIL_CONFIG_DIR: configDir()}});
    expect(real.code).toBe(4);
    expect(real.stderr).toContain('organization not found');
    expect(real.stderr).not.toContain('does not look like');
  });

  it('sandbox --quiet does not promise a request log; without it, the log is announced', async () => {
    const banner = async (args: string[]) => {
      const child = spawn(process.execPath, [CLI, 'sandbox', '--port', '0', ...args], {env: {PATH: process.env.PATH, HOME: process.env.HOME}, stdio: ['ignore', 'pipe', 'pipe']});
      let out = '';
      child.stdout.setEncoding('utf8').on('data', chunk => (out += chunk));
      try {
        return await vi.waitFor(
          () => {
            expect(out, 'the sandbox banner').toContain('Ctrl+C stops the sandbox.');
            return out;
          },
          {timeout: 15_000},
        );
      } finally {
        const exited = new Promise(resolve => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    };
    expect(await banner([])).toContain('Requests are logged to stderr. Ctrl+C stops the sandbox.');
    const quiet = await banner(['--quiet']);
    expect(quiet).toContain('Ctrl+C stops the sandbox.');
    expect(quiet).not.toContain('Requests are logged');
  });
});
