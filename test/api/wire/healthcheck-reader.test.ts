import {describe, expect, it} from 'vitest';
import {healthcheckResultSchema} from '../../../src/api/wire/healthcheck.js';
import {readHealthcheckResult} from '../../../src/api/wire/healthcheck-reader.js';

const full = {
  id: 'takedowns.cancelled-count',
  title: 'Cancelled takedowns',
  category: 'takedowns',
  generatedAt: '2026-11-27T10:00:00Z',
  scope: {slug: 'acme'},
  ok: false,
  severity: 'warn',
  observed: {cancelledCount: 4, lookbackHours: 168, label: 'x', flag: true, none: null},
  threshold: {warn: 3, fail: 10},
  findings: [{kind: 'takedown', ref: 'T-1', message: 'cancelled', severity: 'warn'}, {kind: null, ref: null, message: null, severity: null}],
  suggestedAction: 'look',
  appUrl: 'https://app.example/x',
  extra: {unknown: 'dropped'},
};

const schemaRead = (body: unknown) => {
  const parsed = healthcheckResultSchema().safeParse(structuredClone(body));
  return parsed.success ? parsed.data : undefined;
};

/** Bodies the schema reads: the reader must return exactly what the schema returns (keys and their order too). */
const valid: unknown[] = [
  full,
  {severity: 'ok'},
  {ok: true},
  {ok: false},
  {ok: true, severity: 'fail'},
  {...full, id: null, title: null, category: 'a category added later', generatedAt: null, scope: null, observed: null, threshold: null, findings: null, suggestedAction: null, appUrl: null},
  {...full, scope: {}, findings: [], observed: {}, threshold: {}},
  {...full, scope: {slug: null}},
];

/** Bodies the schema refuses, or reads in a way the reader leaves to it. */
const others: unknown[] = [
  null,
  [],
  'text',
  {},
  {ok: 'yes'},
  {severity: 'critical'},
  {...full, id: 7},
  {...full, scope: 'acme'},
  {...full, scope: {slug: 3}},
  {...full, observed: {n: {nested: 1}}},
  {...full, observed: []},
  {...full, threshold: {warn: '3', fail: [10]}},
  {...full, findings: {}},
  {...full, findings: [{severity: 'info'}]},
  {...full, findings: ['text']},
  {...full, suggestedAction: 1},
  {...full, appUrl: false},
  JSON.parse('{"severity": "ok", "observed": {"__proto__": {"polluted": 1}}}'),
  Object.assign(Object.create(null), {severity: 'ok'}),
];

describe('the healthcheck result reader', () => {
  it('returns what the schema returns for every body the schema reads', () => {
    for (const body of valid) {
      const read = readHealthcheckResult(structuredClone(body));
      expect(read).toStrictEqual(schemaRead(body));
      expect(Object.keys(read!)).toEqual(Object.keys(schemaRead(body)!));
    }
  });

  it('leaves every other body to the schema, whose errors name the field', () => {
    for (const body of others) expect(readHealthcheckResult(body)).toBeUndefined();
  });

  it('never accepts what the schema refuses (every field of the full result set to each wrong type)', () => {
    for (const field of Object.keys(full)) {
      for (const wrong of [1, 'x', true, [], {}, [1], {a: {}}]) {
        const body = {...full, [field]: wrong};
        const read = readHealthcheckResult(structuredClone(body));
        if (read !== undefined) expect(read).toStrictEqual(schemaRead(body));
      }
    }
  });
});
