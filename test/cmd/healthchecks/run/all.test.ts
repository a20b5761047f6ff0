import nock from 'nock';
import {beforeAll, describe, expect, it} from 'vitest';
import {runHealthcheckCommand, type HealthcheckRunFlags} from '../../../../src/cmd/healthchecks/run/run.js';
import {RUN_ALL_CONCURRENCY} from '../../../../src/cmd/healthchecks/run/all.js';
import {loadTableRenderer} from '../../../../src/output/print.js';
import {useNock} from '../../../helpers/nock.js';
import {fakeContext} from '../../../helpers/fake-context.js';
import {API, checkPath, DOCUMENTED_RESULT, exitOf, interceptCheck, interceptRegistry, ORIGIN, resultFor} from '../../../helpers/registry.js';

useNock();
beforeAll(() => loadTableRenderer());

const NEVER_SEEN = 'blocklisting.feed-freshness';
const REGISTRY = {
  checks: [
    {id: 'reviewing.backlog', implemented: true},
    {id: 'takedowns.cancelled-count', implemented: true},
    {id: NEVER_SEEN, implemented: true, addedIn: '2027-01'},
    {id: 'detections.silent-configs', implemented: true},
    {id: 'assets.planned-thing', implemented: false, notImplementedReason: 'Planned'},
  ],
};

async function runAll(flags: HealthcheckRunFlags = {}, tty = false, columns = 120) {
  const ctx = fakeContext({org: 'acme', tty, columns});
  const code = await exitOf(ctx, () => runHealthcheckCommand(undefined, {all: true, ...flags}, ctx));
  return {code, out: ctx.io.out(), err: ctx.io.err()};
}

