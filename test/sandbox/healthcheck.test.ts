import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {healthcheckResultSchema} from '../../src/api/wire/index.js';
import {HOUR, NOW, SCOPED_KEY, startTestSandbox, type Caller} from './http.js';

const PATH = 'healthchecks/takedowns/cancelled-count';
let api: Caller;

beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.sandbox.close());

const check = (body: unknown, key?: string | null) => api.call('POST', PATH, {body, ...(key === undefined ? {} : {key})});
const cancel = (slug: string, body: unknown) => api.call('POST', `/_sandbox/orgs/${slug}/takedowns/cancellations`, {body});

describe('grading against the running server (warn 3, fail 10)', () => {
  it('moves umbrella from ok to warn to fail at exactly count = warn and count = fail', async () => {
    await api.call('DELETE', '/_sandbox/orgs/umbrella/takedowns');
    const seen: Array<[number, string, boolean]> = [];
    // counts 0..11 step by step: boundaries are warn-1=2, warn=3, fail-1=9, fail=10
    for (let count = 0; count <= 11; count++) {
      if (count > 0) expect((await cancel('umbrella', {hoursAgo: 1})).status).toBe(200);
      const reply = await check({slug: 'umbrella', warnThreshold: 3, failThreshold: 10});
      expect(reply.status).toBe(200);
      expect(reply.body.observed.cancelledCount).toBe(count);
      seen.push([count, reply.body.severity, reply.body.ok]);
    }
    const severityAt = (n: number) => seen[n]![1];
    expect([severityAt(2), severityAt(3), severityAt(9), severityAt(10)]).toEqual(['ok', 'warn', 'warn', 'fail']);
    expect(seen.filter(([, , ok]) => ok).map(([n]) => n)).toEqual([0, 1, 2]);
    expect(severityAt(0)).toBe('ok');
    expect(severityAt(11)).toBe('fail');
  });

  it('grades with custom thresholds at warn-1, warn, fail-1 and fail', async () => {
    // hooli has exactly 3 cancellations in the default window
    const grade = async (warnThreshold: number, failThreshold: number) => (await check({slug: 'hooli', warnThreshold, failThreshold})).body.severity;
    expect(await grade(4, 6)).toBe('ok'); // count = warn - 1
    expect(await grade(3, 6)).toBe('warn'); // count = warn
    expect(await grade(1, 4)).toBe('warn'); // count = fail - 1
    expect(await grade(1, 3)).toBe('fail'); // count = fail
    expect(await grade(0, 0)).toBe('fail');
    expect(await grade(3, 3)).toBe('fail');
  });
});

