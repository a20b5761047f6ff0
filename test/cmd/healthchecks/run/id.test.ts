import nock from 'nock';
import {describe, expect, it} from 'vitest';
import {runHealthcheckCommand, type HealthcheckRunFlags} from '../../../../src/cmd/healthchecks/run/run.js';
import {typedValue} from '../../../../src/cmd/healthchecks/run/params.js';
import {useNock} from '../../../helpers/nock.js';
import {fakeContext} from '../../../helpers/fake-context.js';
import {checkPath, exitOf, interceptCheck, interceptRegistry, ORIGIN, resultFor} from '../../../helpers/registry.js';

useNock();

async function run(check: string | undefined, flags: HealthcheckRunFlags = {}) {
  const ctx = fakeContext({org: 'acme'});
  const code = await exitOf(ctx, () => runHealthcheckCommand(check, flags, ctx));
  return {code, out: ctx.io.out(), err: ctx.io.err()};
}

describe('healthchecks run <id>: a documented check is called directly', () => {
  it.each<[string, HealthcheckRunFlags, Record<string, unknown>]>([
    ['detections.silent-configs', {minResults: '2', lookbackHours: '24'}, {slug: 'acme', lookbackHours: 24, minResults: 2}],
    ['assets.dead-asset-spike', {baselineDays: '14', minSpikeCount: '5'}, {slug: 'acme', baselineDays: 14, minSpikeCount: 5}],
    ['takedowns.cancelled-count', {lookbackHours: '48', warnThreshold: '1', failThreshold: '2'}, {slug: 'acme', lookbackHours: 48, warnThreshold: 1, failThreshold: 2}],
    ['reviewing.backlog', {}, {slug: 'acme'}],
  ])('%s: its flags under their wire names, one request', async (id, flags, body) => {
    const sent = interceptCheck(id, resultFor(id, 'ok'));
    const {code, out} = await run(id, {...flags, json: true});
    expect(code).toBe(0);
    expect(sent).toEqual([body]);
    expect(JSON.parse(out)).toMatchObject({id, severity: 'ok'});
  });

  it('a flag for a check that does not document it is exit 3, saying how to send it anyway; nothing sent', async () => {
    const {code, err} = await run('reviewing.backlog', {minResults: '2', lookbackHours: '24'});
    expect(code).toBe(3);
    expect(err).toContain('--lookback-hours: applies to takedowns.cancelled-count and detections.silent-configs, not reviewing.backlog; to send it anyway: --param lookbackHours=24');
    expect(err).toContain('--min-results: applies to detections.silent-configs, not reviewing.backlog; to send it anyway: --param minResults=2');
  });
});

describe('--param name=value', () => {
  it('adds any body field, numbers and true/false typed, other text as text', async () => {
    const sent = interceptCheck('reviewing.backlog', resultFor('reviewing.backlog', 'warn'));
    const params = ['warnThreshold=5', 'strict=true', 'dryRun=false', 'ratio=1.5', 'code=007', 'label=a=b', 'big=1e3', 'neg=-2'];
    const {code} = await run('reviewing.backlog', {param: params});
    expect(code).toBe(0);
    expect(sent).toEqual([{slug: 'acme', warnThreshold: 5, strict: true, dryRun: false, ratio: 1.5, code: '007', label: 'a=b', big: 1000, neg: -2}]);
    expect([typedValue('True'), typedValue('1.'), typedValue(' 1'), typedValue('0x10')]).toEqual(['True', '1.', ' 1', '0x10']);
  });

  it.each<[string, HealthcheckRunFlags, string]>([
    ['no =', {param: ['warnThreshold']}, '--param: must be name=value (got "warnThreshold")'],
    ['no value', {param: ['warnThreshold=']}, '--param: must be name=value (got "warnThreshold=")'],
    ['a bad name', {param: ['warn-threshold=1']}, '--param: "warn-threshold" is not a field name'],
    ['the scope', {param: ['slug=globex']}, '--param: slug is the organization: give it with --org'],
    ['a field twice', {param: ['a=1', 'a=2']}, '--param: a is given twice'],
    ['a field its flag gives', {lookbackHours: '24', param: ['lookbackHours=48']}, '--param: lookbackHours is also given by --lookback-hours: give one'],
  ])('refuses %s with exit 3, nothing sent', async (_name, flags, message) => {
    const {code, err} = await run('takedowns.cancelled-count', flags);
    expect(code).toBe(3);
    expect(err).toContain(message);
  });
});

