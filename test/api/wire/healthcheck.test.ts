import {describe, expect, it, vi} from 'vitest';
import {
  cancelledCountRequestSchema,
  gradeCount,
  healthcheckRequestBody,
  healthcheckResultSchema,
  healthcheckResultWireSchema,
  HEALTHCHECK_DEFAULTS,
  SEVERITY_RANK,
} from '../../../src/api/wire/healthcheck.js';

const messages = (value: unknown) => {
  const parsed = cancelledCountRequestSchema().safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map(issue => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the cancelled-count request body (docs/contract.md)', () => {
  it('takes a slug alone, or with whole, in-range numbers', () => {
    expect(messages({slug: 'a'})).toEqual([]);
    expect(messages({slug: 'a', lookbackHours: 1, warnThreshold: 0, failThreshold: 0})).toEqual([]);
    expect(HEALTHCHECK_DEFAULTS).toEqual({lookbackHours: 168, warnThreshold: 3, failThreshold: 10});
  });

  it('names the field and the rule it breaks', () => {
    expect(messages({slug: ''})).toEqual(['slug: slug must be at least 1 character']);
    expect(messages({slug: 'a', lookbackHours: 0})).toEqual(['lookbackHours: lookbackHours must be greater than 0']);
    expect(messages({slug: 'a', lookbackHours: 1.5})).toEqual(['lookbackHours: lookbackHours must be an integer']);
    expect(messages({slug: 'a', warnThreshold: -1})).toEqual(['warnThreshold: warnThreshold must be at least 0']);
    expect(messages({slug: 'a', warnThreshold: 0.5})).toEqual(['warnThreshold: warnThreshold must be an integer']);
    expect(messages({slug: 'a', failThreshold: -1})).toEqual(['failThreshold: failThreshold must be at least 0']);
    expect(messages({slug: 'a', failThreshold: 2.5})).toEqual(['failThreshold: failThreshold must be an integer']);
  });

  it('is built from vigil\'s words with only the fields given', () => {
    expect(healthcheckRequestBody({org: 'acme'})).toEqual({slug: 'acme'});
    expect(Object.keys(healthcheckRequestBody({org: 'acme', lookbackHours: undefined}))).toEqual(['slug']);
    expect(healthcheckRequestBody({org: 'acme', lookbackHours: 24, warnThreshold: 0, failThreshold: 5})).toEqual({slug: 'acme', lookbackHours: 24, warnThreshold: 0, failThreshold: 5});
    expect(healthcheckRequestBody({org: 'acme', failThreshold: 0})).toEqual({slug: 'acme', failThreshold: 0});
    expect(healthcheckRequestBody({org: 'acme', warnThreshold: 2})).toEqual({slug: 'acme', warnThreshold: 2});
  });
});

const full = {
  id: 'takedowns.cancelled-count',
  title: 'Cancelled takedowns',
  category: 'takedowns',
  generatedAt: '2026-11-20T00:00:00Z',
  scope: {slug: 'acme'},
  ok: false,
  severity: 'warn',
  observed: {cancelledCount: 4, windowStart: '2026-11-13T00:00:00Z', partial: false, note: null},
  threshold: {warnThreshold: 3, failThreshold: 10},
  findings: [{kind: 'cancelled-takedowns', ref: null, message: '4 cancelled', severity: 'warn'}],
  suggestedAction: 'Review recent cancellations',
  appUrl: 'https://app.example/x',
};

describe('a healthcheck result as the wire promises it (the sandbox answers this)', () => {
  it('accepts the documented result and refuses one missing a required field', () => {
    expect(healthcheckResultWireSchema().safeParse(full).success).toBe(true);
    for (const field of Object.keys(full)) {
      const {[field]: _dropped, ...rest} = full as Record<string, unknown>;
      expect(healthcheckResultWireSchema().safeParse(rest).success, field).toBe(false);
    }
    expect(healthcheckResultWireSchema().safeParse({...full, category: 'new-category'}).success).toBe(false);
    expect(healthcheckResultWireSchema().safeParse({...full, observed: {x: {}}}).success).toBe(false);
    expect(healthcheckResultWireSchema().safeParse({...full, findings: [{...full.findings[0], severity: 'ok'}]}).success).toBe(false);
  });

  it('takes a scope without an organization (slug null) and findings of either severity', () => {
    expect(healthcheckResultWireSchema().safeParse({...full, scope: {slug: null}}).success).toBe(true);
    expect(healthcheckResultWireSchema().safeParse({...full, scope: {}}).success).toBe(false);
    expect(healthcheckResultWireSchema().safeParse({...full, scope: {slug: 5}}).success).toBe(false);
    expect(healthcheckResultWireSchema().safeParse({...full, severity: 'fail', findings: [{...full.findings[0], severity: 'fail'}]}).success).toBe(true);
  });
});