describe('healthchecks run --all', () => {
  it('runs every implemented check (one vigil never saw included), never a planned one; --json has each result', async () => {
    interceptRegistry(REGISTRY);
    const bodies = {
      backlog: interceptCheck('reviewing.backlog', resultFor('reviewing.backlog', 'ok')),
      cancelled: interceptCheck('takedowns.cancelled-count', resultFor('takedowns.cancelled-count', 'warn')),
      fresh: interceptCheck(NEVER_SEEN, resultFor(NEVER_SEEN, 'fail', {staleFeeds: 2})),
      silent: interceptCheck('detections.silent-configs', resultFor('detections.silent-configs', 'ok')),
    };
    const {code, out, err} = await runAll({json: true, lookbackHours: '24', param: ['verbose=true']});
    expect(code).toBe(6);
    // Each documented flag goes only to the checks that document it; --param to every check.
    expect(bodies.backlog).toEqual([{slug: 'acme', verbose: true}]);
    expect(bodies.cancelled).toEqual([{slug: 'acme', lookbackHours: 24, verbose: true}]);
    expect(bodies.fresh).toEqual([{slug: 'acme', verbose: true}]);
    expect(bodies.silent).toEqual([{slug: 'acme', lookbackHours: 24, verbose: true}]);
    const json = JSON.parse(out);
    expect(json.org).toBe('acme');
    expect(json.results.map((r: {check: string; severity: string}) => `${r.check}:${r.severity}`)).toEqual([
      `${NEVER_SEEN}:fail`, 'takedowns.cancelled-count:warn', 'detections.silent-configs:ok', 'reviewing.backlog:ok',
    ]);
    expect(json.results[0].result).toMatchObject({id: NEVER_SEEN, observed: {staleFeeds: 2}});
    expect(json.results[0].error).toBeNull();
    expect(json.notImplemented).toEqual([{id: 'assets.planned-thing', reason: 'Planned'}]);
    expect(err).toBe(`breached: ${NEVER_SEEN} is FAIL for org acme: observed staleFeeds: 2; thresholds warnThreshold: 3, failThreshold: 10\n`);
  });

  it('one table, worst first: check, severity, counted values, thresholds, suggested action cut to the width', async () => {
    interceptRegistry([{id: 'reviewing.backlog', implemented: true}, {id: 'takedowns.todo-volume', implemented: true}]);
    interceptCheck('reviewing.backlog', resultFor('reviewing.backlog', 'ok'));
    const long = {...resultFor('takedowns.todo-volume', 'warn', {todoCount: 25, since: '2026-11-01T00:00:00Z'}), suggestedAction: `Triage the queue ${'now '.repeat(60)}`};
    interceptCheck('takedowns.todo-volume', long);
    const {code, out} = await runAll({}, true);
    expect(code).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CHECK +SEVERITY +OBSERVED +THRESHOLDS +SUGGESTED ACTION$/);
    expect(lines[1]).toMatch(/^takedowns\.todo-volume +warn +todoCount=25 +warnThreshold=3, failTh.* +Triage the queue now( now)*( no?)?…$/);
    expect(lines[1]).not.toContain('since=');
    expect(lines[2]).toMatch(/^reviewing\.backlog +ok +count=4, lookback\S* +warnThreshold=3, failTh\S* +-$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(120);
  });

  it('at 80 columns keeps OBSERVED and THRESHOLDS, the columns a reader needs: the suggested action goes first', async () => {
    interceptRegistry([{id: 'organization.missing-contact-url', implemented: true}, {id: 'takedowns.cancelled-count', implemented: true}]);
    interceptCheck('organization.missing-contact-url', resultFor('organization.missing-contact-url', 'ok'));
    interceptCheck('takedowns.cancelled-count', {...resultFor('takedowns.cancelled-count', 'fail', {cancelledCount: 12}), suggestedAction: `Review the cancelled takedowns ${'now '.repeat(20)}`});
    const {out} = await runAll({}, true, 80);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CHECK +SEVERITY +OBSERVED +THRESHOLDS$/);
    // The longest id (32 cells) leaves each 17: the counted value whole, the thresholds cut.
    expect(lines[1]).toMatch(/^takedowns\.cancelled-count +fail +cancelledCount=12 +warnThreshold=3,…$/);
    expect(lines[2]).toMatch(/^organization\.missing-contact-url +ok +count=4, lookbac… +warnThreshold=3,…$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('a check that errors is a row with its error and a stderr line; none breached is exit 11', async () => {
    interceptRegistry([{id: 'reviewing.backlog', implemented: true}, {id: 'takedowns.todo-volume', implemented: true}]);
    interceptCheck('reviewing.backlog', resultFor('reviewing.backlog', 'ok'));
    interceptCheck('takedowns.todo-volume', {message: 'Invalid input', code: 'BAD_REQUEST', issues: [{message: 'warnThreshold must be an integer'}]}, 400);
    const {code, out, err} = await runAll({});
    expect(code).toBe(11);
    expect(out).toBe('takedowns.todo-volume\terror\t\t\terror: Invalid input (HTTP 400 BAD_REQUEST); warnThreshold must be an integer\nreviewing.backlog\tok\tcount=4, lookbackHours=168\twarnThreshold=3, failThreshold=10\t\n');
    expect(err).toBe('error: takedowns.todo-volume for org acme: Invalid input (HTTP 400 BAD_REQUEST); warnThreshold must be an integer\n');
    const json = JSON.parse((await (async () => {
      interceptRegistry([{id: 'takedowns.todo-volume', implemented: true}]);
      interceptCheck('takedowns.todo-volume', {}, 500);
      return runAll({json: true});
    })()).out);
    expect(json.results[0]).toMatchObject({check: 'takedowns.todo-volume', severity: 'error', result: null, error: {exitCode: 8}});
  });

  it('--fail-on warn makes a warn a breach (exit 6 over an error); all ok is exit 0 and a quiet stderr', async () => {
    interceptRegistry([{id: 'a.one', implemented: true}, {id: 'a.two', implemented: true}]);
    interceptCheck('a.one', resultFor('a.one', 'warn'));
    interceptCheck('a.two', {}, 404);
    const warned = await runAll({failOn: 'warn'});
    expect(warned.code).toBe(6);
    expect(warned.err.split('\n').filter(Boolean).map(line => line.split(':')[0])).toEqual(['breached', 'error']);
    interceptRegistry([{id: 'a.one', implemented: true}]);
    interceptCheck('a.one', resultFor('a.one', 'ok'));
    const calm = await runAll({failOn: 'warn'});
    expect(calm).toMatchObject({code: 0, err: ''});
  });

  it('reads every documented result shape: a result with only its grade is a row', async () => {
    interceptRegistry([{id: 'a.bare', implemented: true}, {id: 'a.full', implemented: true}]);
    interceptCheck('a.bare', {ok: true});
    interceptCheck('a.full', DOCUMENTED_RESULT);
    const {code, out} = await runAll({json: true});
    expect(code).toBe(0);
    expect(JSON.parse(out).results.map((r: {check: string; severity: string}) => [r.check, r.severity])).toEqual([['a.full', 'warn'], ['a.bare', 'ok']]);
  });

  it('reads the documented result with any one field dropped or nulled: still a graded row, in every format', async () => {
    const fields = Object.keys(DOCUMENTED_RESULT);
    for (const field of fields) {
      for (const mode of ['drop', 'null'] as const) {
        const body: Record<string, unknown> = {...DOCUMENTED_RESULT};
        if (mode === 'drop') delete body[field];
        else body[field] = null;
        for (const flags of [{json: true}, {output: 'tsv'}, {output: 'markdown'}, {output: 'table'}]) {
          interceptRegistry([{id: 'takedowns.cancelled-count', implemented: true}]);
          interceptCheck('takedowns.cancelled-count', body);
          const {code, out} = await runAll(flags);
          // The documented example is a warn (exit 0); without its severity, `ok: false` grades fail (exit 6).
          const grade = field === 'severity' ? 'fail' : 'warn';
          expect([field, mode, code]).toEqual([field, mode, grade === 'fail' ? 6 : 0]);
          expect(out).toContain(flags.json ? `"severity":"${grade}"` : grade);
        }
      }
    }
  });

  it('every check refused with 403 (an org the key cannot see) is one error and exit 5, no rows', async () => {
    for (const json of [false, true]) {
      interceptRegistry(REGISTRY);
      for (const check of REGISTRY.checks.filter(c => c.implemented)) interceptCheck(check.id, {message: 'No access to organization nosuchorg', code: 'FORBIDDEN'}, 403);
      const {code, out, err} = await runAll({json});
      expect(code).toBe(5);
      expect(out).toBe('');
      expect(err.match(/^error: /gm)).toHaveLength(1);
      expect(err).toContain('No access to organization nosuchorg');
    }
  });

  it('an empty registry says so, exit 0; a failed registry read is that failure, no check called', async () => {
    interceptRegistry({checks: [{id: 'a.planned', implemented: false}]});
    const empty = fakeContext({org: 'acme', tty: true});
    expect(await exitOf(empty, () => runHealthcheckCommand(undefined, {all: true}, empty))).toBe(0);
    expect(empty.io.err()).toBe('the registry lists no implemented check for org acme\n');
    interceptRegistry({message: 'nope', code: 'FORBIDDEN'}, 403);
    expect((await runAll({})).code).toBe(5);
  });

  it(`runs at most ${RUN_ALL_CONCURRENCY} checks at once, and more than one`, async () => {
    const ids = Array.from({length: 10}, (_, index) => `load.check-${index}`);
    interceptRegistry(ids.map(id => ({id, implemented: true})));
    let inFlight = 0;
    let most = 0;
    for (const id of ids) {
      nock(ORIGIN)
        .post(checkPath(id))
        .reply((_uri, _body, callback) => {
          inFlight++;
          most = Math.max(most, inFlight);
          setTimeout(() => {
            inFlight--;
            callback(null, [200, resultFor(id, 'ok')]);
          }, 20);
        });
    }
    const {code, out} = await runAll({json: true});
    expect(code).toBe(0);
    expect(JSON.parse(out).results).toHaveLength(10);
    expect(most).toBe(RUN_ALL_CONCURRENCY);
    expect(API).toBe('/api/v2');
  });

  it('runs at most 100 implemented checks (--max-checks sets it), the first in the registry order, and says what it left out', async () => {
    const ids = Array.from({length: 2000}, (_, i) => `generated.check-${i}`);
    interceptRegistry(ids.map(id => ({id, implemented: true})));
    const called: string[] = [];
    nock(ORIGIN)
      .post(/\/healthchecks\/generated\//)
      .times(2000)
      .reply(function (uri) {
        const id = `generated.${uri.split('/').pop()}`;
        called.push(id);
        return [200, resultFor(id, 'ok')];
      });
    const {code, out, err} = await runAll({json: true});
    expect(code).toBe(0);
    expect(called.sort()).toEqual(ids.slice(0, 100).sort());
    expect(JSON.parse(out).leftOut).toEqual({count: 1900, maxChecks: 100});
    expect(err).toBe('note: 1900 implemented checks left out by run --all: the registry lists more than 100, the cap (--max-checks raises it)\n');

    interceptRegistry(ids.slice(0, 5).map(id => ({id, implemented: true})));
    called.length = 0;
    const few = await runAll({maxChecks: '2'});
    expect(called.sort()).toEqual(ids.slice(0, 2));
    expect(few.err).toContain('note: 3 implemented checks left out by run --all');
    nock.cleanAll();
  });

  it('refuses a bad --max-checks, or one without --all, with exit 3 before sending', async () => {
    expect((await runAll({maxChecks: 'lots'})).err).toContain('--max-checks: must be a whole number between 1 and 10000');
    const ctx = fakeContext({org: 'acme'});
    expect(await exitOf(ctx, () => runHealthcheckCommand('reviewing.backlog', {maxChecks: '5'}, ctx))).toBe(3);
    expect(ctx.io.err()).toContain('--max-checks: bounds --all');
  });
});