describe('result fields (docs/contract.md)', () => {
  it('returns every field with its type when ok, findings empty and nulls', async () => {
    const reply = await check({slug: 'globex'});
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    const result = healthcheckResultSchema().parse(reply.body);
    expect(result).toEqual({
      id: 'takedowns.cancelled-count',
      title: expect.any(String),
      category: 'takedowns',
      generatedAt: new Date(NOW).toISOString(),
      scope: {slug: 'globex'},
      ok: true,
      severity: 'ok',
      observed: {cancelledCount: 1, lookbackHours: 168, windowStart: new Date(NOW - 168 * HOUR).toISOString(), windowEnd: new Date(NOW).toISOString()},
      threshold: {warn: 3, fail: 10},
      findings: [],
      suggestedAction: null,
      appUrl: null,
    });
  });

  it('has one finding per cancellation in the window when not ok, with the result severity', async () => {
    const reply = await check({slug: 'initech'});
    const result = healthcheckResultSchema().parse(reply.body);
    expect(result.severity).toBe('fail');
    expect(result.ok).toBe(false);
    expect(result.findings).toHaveLength(12);
    const log = await api.call('GET', '/_sandbox/orgs/initech/takedowns?status=CANCELLED');
    const inWindow = log.body.transitions.filter((t: {at: string}) => Date.parse(t.at) > NOW - 168 * HOUR).map((t: {takedownId: string}) => t.takedownId);
    expect(result.findings.map(f => f.ref).sort()).toEqual(inWindow.sort());
    for (const finding of result.findings) {
      expect(finding).toEqual({kind: 'takedown_cancelled', ref: expect.stringMatching(/^\d+$/), message: expect.stringContaining('CANCELLED'), severity: 'fail'});
    }
    expect(result.suggestedAction).toMatch(/12 takedowns were cancelled in the last 168 hours/);
    expect(result.appUrl).toBe(`${api.sandbox.origin}/_sandbox/orgs/initech/takedowns?status=CANCELLED`);
  });

  it('counts only CANCELLED transitions inside lookbackHours (start exclusive, now inclusive)', async () => {
    await api.call('DELETE', '/_sandbox/orgs/hooli/takedowns');
    const record = (transitions: unknown[]) => api.call('POST', '/_sandbox/orgs/hooli/takedowns/transitions', {body: {transitions}});
    expect((await record([
      {to: 'CANCELLED', hoursAgo: 0},
      {to: 'CANCELLED', hoursAgo: 23.9},
      {to: 'CANCELLED', hoursAgo: 24},
      {to: 'CANCELLED', hoursAgo: 30},
      {to: 'COMPLETED', hoursAgo: 1},
      {to: 'CANCELLED', at: new Date(NOW + HOUR).toISOString()},
    ])).status).toBe(200);
    const count = async (lookbackHours: number) => (await check({slug: 'hooli', lookbackHours})).body.observed.cancelledCount;
    expect(await count(24)).toBe(2);
    expect(await count(25)).toBe(3);
    expect(await count(48)).toBe(4);
    expect(await count(1)).toBe(1);
  });
});

