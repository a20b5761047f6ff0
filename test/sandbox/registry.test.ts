import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {DOCUMENTED_HEALTHCHECK_IDS, healthcheckResultWireSchema} from '../../src/api/wire/index.js';
import {HOUR, NOW, SCOPED_KEY, startTestSandbox, type Caller} from './http.js';

let api: Caller;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.sandbox.close());

const DAY = 24 * HOUR;
const path = (id: string) => `healthchecks/${id.replace('.', '/')}`;
async function grade(id: string, slug: string, extra: Record<string, unknown> = {}) {
  const reply = await api.call('POST', path(id), {body: {slug, ...extra}});
  expect(reply.status).toBe(200);
  // Every answer is exactly docs/contract.md#the-healthcheck-result.
  healthcheckResultWireSchema().parse(reply.body);
  expect(reply.body).toMatchObject({id, scope: {slug}, generatedAt: new Date(NOW).toISOString()});
  return reply.body as {severity: string; ok: boolean; observed: Record<string, unknown>; threshold: Record<string, unknown>; findings: unknown[]; suggestedAction: string | null; appUrl: string | null};
}
const severity = async (id: string, slug: string, extra: Record<string, unknown> = {}) => (await grade(id, slug, extra)).severity;
const admin = (method: string, route: string, body?: unknown) => api.call(method, `/_sandbox/orgs/${route}`, body === undefined ? {} : {body});

describe('POST /healthchecks/list', () => {
  it('lists the ten documented checks implemented and one planned check with its reason, to any key', async () => {
    const reply = await api.call('POST', 'healthchecks/list', {body: {slug: 'acme'}, key: SCOPED_KEY});
    expect(reply.status).toBe(200);
    const implemented = reply.body.checks.filter((c: {implemented: boolean}) => c.implemented).map((c: {id: string}) => c.id);
    expect(implemented.sort()).toEqual([...DOCUMENTED_HEALTHCHECK_IDS].sort());
    expect(reply.body.checks.filter((c: {implemented: boolean}) => !c.implemented)).toEqual([
      {id: 'blocklisting.propagation-lag', implemented: false, notImplementedReason: expect.stringMatching(/^Planned: /)},
    ]);
    expect((await api.call('POST', 'healthchecks/list', {key: null})).status).toBe(401);
  });

  it('does not serve the planned check', async () => {
    expect((await api.call('POST', path('blocklisting.propagation-lag'), {body: {slug: 'acme'}})).status).toBe(404);
  });
});

describe('the seeded orgs, graded with the documented defaults', () => {
  const failing = async (slug: string) => {
    const graded: Record<string, string> = {};
    for (const id of DOCUMENTED_HEALTHCHECK_IDS) {
      const s = await severity(id, slug);
      if (s !== 'ok') graded[id] = s;
    }
    return graded;
  };

  it('acme fails only the backlog (the demo empties it) and warns on cancellations', async () => {
    expect(await failing('acme')).toEqual({'reviewing.backlog': 'fail', 'takedowns.cancelled-count': 'warn'});
  });

  it.each([
    ['globex', {'detections.silent-configs': 'warn', 'reviewing.old-proposals': 'warn', 'takedowns.todo-volume': 'warn', 'takedowns.automation-off': 'warn'}],
    ['initech', {'takedowns.cancelled-count': 'fail', 'assets.dead-asset-spike': 'fail', 'takedowns.in-progress-volume': 'warn', 'takedowns.stale-in-progress': 'warn'}],
    ['umbrella', {'organization.missing-contact-url': 'fail'}],
    ['hooli', {'takedowns.automation-off': 'fail', 'takedowns.stale-in-progress': 'fail', 'takedowns.cancelled-count': 'warn'}],
  ])('%s', async (slug, expected) => {
    expect(await failing(slug)).toEqual(expected);
  });
});