describe('an id vigil has never seen: the registry decides', () => {
  const NEW_ID = 'blocklisting.feed-freshness';

  it('is looked up, then called with its params and graded: fail is exit 6 with the breach line', async () => {
    const registry = interceptRegistry({checks: [{id: NEW_ID, implemented: true}]});
    const sent = interceptCheck(NEW_ID, resultFor(NEW_ID, 'fail', {staleFeeds: 3}));
    const {code, out, err} = await run(NEW_ID, {param: ['maxAgeHours=6']});
    expect(code).toBe(6);
    expect(registry).toEqual([{slug: 'acme'}]);
    expect(sent).toEqual([{slug: 'acme', maxAgeHours: 6}]);
    expect(out).toContain('observed.staleFeeds\t3\n');
    expect(err).toBe(`breached: ${NEW_ID} is FAIL for org acme: observed staleFeeds: 3; thresholds warnThreshold: 3, failThreshold: 10\n`);
  });

  it('marked not implemented: exit 3 with the reason, and the check is not called', async () => {
    interceptRegistry([{id: NEW_ID, implemented: false, notImplementedReason: 'Planned for Q3'}]);
    const check = nock(ORIGIN).post(checkPath(NEW_ID)).reply(200, resultFor(NEW_ID, 'ok'));
    const {code, err} = await run(NEW_ID);
    expect(code).toBe(3);
    expect(err).toContain(`<check>: ${NEW_ID} is not implemented upstream: Planned for Q3; nothing was sent`);
    expect(err).toContain('hint: see `vigil healthchecks list`');
    // The interceptor was there to be called, and was not.
    expect(check.isDone()).toBe(false);
    nock.cleanAll();
  });

  it('not in the registry: exit 3', async () => {
    interceptRegistry([{id: 'reviewing.backlog', implemented: true}]);
    const {code, err} = await run(NEW_ID);
    expect(code).toBe(3);
    expect(err).toContain(`<check>: ${NEW_ID} is not in the registry for org acme; nothing was sent`);
  });

  it('a near miss names the id it was probably meant to be, as a misspelt flag does', async () => {
    const registry = interceptRegistry([{id: 'reviewing.backlog', implemented: true}, {id: NEW_ID, implemented: true}]);
    const {code, err} = await run('reviewing.backlg');
    expect(code).toBe(3);
    expect(registry).toEqual([{slug: 'acme'}]);
    expect(err).toContain('<check>: reviewing.backlg is not in the registry for org acme (did you mean reviewing.backlog?); nothing was sent');
    interceptRegistry([{id: 'reviewing.backlog', implemented: true}, {id: NEW_ID, implemented: true}]);
    expect((await run('blocklisting.feed-freshnes')).err).toContain(`did you mean ${NEW_ID}?`);
  });

  it('a failed registry read is that failure (here 503: exit 8), and the check is not called', async () => {
    interceptRegistry({message: 'down', code: 'UNAVAILABLE'}, 503);
    expect((await run(NEW_ID)).code).toBe(8);
  });
});

describe('an id not of the registry shape', () => {
  it.each(['takedowns', 'Takedowns.count', 'a.b.c', '../admin.x', 'a.b-'])('%j is exit 3 with nothing sent', async id => {
    const {code, err} = await run(id);
    expect(code).toBe(3);
    expect(err).toContain(`<check>: ${JSON.stringify(id)} is not a healthcheck id (<group>.<name>, lower-case words and dashes`);
  });

  it('neither a check nor --all, or both, is exit 3', async () => {
    expect((await run(undefined)).err).toContain('<check>: missing: give a check id');
    expect((await run('reviewing.backlog', {all: true})).err).toContain('--all: runs every implemented check: give --all or a check ("reviewing.backlog"), not both');
  });
});
