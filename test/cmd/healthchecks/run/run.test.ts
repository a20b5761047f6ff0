import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {runWork} from '../../../../src/ui/use-command.js';
import {runHealthcheckCommand, type HealthcheckRunFlags} from '../../../../src/cmd/healthchecks/run/run.js';
import {fakeIO, type FakeIO} from '../../../helpers/fake-io.js';
import {healthcheckResult, startStubUpstream, type StubUpstream} from '../../../jobs/stub-upstream.js';

const KEY = 'hc-test-key-987654321';
let stub: StubUpstream;
let dir: string;

beforeAll(async () => {
  stub = await startStubUpstream();
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-hc-'));
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.requests.length = 0;
});

const io = (tty: boolean, env: NodeJS.ProcessEnv = {}) =>
  fakeIO({tty, env: {VIGIL_CONFIG_DIR: dir, VIGIL_API_KEY: KEY, VIGIL_BASE_URL: stub.baseUrl, ...env}});
const run = (fake: FakeIO, check: string | undefined, flags: HealthcheckRunFlags) =>
  runWork(flags, ctx => runHealthcheckCommand(check, flags, ctx), fake, new AbortController().signal);

describe('vigil healthchecks run', () => {
  it('sends the flags as the request body and renders the result on a terminal', async () => {
    stub.counts.set('acme', 5);
    const fake = io(true, {NO_COLOR: '1'});
    const code = await run(fake, 'takedowns.cancelled-count', {org: 'acme', lookbackHours: '48', warnThreshold: '4', failThreshold: '9'});
    expect(code).toBe(0);
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0]).toMatchObject({path: '/api/v2/healthchecks/takedowns/cancelled-count', apiKey: KEY});
    expect(stub.requests[0]!.body).toEqual({slug: 'acme', lookbackHours: 48, warnThreshold: 4, failThreshold: 9});
    const out = fake.out();
    expect(out).toMatch(/^WARN {2}Cancelled takedowns \(takedowns\.cancelled-count\)\n/);
    expect(out).toContain('observed   cancelledCount: 5');
    expect(out).toContain('thresholds warnThreshold: 4, failThreshold: 9');
    expect(out).toContain('warn cancelled-takedowns: 5 takedowns cancelled');
    expect(out).toContain('suggested  Review recent cancellations');
    expect(out).toContain('app        https://app.example/orgs/acme/takedowns');
    expect(fake.err()).toBe('');
  });

  it('colours the severity only when colour is on', async () => {
    stub.counts.set('red', 11);
    const coloured = io(true, {FORCE_COLOR: '1'});
    expect(await run(coloured, 'takedowns.cancelled-count', {org: 'red'})).toBe(6);
    expect(coloured.out()).toContain('\u001b[31mFAIL\u001b[39m');
    const plain = io(true, {NO_COLOR: '1'});
    await run(plain, 'takedowns.cancelled-count', {org: 'red'});
    expect(plain.out()).not.toContain('\u001b[');
  });

  it('exits 6 when the severity reaches --fail-on, else 0', async () => {
    stub.counts.set('warny', 3);
    expect(await run(io(false), 'takedowns.cancelled-count', {org: 'warny'})).toBe(0);
    expect(await run(io(false), 'takedowns.cancelled-count', {org: 'warny', failOn: 'warn'})).toBe(6);
    stub.counts.set('fine', 0);
    expect(await run(io(false), 'takedowns.cancelled-count', {org: 'fine', failOn: 'warn'})).toBe(0);
  });

  it('a breach (exit 6) says on stderr which check, org, count and thresholds, piped and as JSON too; a pass says nothing', async () => {
    stub.counts.set('breachy', 12);
    for (const flags of [{}, {json: true}]) {
      const piped = io(false);
      expect(await run(piped, 'takedowns.cancelled-count', {org: 'breachy', ...flags})).toBe(6);
      const lines = piped.err().split('\n').filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^breached: takedowns\.cancelled-count is FAIL for org breachy: observed cancelledCount: 12\b.*; thresholds warnThreshold: 3, failThreshold: 10$/);
    }
    stub.counts.set('calm', 0);
    const calm = io(false);
    expect(await run(calm, 'takedowns.cancelled-count', {org: 'calm'})).toBe(0);
    expect(calm.err()).toBe('');
  });

  it('prints the validated result with --json, and field rows when piped', async () => {
    stub.counts.set('jsonorg', 12);
    const json = io(false);
    expect(await run(json, 'takedowns.cancelled-count', {org: 'jsonorg', json: true})).toBe(6);
    const parsed = JSON.parse(json.out());
    expect(parsed).toMatchObject({severity: 'fail', ok: false, scope: {slug: 'jsonorg'}, observed: {cancelledCount: 12}});
    const piped = io(false);
    await run(piped, 'takedowns.cancelled-count', {org: 'jsonorg'});
    expect(piped.out()).toContain('severity\tfail\n');
    expect(piped.out()).toContain('observed.cancelledCount\t12\n');
  });

  it('refuses bad flags with exit 3, naming each, and sends nothing', async () => {
    const fake = io(false);
    const code = await run(fake, 'takedowns.cancelled-count', {org: 'acme', lookbackHours: '0', warnThreshold: '2.5', failThreshold: '-1', failOn: 'ok'});
    expect(code).toBe(3);
    const err = fake.err();
    expect(err).toContain('--lookback-hours: must be a whole number at least 1 (got "0")');
    expect(err).toContain('--warn-threshold: must be a whole number at least 0 (got "2.5")');
    expect(err).toContain('--fail-threshold: must be a whole number at least 0 (got "-1")');
    expect(err).toContain('--fail-on: must be one of warn, fail (got "ok")');
    expect(stub.requests).toHaveLength(0);
  });

  it('refuses warn above fail, counting the upstream default, an unknown check and a missing org', async () => {
    const fake = io(false);
    expect(await run(fake, 'takedowns.cancelled-count', {org: 'acme', warnThreshold: '11'})).toBe(3);
    expect(fake.err()).toContain('--warn-threshold: warn threshold 11 must not be above the fail threshold 10 (default)');
    const unknown = io(false);
    expect(await run(unknown, 'takedowns.Nope', {})).toBe(3);
    expect(unknown.err()).toContain('<check>: "takedowns.Nope" is not a healthcheck id');
    expect(unknown.err()).toContain('--org: no organization given');
    expect(stub.requests).toHaveLength(0);
  });

  it('maps upstream errors to exit codes without echoing the key', async () => {
    stub.failures.set('denied', [403]);
    const fake = io(false, {VIGIL_DEBUG: '1'});
    expect(await run(fake, 'takedowns.cancelled-count', {org: 'denied'})).toBe(5);
    expect(fake.err()).toContain('HTTP 403 FORBIDDEN');
    expect(fake.err()).not.toContain(KEY);
  });

  it('strips terminal control sequences from upstream text', async () => {
    const {healthcheckResult} = await import('../../../jobs/stub-upstream.js');
    const {renderHealthcheck} = await import('../../../../src/healthcheck/render.js');
    const result = {...healthcheckResult('evil', 12, 3, 10), title: 'Bad\u001b[2J title', suggestedAction: 'click \u001b]8;;https://evil\u0007here\u001b]8;;\u0007'};
    const text = renderHealthcheck(result as Parameters<typeof renderHealthcheck>[0], {color: false});
    expect(text).not.toContain('\u001b');
    expect(text).toContain('Bad title');
    expect(text).toContain('suggested  click here');
  });

  it('redacts the breach line when the upstream echoes the key in observed, and names the org vigil asked for, not scope.slug', async () => {
    stub.bodies.set('echoing', {...healthcheckResult('echoing', 12, 3, 10), scope: {slug: 'someone-else'}, observed: {cancelledCount: 12, echo_key: KEY}});
    const fake = io(false);
    expect(await run(fake, 'takedowns.cancelled-count', {org: 'echoing', json: true})).toBe(6);
    expect(fake.err()).toBe('breached: takedowns.cancelled-count is FAIL for org echoing: observed cancelledCount: 12, echo_key: hc-…4321; thresholds warnThreshold: 3, failThreshold: 10\n');
    expect(fake.err()).not.toContain(KEY);
    stub.bodies.delete('echoing');
  });
});