describe('each check grades its main value: value >= fail is fail, else >= warn is warn', () => {
  it('reviewing.backlog counts the review queue; thresholds from the body, warn above fail refused', async () => {
    const backlog = await grade('reviewing.backlog', 'umbrella');
    const pending = backlog.observed.pendingCount as number;
    expect(backlog.threshold).toEqual({warnThreshold: 5, failThreshold: 10});
    expect(await severity('reviewing.backlog', 'umbrella', {warnThreshold: pending + 1, failThreshold: pending + 2})).toBe('ok');
    expect(await severity('reviewing.backlog', 'umbrella', {warnThreshold: pending, failThreshold: pending + 1})).toBe('warn');
    expect(await severity('reviewing.backlog', 'umbrella', {warnThreshold: pending - 1, failThreshold: pending})).toBe('fail');
    const refused = await api.call('POST', path('reviewing.backlog'), {body: {slug: 'umbrella', warnThreshold: 11}});
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('warnThreshold must not be greater than failThreshold');
  });

  it('reviews through the review route take acme\'s backlog down, and old proposals with it', async () => {
    const before = await grade('reviewing.backlog', 'acme');
    expect(before.severity).toBe('fail');
    const queue = (await admin('GET', 'acme/review-queue')).body.proposals as Array<{proposalId: number; assetId: number}>;
    expect(queue).toHaveLength(before.observed.pendingCount as number);
    for (const entry of queue.slice(0, 5)) {
      const reply = await api.call('POST', `organization/proposals/${entry.proposalId}/review`, {body: {slug: 'acme', assetId: entry.assetId, decision: 'REJECT', rejectReason: 'irrelevant'}});
      expect(reply.status).toBe(200);
    }
    expect((await grade('reviewing.backlog', 'acme')).observed.pendingCount).toBe(queue.length - 5);
    // A proposal queued 20 days ago makes old-proposals fail; reviewing it brings it back.
    expect(await severity('reviewing.old-proposals', 'hooli')).toBe('ok');
    await admin('POST', 'hooli/review-queue', {count: 1, daysAgo: 20});
    const old = await grade('reviewing.old-proposals', 'hooli');
    expect(old).toMatchObject({severity: 'fail', observed: {oldestAgeDays: 20, olderThanFailAge: 1}, threshold: {warnAgeDays: 7, failAgeDays: 14}});
    expect(await severity('reviewing.old-proposals', 'hooli', {warnAgeDays: 20, failAgeDays: 21})).toBe('warn');
    const [oldest] = (await admin('GET', 'hooli/review-queue')).body.proposals as Array<{proposalId: number; assetId: number}>;
    await api.call('POST', `organization/proposals/${oldest!.proposalId}/review`, {body: {slug: 'hooli', assetId: oldest!.assetId, decision: 'APPROVE'}});
    expect(await severity('reviewing.old-proposals', 'hooli')).toBe('ok');
  });

  it('takedown volumes and staleness follow the log\'s current states', async () => {
    const todo = async () => (await grade('takedowns.todo-volume', 'umbrella')).observed.todoCount;
    expect(await todo()).toBe(0);
    const transitions = Array.from({length: 20}, (_, i) => ({takedownId: `td_u${i}`, to: 'TODO', hoursAgo: 1}));
    await api.call('POST', '/_sandbox/orgs/umbrella/takedowns/transitions', {body: {transitions}});
    expect(await todo()).toBe(20);
    expect(await severity('takedowns.todo-volume', 'umbrella')).toBe('warn');
    // Five more, started 9 days ago and moved on a day later: in progress, and stale.
    const at = (days: number) => new Date(NOW - days * DAY).toISOString();
    const started = Array.from({length: 5}, (_, i) => [{takedownId: `td_s${i}`, to: 'TODO', at: at(9)}, {takedownId: `td_s${i}`, from: 'TODO', to: 'IN_PROGRESS', at: at(8)}]).flat();
    await api.call('POST', '/_sandbox/orgs/umbrella/takedowns/transitions', {body: {transitions: started}});
    expect(await todo()).toBe(20);
    expect((await grade('takedowns.in-progress-volume', 'umbrella')).observed.inProgressCount).toBe(5);
    expect(await grade('takedowns.stale-in-progress', 'umbrella')).toMatchObject({severity: 'fail', observed: {staleCount: 5, staleDays: 7}});
    expect(await severity('takedowns.stale-in-progress', 'umbrella', {staleDays: 9})).toBe('ok');
  });

  it('automation-off: days off against 30/60; an org without the service is excluded', async () => {
    await admin('PUT', 'umbrella/takedown-service', {enabled: true, automationOffDaysAgo: 29});
    expect(await severity('takedowns.automation-off', 'umbrella')).toBe('ok');
    await admin('PUT', 'umbrella/takedown-service', {enabled: true, automationOffDaysAgo: 30});
    expect(await severity('takedowns.automation-off', 'umbrella')).toBe('warn');
    await admin('PUT', 'umbrella/takedown-service', {enabled: true, automationOffDaysAgo: 60});
    expect(await severity('takedowns.automation-off', 'umbrella')).toBe('fail');
    await admin('PUT', 'umbrella/takedown-service', {enabled: false});
    expect(await grade('takedowns.automation-off', 'umbrella')).toMatchObject({severity: 'ok', observed: {takedownServiceEnabled: false}});
  });

  it('silent-configs: enabled configs under minResults in the lookback window', async () => {
    const configs = [{name: 'a', results: 2, hoursAgo: 30}, {name: 'b', results: 0}, {name: 'c', results: 5, hoursAgo: 1}, {name: 'off', enabled: false}];
    const picture = await admin('PUT', 'umbrella/detection-configs', {configs});
    expect(picture.status).toBe(200);
    expect(await grade('detections.silent-configs', 'umbrella')).toMatchObject({severity: 'warn', observed: {enabledConfigs: 3, silentConfigs: 1}});
    expect(await severity('detections.silent-configs', 'umbrella', {lookbackHours: 24})).toBe('warn');
    expect(await grade('detections.silent-configs', 'umbrella', {lookbackHours: 24, minResults: 3})).toMatchObject({severity: 'warn', observed: {silentConfigs: 2}});
    expect(await grade('detections.silent-configs', 'umbrella', {lookbackHours: 24, minResults: 6})).toMatchObject({severity: 'fail', observed: {silentConfigs: 3}});
  });

  it('dead-asset-spike: fires when the day clears minSpikeCount and the baseline multiple; fails at twice that', async () => {
    await admin('DELETE', 'umbrella/dead-assets');
    await admin('POST', 'umbrella/dead-assets', {count: 7, hoursAgo: 48});
    await admin('POST', 'umbrella/dead-assets', {count: 4, hoursAgo: 2});
    expect(await grade('assets.dead-asset-spike', 'umbrella')).toMatchObject({severity: 'ok', observed: {deadLast24h: 4, baselineCount: 7, baselinePerDay: 1}, threshold: {warnAt: 5, failAt: 10}});
    await admin('POST', 'umbrella/dead-assets', {count: 1, hoursAgo: 2});
    expect(await severity('assets.dead-asset-spike', 'umbrella')).toBe('warn');
    expect(await severity('assets.dead-asset-spike', 'umbrella', {minSpikeCount: 10})).toBe('ok');
    expect(await severity('assets.dead-asset-spike', 'umbrella', {minSpikeCount: 1, baselineDays: 1})).toBe('fail');
    await admin('POST', 'umbrella/dead-assets', {count: 5, hoursAgo: 2});
    expect(await severity('assets.dead-asset-spike', 'umbrella')).toBe('fail');
  });

  it('missing-contact-url fails without one and passes with one', async () => {
    expect(await grade('organization.missing-contact-url', 'globex')).toMatchObject({severity: 'ok', findings: [], suggestedAction: null, appUrl: null});
    await admin('PUT', 'globex/contact-url', {contactUrl: null});
    const missing = await grade('organization.missing-contact-url', 'globex');
    expect(missing).toMatchObject({severity: 'fail', ok: false, observed: {hasContactUrl: false}});
    expect(missing.appUrl).toMatch(/\/_sandbox\/orgs\/globex\/health$/);
    const picture = await admin('PUT', 'globex/contact-url', {contactUrl: 'https://globex.example/abuse'});
    expect(picture.body.healthchecks.find((c: {id: string}) => c.id === 'organization.missing-contact-url').severity).toBe('ok');
    expect((await admin('PUT', 'globex/contact-url', {contactUrl: 'not a url'})).status).toBe(400);
  });
});

describe('access', () => {
  it('a check needs a key, and the scoped key only reaches its own org', async () => {
    expect((await api.call('POST', path('reviewing.backlog'), {body: {slug: 'acme'}, key: null})).status).toBe(401);
    expect((await api.call('POST', path('reviewing.backlog'), {body: {slug: 'globex'}, key: SCOPED_KEY})).status).toBe(403);
    expect((await api.call('POST', path('reviewing.backlog'), {body: {slug: 'acme'}, key: SCOPED_KEY})).status).toBe(200);
    expect((await api.call('PUT', '/_sandbox/orgs/acme/contact-url', {body: {contactUrl: null}, key: SCOPED_KEY})).status).toBe(403);
  });
});
