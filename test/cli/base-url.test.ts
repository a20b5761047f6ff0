import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {startReportsStub, type ReportsStub} from './reports-stub.js';

let stub: ReportsStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

describe('a base URL without /api/v2', () => {
  it('a 404 from it says the URL lacks /api/v2 and what to pass instead', async () => {
    stub = await startReportsStub(() => ({status: 404, body: {message: 'No route for GET /organization/reports', code: 'NOT_FOUND'}}));
    const origin = stub.baseUrl.replace(/\/api\/v2$/, '');
    const result = await runCli(['reports', 'list', '--json'], {
      env: {VIGIL_BASE_URL: origin, VIGIL_API_KEY: 'vk_test_base_url_0000', VIGIL_ORG: 'acme', VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-base-'))},
    });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`hint: the base URL ${origin} does not end in /api/v2; try ${origin}/api/v2`);
  });

  it('a base URL naming another API version is hinted with that version replaced, not /api/v2 appended', async () => {
    stub = await startReportsStub(() => ({status: 404, body: {message: 'No route for GET /organization/reports', code: 'NOT_FOUND'}}));
    const origin = stub.baseUrl.replace(/\/api\/v2$/, '');
    const result = await runCli(['reports', 'list', '--json', '--base-url', `${origin}/api/v1`], {
      env: {VIGIL_API_KEY: 'vk_test_base_url_0000', VIGIL_ORG: 'acme', VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-base-'))},
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(`hint: the base URL ${origin}/api/v1 does not end in /api/v2; try ${origin}/api/v2 (`);
    expect(result.stderr).not.toContain('/api/v1/api/v2');
  });

  it('a 404 from a base URL that has /api/v2 keeps the usual message', async () => {
    stub = await startReportsStub(() => ({status: 404, body: {message: 'organization not found', code: 'NOT_FOUND'}}));
    const result = await runCli(['reports', 'list', '--json'], {
      env: {VIGIL_BASE_URL: stub.baseUrl, VIGIL_API_KEY: 'vk_test_base_url_0000', VIGIL_ORG: 'acme', VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-base-'))},
    });
    expect(result.code).toBe(4);
    expect(result.stderr).not.toContain('does not end in /api/v2');
  });
});
