import {describe, expect, it} from 'vitest';
import {sameSpecs, scheduledSpecs} from '../../src/checks/discover.js';
import type {CheckSpec, DiscoverConfig} from '../../src/checks/schema.js';

const discover: DiscoverConfig = {orgs: ['acme', 'globex'], everyMs: 60_000, registryEveryMs: 600_000, exclude: ['organization.missing-contact-url'], maxChecks: 100};
const entry = (check: string, org: string, extra: Partial<CheckSpec> = {}): CheckSpec => ({id: `${check}@${org}`, check, org, everyMs: 30_000, ...extra});

describe('which pairs a discover: worker schedules', () => {
  const explicit = [entry('takedowns.cancelled-count', 'initech'), entry('reviewing.backlog', 'acme', {failThreshold: 20}), entry('assets.planned', 'acme')];

  it('runs the file as listed without discover:, and for orgs the registry has not answered for yet', () => {
    expect(scheduledSpecs(explicit, undefined, new Map())).toEqual(explicit);
    expect(scheduledSpecs(explicit, discover, new Map())).toEqual(explicit);
  });

  it('lets the registry decide for its orgs: implemented minus exclude, the file giving settings, planned entries dropped', () => {
    const registry = new Map([
      ['acme', ['reviewing.backlog', 'takedowns.cancelled-count', 'organization.missing-contact-url']],
      ['globex', ['brand-new.check']],
    ]);
    expect(scheduledSpecs(explicit, discover, registry)).toEqual([
      entry('takedowns.cancelled-count', 'initech'),
      entry('reviewing.backlog', 'acme', {failThreshold: 20}),
      {id: 'takedowns.cancelled-count@acme', check: 'takedowns.cancelled-count', org: 'acme', everyMs: 60_000, discovered: true},
      {id: 'brand-new.check@globex', check: 'brand-new.check', org: 'globex', everyMs: 60_000, discovered: true},
    ]);
  });

  it('schedules at most maxChecks pairs per org, the first in the registry order after exclude', () => {
    const many = Array.from({length: 500}, (_, i) => `generated.check-${i}`);
    const registry = new Map([['acme', ['organization.missing-contact-url', ...many]], ['globex', many.slice(0, 2)]]);
    const specs = scheduledSpecs([], {...discover, maxChecks: 3}, registry);
    expect(specs.map(spec => spec.id)).toEqual([
      'generated.check-0@acme', 'generated.check-1@acme', 'generated.check-2@acme',
      'generated.check-0@globex', 'generated.check-1@globex',
    ]);
  });

  it('compares sets of specs whatever their order, settings included', () => {
    const a = [entry('x.a', 'o'), entry('x.b', 'o')];
    expect(sameSpecs(a, [...a].reverse())).toBe(true);
    expect(sameSpecs(a, [entry('x.a', 'o'), entry('x.b', 'o', {everyMs: 1})])).toBe(false);
    expect(sameSpecs(a, a.slice(1))).toBe(false);
  });
});
