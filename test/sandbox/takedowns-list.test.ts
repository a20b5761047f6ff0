import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {takedownsListResponseOutSchema} from '../../src/sandbox/takedowns.js';
import {HOUR, NOW, SCOPED_KEY, startTestSandbox, type Caller} from './http.js';

let api: Caller;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.sandbox.close());

const DAY = 24 * HOUR;
type Wire = {id: number; status: string; updatedAt: string; createdAt: string; asset: {content: string; type: string; livenessStatus: string}};

async function list(body: Record<string, unknown>, key?: string) {
  const reply = await api.call('POST', 'takedowns/list', {body, ...(key === undefined ? {} : {key})});
  expect(reply.status, reply.text).toBe(200);
  takedownsListResponseOutSchema.parse(reply.body);
  return reply.body as {takedowns: Wire[]; next_page: string | null};
}

/** Every page of the filter, following next_page. */
async function all(body: Record<string, unknown>): Promise<Wire[]> {
  const rows: Wire[] = [];
  let next: string | null = null;
  do {
    const page = await list({...body, per_page: 100, ...(next === null ? {} : {next_page: next})});
    rows.push(...page.takedowns);
    next = page.next_page;
  } while (next !== null);
  return rows;
}

async function check(id: string, slug: string) {
  const reply = await api.call('POST', `healthchecks/${id.replace('.', '/')}`, {body: {slug}});
  return reply.body as {severity: string; findings: Array<{ref: string | null}>; observed: Record<string, number>};
}

describe('POST /takedowns/list', () => {
  it('pages newest update first with per_page (default 10) and next_page to the end, without repeats', async () => {
    const first = await list({slug: 'initech'});
    expect(first.takedowns).toHaveLength(10);
    const updated = first.takedowns.map(t => t.updatedAt);
    expect([...updated].sort().reverse()).toEqual(updated);
    const every = await all({slug: 'initech'});
    expect(new Set(every.map(t => t.id)).size).toBe(every.length);
    expect(every.length).toBeGreaterThan(30);
  });

  it("the takedowns behind hooli's failing stale-in-progress are what IN_PROGRESS updated 7 days ago or more lists", async () => {
    const stale = await check('takedowns.stale-in-progress', 'hooli');
    expect(stale.severity).toBe('fail');
    const listed = await all({slug: 'hooli', takedownStatus: ['IN_PROGRESS'], endDate: new Date(NOW - 7 * DAY).toISOString()});
    expect(listed.map(t => String(t.id)).sort()).toEqual(stale.findings.map(f => f.ref).sort());
    expect(listed.length).toBe(stale.observed.staleCount);
  });

  it("initech's dead-asset spike counts exactly the takedowns' assets found DEAD in the last 24 hours", async () => {
    const spike = await check('assets.dead-asset-spike', 'initech');
    expect(spike.severity).toBe('fail');
    const dead = await all({slug: 'initech', livenessStatus: ['DEAD'], startDate: new Date(NOW - DAY).toISOString()});
    expect(dead).toHaveLength(spike.observed.deadLast24h!);
    expect(dead.every(t => t.asset.livenessStatus === 'DEAD' && t.status === 'COMPLETED')).toBe(true);
  });

  it('dead assets the admin route records are takedowns listed DEAD; its DELETE finds them alive again', async () => {
    const admin = (method: string, body?: unknown) => api.call(method, '/_sandbox/orgs/umbrella/dead-assets', body === undefined ? {} : {body});
    await admin('DELETE');
    expect(await all({slug: 'umbrella', livenessStatus: ['DEAD']})).toEqual([]);
    await admin('POST', {count: 3, hoursAgo: 2});
    const dead = await all({slug: 'umbrella', livenessStatus: ['DEAD']});
    expect(dead).toHaveLength(3);
    expect((await check('assets.dead-asset-spike', 'umbrella')).observed.deadLast24h).toBe(3);
    expect(dead.every(t => t.asset.content.startsWith('umbrella-'))).toBe(true);
    await admin('DELETE');
    expect(await all({slug: 'umbrella', livenessStatus: ['DEAD']})).toEqual([]);
    expect((await check('assets.dead-asset-spike', 'umbrella')).observed.deadLast24h).toBe(0);
  });

  it('filters by query, status, asset type and dates (inclusive; a bare endDate is its whole day), and sorts', async () => {
    const todo = await all({slug: 'globex', takedownStatus: ['TODO']});
    expect(todo.length).toBe(25);
    expect(todo.every(t => t.status === 'TODO')).toBe(true);
    const one = todo[0]!;
    expect((await all({slug: 'globex', query: one.asset.content.toUpperCase()})).map(t => t.id)).toContain(one.id);
    expect(await all({slug: 'globex', assetType: ['TELEGRAM']})).toEqual([]);
    const day = one.updatedAt.slice(0, 10);
    const sameDay = await all({slug: 'globex', takedownStatus: ['TODO'], startDate: day, endDate: day});
    expect(sameDay.map(t => t.id)).toContain(one.id);
    expect(sameDay.every(t => t.updatedAt.startsWith(day))).toBe(true);
    const oldest = await list({slug: 'globex', sorting: [{key: 'createdAt', direction: 'asc'}], per_page: 5});
    const created = oldest.takedowns.map(t => t.createdAt);
    expect([...created].sort()).toEqual(created);
  });

  it("takes the scoped key's org without slug, refuses the all-orgs key without one, and another org's", async () => {
    const own = await list({per_page: 1}, SCOPED_KEY);
    expect(own.takedowns).toHaveLength(1);
    const noSlug = await api.call('POST', 'takedowns/list', {body: {}});
    expect(noSlug.status).toBe(400);
    expect(noSlug.body.issues[0].message).toMatch(/^slug: required/);
    expect((await api.call('POST', 'takedowns/list', {body: {slug: 'globex'}, key: SCOPED_KEY})).status).toBe(403);
    expect((await api.call('POST', 'takedowns/list', {body: {slug: 'acme'}, key: null})).status).toBe(401);
  });

  it.each([
    ['per_page 0', {per_page: 0}, 'per_page'],
    ['per_page 101', {per_page: 101}, 'per_page'],
    ['a cursor it did not issue', {next_page: 'abc'}, 'next_page'],
    ['an unknown liveness', {livenessStatus: ['ZOMBIE']}, 'livenessStatus'],
    ['a date that is none', {startDate: 'yesterday'}, 'startDate'],
    ['an unknown sort key', {sorting: [{key: 'colour', direction: 'asc'}]}, 'sorting'],
  ])('400 for %s, naming the field', async (_name, body, field) => {
    const reply = await api.call('POST', 'takedowns/list', {body: {slug: 'acme', ...body}});
    expect(reply.status).toBe(400);
    expect(reply.body.issues.map((issue: {message: string}) => issue.message).join(' ')).toContain(field);
  });
});