describe('errors', () => {
  const badRequest = async (body: unknown, expected: RegExp[]) => {
    const reply = await check(body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Invalid input data');
    expect(reply.body.code).toBe('BAD_REQUEST');
    const messages: string[] = reply.body.issues.map((i: {message: string}) => i.message);
    expect(messages).toHaveLength(expected.length);
    expected.forEach((pattern, index) => expect(messages[index]).toMatch(pattern));
  };

  it.each([
    ['missing slug', {}, [/slug/]],
    ['empty slug', {slug: ''}, [/slug must be at least 1 character/]],
    ['slug not a string', {slug: 42}, [/slug/]],
    ['lookbackHours 0', {slug: 'acme', lookbackHours: 0}, [/lookbackHours must be greater than 0/]],
    ['lookbackHours negative', {slug: 'acme', lookbackHours: -5}, [/lookbackHours must be greater than 0/]],
    ['lookbackHours fractional', {slug: 'acme', lookbackHours: 1.5}, [/lookbackHours must be an integer/]],
    ['lookbackHours a string', {slug: 'acme', lookbackHours: '24'}, [/lookbackHours/]],
    ['warnThreshold negative', {slug: 'acme', warnThreshold: -1}, [/warnThreshold must be at least 0/]],
    ['warnThreshold fractional', {slug: 'acme', warnThreshold: 2.5}, [/warnThreshold must be an integer/]],
    ['failThreshold negative', {slug: 'acme', failThreshold: -1}, [/failThreshold must be at least 0/]],
    ['failThreshold null', {slug: 'acme', failThreshold: null}, [/failThreshold/]],
    ['warn above fail', {slug: 'acme', warnThreshold: 5, failThreshold: 4}, [/warnThreshold \(5\) must not be greater than failThreshold \(4\)/]],
    ['warn above the default fail', {slug: 'acme', warnThreshold: 11}, [/warnThreshold \(11\) must not be greater than failThreshold \(10, the default\)/]],
    ['body an array', [], [/expected object/]],
    ['every problem at once', {slug: '', lookbackHours: 0, warnThreshold: 7, failThreshold: 2}, [/slug/, /lookbackHours/, /warnThreshold \(7\).*failThreshold \(2\)/]],
  ] as Array<[string, unknown, RegExp[]]>)('400 for %s', async (_name, body, expected) => {
    await badRequest(body, expected);
  });

  it('400 with an empty issues array for malformed JSON and for an empty JSON body', async () => {
    for (const raw of ['{"slug": "acme",', '']) {
      const reply = await api.call('POST', PATH, {raw});
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({message: 'Invalid input data', code: 'BAD_REQUEST', issues: []});
    }
  });

  it('401 without a key and with an unknown key', async () => {
    const none = await check({slug: 'acme'}, null);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({message: 'Authorization not provided', code: 'UNAUTHORIZED', issues: []});
    const wrong = await check({slug: 'acme'}, 'not-a-key-at-all');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('UNAUTHORIZED');
  });

  it('403 for the scoped key outside its org and for an unknown org; 200 inside its org', async () => {
    const other = await check({slug: 'globex'}, SCOPED_KEY);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({message: 'Insufficient access', code: 'FORBIDDEN', issues: []});
    const unknown = await check({slug: 'no-such-org'});
    expect(unknown.status).toBe(403);
    expect(unknown.body.issues[0].message).toMatch(/no-such-org/);
    expect((await check({slug: 'acme'}, SCOPED_KEY)).status).toBe(200);
  });

  it('500 with the generic body and no stack trace when the handler throws', async () => {
    await api.call('POST', '/_sandbox/faults', {body: {status: 500, times: 1, pathPrefix: 'healthchecks'}});
    const reply = await check({slug: 'acme'});
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR', issues: []});
    expect(reply.text).not.toMatch(/at |\.ts|injected/);
    expect((await check({slug: 'acme'})).status).toBe(200);
  });

  it("a fault's pathPrefix is taken under /api/v2 or whole; one that can never match is a 400 naming it", async () => {
    const queued = await api.call('POST', '/_sandbox/faults', {body: {status: 503, times: 1, pathPrefix: '/api/v2/healthchecks'}});
    expect(queued.status, queued.text).toBe(200);
    expect((await check({slug: 'acme'})).status).toBe(503);
    expect((await check({slug: 'acme'})).status).toBe(200);
    for (const pathPrefix of ['/api/v1/healthchecks', '/_sandbox/orgs']) {
      const refused = await api.call('POST', '/_sandbox/faults', {body: {pathPrefix}});
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('pathPrefix');
    }
    expect((await check({slug: 'acme'})).status).toBe(200);
  });

  it('413 with an error object over the body limit', async () => {
    const reply = await api.call('POST', PATH, {raw: JSON.stringify({slug: 'acme', pad: 'x'.repeat(1_100_000)})});
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({message: expect.stringMatching(/larger than the limit of 1048576 bytes/), code: 'PAYLOAD_TOO_LARGE', issues: []});
  });

  it('415 for a body that is not JSON, 404 for unknown routes, both in the error shape', async () => {
    const form = await api.call('POST', PATH, {raw: 'slug=acme', contentType: 'application/x-www-form-urlencoded'});
    expect(form.status).toBe(415);
    expect(form.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    for (const path of ['healthchecks/takedowns/nope', '/elsewhere']) {
      const reply = await api.call('GET', path);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({message: expect.stringContaining('No route'), code: 'NOT_FOUND', issues: []});
      expect(reply.body).not.toHaveProperty('statusCode');
    }
  });

  it('a malformed URL is a 400 in the error shape, not fastify\'s', async () => {
    const reply = await api.call('GET', 'healthchecks/%zz');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({message: 'Invalid input data', code: 'BAD_REQUEST', issues: [{message: expect.stringContaining('not a valid url')}]});
  });

  it('admin routes need the all-orgs key', async () => {
    expect((await api.call('POST', '/_sandbox/orgs/acme/takedowns/cancellations', {body: {}, key: SCOPED_KEY})).status).toBe(403);
    expect((await api.call('POST', '/_sandbox/orgs/acme/takedowns/cancellations', {body: {}, key: null})).status).toBe(401);
    const bad = await api.call('POST', '/_sandbox/orgs/acme/takedowns/cancellations', {body: {count: 0}});
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].message).toMatch(/count must be at least 1/);
  });
});