describe('a healthcheck result read tolerantly (docs/contract.md)', () => {
  const read = (value: unknown) => healthcheckResultSchema().parse(value);

  it('reads the documented result as given', () => {
    expect(read(full)).toEqual(full);
  });

  it('grades from whichever of ok and severity is given, the safe side when only ok=false', () => {
    const {ok: _ok, severity: _severity, ...ungraded} = full;
    expect(read({...ungraded, ok: true})).toMatchObject({ok: true, severity: 'ok'});
    expect(read({...ungraded, ok: false})).toMatchObject({ok: false, severity: 'fail'});
    expect(read({...ungraded, ok: null, severity: 'warn'})).toMatchObject({ok: false, severity: 'warn'});
    expect(read({...ungraded, severity: 'ok'})).toMatchObject({ok: true, severity: 'ok'});
    // Both given and disagreeing: each is reported as sent.
    expect(read({...ungraded, ok: true, severity: 'fail'})).toMatchObject({ok: true, severity: 'fail'});
  });

  it('refuses a result with no grade at all, naming severity', () => {
    const parsed = healthcheckResultSchema().safeParse({id: 'x', ok: null, severity: null});
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map(issue => [issue.path.join('.'), issue.message])).toEqual([['severity', 'neither severity nor ok given: the result has no grade']]);
  });

  it('reads missing or null maps, lists and texts as empty or absent', () => {
    expect(read({ok: true})).toEqual({ok: true, severity: 'ok', observed: {}, threshold: {}, findings: [], suggestedAction: null, appUrl: null});
    const nulls = read({id: null, title: null, category: null, generatedAt: null, scope: null, ok: true, observed: null, threshold: null, findings: null, suggestedAction: null, appUrl: null});
    expect(nulls).toEqual({ok: true, severity: 'ok', observed: {}, threshold: {}, findings: [], suggestedAction: null, appUrl: null});
    expect(read({ok: true, scope: {}}).scope).toEqual({slug: null});
  });

  it('shows a category it does not know, and reads a finding of unknown severity as fail', () => {
    expect(read({...full, category: 'brand-new'}).category).toBe('brand-new');
    expect(read({...full, findings: [{}, {kind: 'k', ref: 'r', message: 'm', severity: null}]}).findings).toEqual([
      {ref: null, severity: 'fail'},
      {kind: 'k', ref: 'r', message: 'm', severity: 'fail'},
    ]);
  });

  it('refuses a severity or a value it cannot read', () => {
    expect(healthcheckResultSchema().safeParse({...full, severity: 'critical'}).success).toBe(false);
    expect(healthcheckResultSchema().safeParse({...full, observed: {nested: {a: 1}}}).success).toBe(false);
    expect(healthcheckResultSchema().safeParse({...full, findings: [{severity: 'ok'}]}).success).toBe(false);
    expect(healthcheckResultSchema().safeParse({...full, ok: 'yes'}).success).toBe(false);
  });
});

describe('the grading rule (docs/contract.md)', () => {
  it.each([
    [0, 3, 10, 'ok'],
    [2, 3, 10, 'ok'],
    [3, 3, 10, 'warn'],
    [9, 3, 10, 'warn'],
    [10, 3, 10, 'fail'],
    [11, 3, 10, 'fail'],
    // warn == fail: the count goes straight from ok to fail.
    [4, 5, 5, 'ok'],
    [5, 5, 5, 'fail'],
    [0, 0, 0, 'fail'],
  ] as const)('count %i with warn %i and fail %i is %s', (count, warn, fail, grade) => {
    expect(gradeCount(count, warn, fail)).toBe(grade);
  });

  it('ranks severities so the worst is the largest', () => {
    expect(SEVERITY_RANK).toEqual({ok: 0, warn: 1, fail: 2});
  });
});

/*
 * The module loaded inside the test, not at the top: which schema each getter builds is fixed
 * when the module is loaded, and a change to that is only checked by a test that loads it
 * (Stryker credits the code that runs at import to the test that imports it).
 */
describe('the healthcheck schemas, as a command first loads them', () => {
  async function load() {
    vi.resetModules();
    return import('../../../src/api/wire/healthcheck.js');
  }

  it('checks the request body', async () => {
    const wire = await load();
    expect(wire.cancelledCountRequestSchema().safeParse({slug: 'a', lookbackHours: 24}).success).toBe(true);
    expect(wire.cancelledCountRequestSchema().safeParse({slug: ''}).success).toBe(false);
  });

  it('checks a result on the wire and reads one tolerantly, findings and scalars included', async () => {
    const wire = await load();
    expect(wire.healthcheckResultWireSchema().safeParse(full).success).toBe(true);
    expect(wire.healthcheckResultWireSchema().safeParse({...full, observed: {x: {}}}).success).toBe(false);
    expect(wire.healthcheckResultSchema().parse({...full, title: null, findings: [{kind: null, ref: 'r', message: 'm'}]})).toStrictEqual({
      ...full,
      title: undefined,
      findings: [{kind: undefined, ref: 'r', message: 'm', severity: 'fail'}],
    });
    expect(wire.healthcheckResultSchema().safeParse({ok: true, observed: {nested: {a: 1}}}).success).toBe(false);
  });
});
