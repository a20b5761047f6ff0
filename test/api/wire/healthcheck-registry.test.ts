import {describe, expect, it} from 'vitest';
import {
  DOCUMENTED_HEALTHCHECK_IDS,
  healthcheckBody,
  healthcheckListBody,
  healthcheckRegistrySchema,
  NO_REASON_GIVEN,
  NOT_SAID_IMPLEMENTED,
  UNCALLABLE_ID,
} from '../../../src/api/wire/healthcheck-registry.js';
import {HEALTHCHECK_LIST_PATH, healthcheckPath, isHealthcheckId} from '../../../src/api/wire/paths.js';
import {describeIssues} from '../../../src/api/wire/parse.js';

const read = (body: unknown) => healthcheckRegistrySchema().parse(body);
const problems = (body: unknown) => {
  const parsed = healthcheckRegistrySchema().safeParse(body);
  return parsed.success ? [] : describeIssues(parsed.error);
};

describe('the registry (POST /healthchecks/list), read tolerantly', () => {
  const entries = [
    {id: 'reviewing.backlog', implemented: true, title: 'ignored', extra: {deep: 1}},
    {id: 'takedowns.future-check', implemented: false, notImplementedReason: 'Planned for Q3'},
  ];
  const normalised = {
    checks: [
      {id: 'reviewing.backlog', implemented: true, notImplementedReason: null},
      {id: 'takedowns.future-check', implemented: false, notImplementedReason: 'Planned for Q3'},
    ],
  };

  it('reads a `checks` array and a bare array to the same shape, unknown fields dropped', () => {
    expect(read({checks: entries, generatedAt: 'now'})).toEqual(normalised);
    expect(read(entries)).toEqual(normalised);
    expect(HEALTHCHECK_LIST_PATH).toBe('healthchecks/list');
  });

  it('does not call what it is not told is implemented, and says why', () => {
    expect(read([{id: 'a.b', implemented: false}]).checks[0]).toEqual({id: 'a.b', implemented: false, notImplementedReason: NO_REASON_GIVEN});
    expect(read([{id: 'a.b'}]).checks[0]).toEqual({id: 'a.b', implemented: false, notImplementedReason: NOT_SAID_IMPLEMENTED});
    expect(read([{id: 'a.b', implemented: null, notImplementedReason: null}]).checks[0]?.notImplementedReason).toBe(NOT_SAID_IMPLEMENTED);
    // An implemented id vigil could not turn into a path is listed, never called.
    expect(read([{id: 'Bad/../id', implemented: true}]).checks[0]).toEqual({id: 'Bad/../id', implemented: false, notImplementedReason: UNCALLABLE_ID});
  });

  it('keeps the first entry of an id listed twice', () => {
    expect(read([{id: 'a.b', implemented: true}, {id: 'a.b', implemented: false}]).checks).toEqual([{id: 'a.b', implemented: true, notImplementedReason: null}]);
  });

  it('names the field that breaks the contract', () => {
    expect(problems({checks: [{implemented: true}]})).toEqual(['checks[0].id: Invalid input: expected string, received undefined']);
    expect(problems([{id: 'a.b', implemented: 'yes'}])).toEqual(['checks[0].implemented: Invalid input: expected boolean, received string']);
    expect(problems({registry: []})).toEqual(['checks: expected an array of {id, implemented, notImplementedReason}']);
    expect(problems('nope')).toEqual(['(root): expected a `checks` array, or a bare array of checks']);
    expect(problems([{id: ''}])).toEqual(['checks[0].id: must not be empty']);
  });
});

describe('ids and bodies', () => {
  it('documents ten ids, each of the registry shape', () => {
    expect(DOCUMENTED_HEALTHCHECK_IDS).toHaveLength(10);
    for (const id of DOCUMENTED_HEALTHCHECK_IDS) expect(isHealthcheckId(id)).toBe(true);
    expect(healthcheckPath('organization.missing-contact-url')).toBe('healthchecks/organization/missing-contact-url');
  });

  it.each(['takedowns', 'a.b.c', 'A.b', 'a.b-', 'a.b--c', 'a.-b', 'a/b.c', 'a.b ', '.b', 'a.'])('refuses %j as an id', id => {
    expect(isHealthcheckId(id)).toBe(false);
  });

  it('sends the scope under `slug`, which a field of the same name cannot override', () => {
    expect(healthcheckBody('acme', {minResults: 2, slug: 'other', strict: true})).toEqual({minResults: 2, strict: true, slug: 'acme'});
    expect(healthcheckListBody('acme')).toEqual({slug: 'acme'});
    expect(healthcheckListBody(undefined)).toEqual({});
  });
});
