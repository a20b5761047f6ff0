import {beforeAll, describe, expect, it} from 'vitest';
import {runHealthchecksList} from '../../../../src/cmd/healthchecks/list/list.js';
import {loadTableRenderer} from '../../../../src/output/print.js';
import {useNock} from '../../../helpers/nock.js';
import {API_KEY, fakeContext} from '../../../helpers/fake-context.js';
import {exitOf, interceptRegistry} from '../../../helpers/registry.js';

useNock();
beforeAll(() => loadTableRenderer());

const ENTRIES = [
  {id: 'reviewing.backlog', implemented: true, owner: 'ignored'},
  {id: 'takedowns.cancelled-count', implemented: true},
  {id: 'blocklisting.propagation-lag', implemented: false, notImplementedReason: 'Planned: needs the \u001b[31mfeed\u001b[0m'},
];
const NORMALISED = {
  checks: [
    {id: 'reviewing.backlog', implemented: true, notImplementedReason: null},
    {id: 'takedowns.cancelled-count', implemented: true, notImplementedReason: null},
    {id: 'blocklisting.propagation-lag', implemented: false, notImplementedReason: 'Planned: needs the \u001b[31mfeed\u001b[0m'},
  ],
};

describe('vigil healthchecks list', () => {
  it.each([
    ['a `checks` array', {checks: ENTRIES, version: 3}],
    ['a bare array', ENTRIES],
  ])('reads %s to the same --json, unknown fields dropped, the org sent as the scope', async (_name, body) => {
    const sent = interceptRegistry(body);
    const ctx = fakeContext({org: 'acme'});
    expect(await exitOf(ctx, () => runHealthchecksList({json: true}, ctx))).toBe(0);
    expect(JSON.parse(ctx.io.out())).toEqual(NORMALISED);
    expect(sent).toEqual([{slug: 'acme'}]);
    expect(ctx.io.err()).toBe('');
  });

  it('shows a table on a terminal: id, implemented, the reason when not, control sequences stripped', async () => {
    interceptRegistry({checks: ENTRIES});
    const ctx = fakeContext({org: 'acme', tty: true});
    await runHealthchecksList({}, ctx);
    const lines = ctx.io.out().trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +IMPLEMENTED +REASON$/);
    expect(lines[1]).toMatch(/^reviewing\.backlog +yes +-$/);
    expect(lines[3]).toMatch(/^blocklisting\.propagation-lag +no +Planned: needs the feed$/);
    expect(ctx.io.out()).not.toContain('\u001b');
  });

  it('is tab-separated when piped, and asks without a scope when no org is set', async () => {
    const sent = interceptRegistry([{id: 'a.b', implemented: true}, {id: 'c.d', implemented: false}]);
    const ctx = fakeContext({});
    await runHealthchecksList({}, ctx);
    expect(ctx.io.out()).toBe('a.b\tyes\t\nc.d\tno\tnot implemented (the registry gives no reason)\n');
    expect(sent).toEqual([{}]);
  });

  it('says so on stderr when the registry is empty, exit 0', async () => {
    interceptRegistry({checks: []});
    const ctx = fakeContext({org: 'acme', tty: true});
    expect(await exitOf(ctx, () => runHealthchecksList({}, ctx))).toBe(0);
    expect(ctx.io.out()).toBe('');
    expect(ctx.io.err()).toBe('the registry lists no healthchecks\n');
  });

  it('a registry that breaks the contract is exit 1 naming the field; a 401 is exit 2; the key never shows', async () => {
    interceptRegistry({checks: [{implemented: true}]});
    const broken = fakeContext({org: 'acme'});
    expect(await exitOf(broken, () => runHealthchecksList({}, broken))).toBe(1);
    expect(broken.io.err()).toContain('checks[0].id');
    interceptRegistry({message: `bad key ${API_KEY}`, code: 'UNAUTHORIZED'}, 401);
    const denied = fakeContext({org: 'acme'});
    expect(await exitOf(denied, () => runHealthchecksList({}, denied))).toBe(2);
    expect(denied.io.err()).not.toContain(API_KEY);
  });

  it('refuses a bad --output with exit 3 before sending', async () => {
    const ctx = fakeContext({org: 'acme'});
    expect(await exitOf(ctx, () => runHealthchecksList({output: 'yaml'}, ctx))).toBe(3);
    expect(ctx.io.err()).toContain('--output');
  });

  it('lists an id over 128 characters as uncallable, cut, with the reason; says on stderr what the cap of 100 leaves out and why', async () => {
    const long = `long.${'x'.repeat(200_000)}`;
    const many = Array.from({length: 102}, (_, i) => ({id: `generated.check-${i}`, implemented: true}));
    interceptRegistry({checks: [{id: long, implemented: true}, ...many]});
    const ctx = fakeContext({org: 'acme'});
    expect(await exitOf(ctx, () => runHealthchecksList({}, ctx))).toBe(0);
    const first = ctx.io.out().split('\n')[0]!;
    expect(first).toBe(`long.${'x'.repeat(59)}... (200005 characters)\tno\tid longer than 128 characters: vigil cannot call it`);
    expect(ctx.io.out().length).toBeLessThan(10_000);
    expect(ctx.io.err()).toBe('note: 2 implemented checks left out by `run --all` and a `discover:` worker: the registry lists more than 100, the cap (--max-checks or discover.maxChecks raises it)\n');

    interceptRegistry({checks: many});
    const raised = fakeContext({org: 'acme'});
    await runHealthchecksList({maxChecks: '102'}, raised);
    expect(raised.io.err()).toBe('');
    const bad = fakeContext({org: 'acme'});
    expect(await exitOf(bad, () => runHealthchecksList({maxChecks: '0'}, bad))).toBe(3);
    expect(bad.io.err()).toContain('--max-checks');
  });
});
