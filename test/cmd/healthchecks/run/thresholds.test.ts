import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runWork} from '../../../../src/ui/use-command.js';
import {runHealthcheckCommand, type HealthcheckRunFlags} from '../../../../src/cmd/healthchecks/run/run.js';
import {fakeIO} from '../../../helpers/fake-io.js';
import {startStubUpstream, type StubUpstream} from '../../../jobs/stub-upstream.js';

let stub: StubUpstream;
beforeAll(async () => {
  stub = await startStubUpstream();
});
afterAll(() => stub.close());

const run = (flags: HealthcheckRunFlags) => {
  const fake = fakeIO({tty: false, env: {VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-thr-')), VIGIL_API_KEY: 'hc-test-key-987654321', VIGIL_BASE_URL: stub.baseUrl}});
  return runWork(flags, ctx => runHealthcheckCommand('takedowns.cancelled-count', flags, ctx), fake, new AbortController().signal).then(code => ({code, err: fake.err()}));
};

describe('vigil healthchecks run thresholds', () => {
  it('accepts warn equal to fail, as the README allows, and sends both', async () => {
    stub.requests.length = 0;
    const {code, err} = await run({org: 'acme', warnThreshold: '5', failThreshold: '5'});
    expect(err).not.toContain('must not be above');
    expect(code).not.toBe(3);
    expect(stub.requests[0]!.body).toMatchObject({warnThreshold: 5, failThreshold: 5});
  });

  it('refuses warn above fail by one, naming the flag, before sending', async () => {
    stub.requests.length = 0;
    const {code, err} = await run({org: 'acme', warnThreshold: '6', failThreshold: '5'});
    expect(code).toBe(3);
    expect(err).toContain('--warn-threshold: warn threshold 6');
    expect(stub.requests).toHaveLength(0);
  });
});
