import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {assetListResponseOutSchema, assetSearchResponseOutSchema} from '../../src/sandbox/data/asset-views.js';
import {threatsListResponseOutSchema} from '../../src/sandbox/data/threats.js';
import {NOW, SCOPED_KEY, startTestSandbox, type Caller} from './http.js';

let api: Caller;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.sandbox.close());

const post = async (path: string, body: unknown, key?: string) => api.call('POST', path, {body, ...(key === undefined ? {} : {key})});

async function ok<T>(path: string, body: unknown, key?: string): Promise<T> {
  const reply = await post(path, body, key);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as T;
}

/** Every page of a next_page listing. */
async function every<T>(path: string, field: string, body: Record<string, unknown>, key?: string): Promise<T[]> {
  const rows: T[] = [];
  let next: string | null = null;
  do {
    const page: Record<string, unknown> = await ok(path, {...body, per_page: 100, ...(next === null ? {} : {next_page: next})}, key);
    rows.push(...(page[field] as T[]));
    next = page.next_page as string | null;
  } while (next !== null);
  return rows;
}

const status = async (content: string) => (await ok<{status: string}>('asset/check', {content})).status;

describe('POST /asset/list', () => {
  it('lists the type in the status, by update day; every BLOCKED URL is what asset/check calls BLOCKED', async () => {
    const blocked = await every<{content: string; type: string; status: string; updatedAt: string}>('asset/list', 'assets', {type: 'URL', startDate: '2026-01-01'});
    expect(blocked.length).toBeGreaterThan(5);
    for (const asset of blocked) expect([asset.type, asset.status]).toEqual(['URL', 'BLOCKED']);
    for (const asset of blocked.slice(0, 5)) expect(await status(asset.content)).toBe('BLOCKED');
    const allowed = await every<{content: string; status: string}>('asset/list', 'assets', {type: 'URL', status: 'ALLOWED', startDate: '2026-01-01'});
    expect(allowed.every(a => a.status === 'ALLOWED')).toBe(true);
    expect(await status(allowed[0]!.content)).toBe('ALLOWED');
  });

  it('with no dates lists the last day only; dates are inclusive days', async () => {
    const recent = await ok<{assets: Array<{updatedAt: string}>}>('asset/list', {type: 'URL', status: 'UNKNOWN', per_page: 10_000});
    expect(recent.assets.every(a => Date.parse(a.updatedAt) >= NOW - 24 * 3_600_000)).toBe(true);
    const day = await every<{updatedAt: string}>('asset/list', 'assets', {type: 'URL', status: 'UNKNOWN', startDate: '2026-05-20', endDate: '2026-05-20'});
    expect(day.every(a => a.updatedAt.startsWith('2026-05-20'))).toBe(true);
    assetListResponseOutSchema.parse(recent);
  });

  it.each([
    ['no type', {}, 'type'],
    ['a bad status', {type: 'URL', status: 'GONE'}, 'status'],
    ['per_page over 10000', {type: 'URL', per_page: 10_001}, 'per_page'],
    ['a date that is not a day', {type: 'URL', startDate: 'yesterday'}, 'startDate'],
    ['a cursor it never issued', {type: 'URL', next_page: 'abc'}, 'next_page'],
  ])('refuses %s with a 400 naming the field', async (_name, body, field) => {
    const reply = await post('asset/list', body);
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body.issues)).toContain(field);
  });
});

describe('POST /asset/search', () => {
  it('a reported asset: its reports, takedown and consumers; by content and by id alike', async () => {
    const byContent = await ok<any>('asset/search', {content: 'acme-wallet-verify.example'});
    assetSearchResponseOutSchema.parse(byContent);
    expect(byContent.asset).toMatchObject({content: 'https://acme-wallet-verify.example/', type: 'URL', status: 'UNKNOWN'});
    expect(byContent.reports.map((r: {title: string}) => r.title)).toContain('Wallet verification phishing');
    expect(byContent.blockedBy).toEqual([]);
    const byId = await ok<any>('asset/search', {assetId: byContent.asset.id});
    expect(byId).toEqual(byContent);
  });

  it('a BLOCKED asset names who consumed the block; a takedown of its content is its takedown', async () => {
    const [blocked] = await every<{content: string}>('asset/list', 'assets', {type: 'URL', startDate: '2026-01-01'});
    const found = await ok<any>('asset/search', {content: blocked!.content});
    expect(found.asset.status).toBe('BLOCKED');
    expect(found.blockedBy.length).toBeGreaterThan(0);
    expect(found.blockedBy[0]).toMatchObject({consumer: 'metamask', name: 'MetaMask'});
  });

  it('an unknown asset is asset null with empty lists; the scoped key sees only its org\'s reports', async () => {
    expect(await ok('asset/search', {content: 'never-seen.example'})).toEqual({asset: null, reports: [], takedown: null, blockedBy: []});
    const globex = (await every<{content: string}>('threats/list', 'threats', {startDate: '2026-01-01'}, undefined)).find(t => t.content.startsWith('globex'))!;
    const asAll = await ok<any>('asset/search', {content: globex.content});
    const asAcme = await ok<any>('asset/search', {content: globex.content}, SCOPED_KEY);
    expect(asAll.reports.length).toBeGreaterThan(0);
    expect(asAcme.reports).toEqual([]);
  });

  it.each([
    ['neither field', {}],
    ['both fields', {content: 'a.example', assetId: 1}],
    ['a blank content', {content: ' '}],
    ['an id that is not a number', {assetId: '7'}],
  ])('refuses %s with a 400', async (_name, body) => {
    expect((await post('asset/search', body)).status).toBe(400);
  });
});

describe('POST /threats/list', () => {
  it("an org key lists its org's blocked assets, each BLOCKED for asset/check; filtered and sorted as asked", async () => {
    const threats = await every<{id: number; content: string; type: string; blockedAt: string}>('threats/list', 'threats', {startDate: '2026-01-01'}, SCOPED_KEY);
    expect(threats.length).toBeGreaterThan(5);
    // Each is an asset of acme's own reports.
    for (const threat of threats.slice(0, 5)) expect((await ok<any>('asset/search', {content: threat.content}, SCOPED_KEY)).reports.length).toBeGreaterThan(0);
    expect(threats.map(t => t.id)).toEqual([...threats.map(t => t.id)].sort((a, b) => a - b));
    expect(await status(threats[0]!.content)).toBe('BLOCKED');
    const urls = await every<{type: string}>('threats/list', 'threats', {startDate: '2026-01-01', assetType: ['TWITTER']}, SCOPED_KEY);
    expect(urls.every(t => t.type === 'TWITTER')).toBe(true);
    const newest = await ok<{threats: Array<{blockedAt: string}>}>('threats/list', {startDate: '2026-01-01', sorting: [{key: 'blockedAt', direction: 'desc'}], per_page: 5}, SCOPED_KEY);
    threatsListResponseOutSchema.parse(newest);
    expect(newest.threats.map(t => t.blockedAt)).toEqual([...newest.threats.map(t => t.blockedAt)].sort().reverse());
    const query = await every<{content: string}>('threats/list', 'threats', {startDate: '2026-01-01', query: 'WALLET'}, SCOPED_KEY);
    expect(query.every(t => t.content.toLowerCase().includes('wallet'))).toBe(true);
  });

  it('the default window is the last day; per_page defaults to 10', async () => {
    const page = await ok<{threats: Array<{blockedAt: string}>}>('threats/list', {});
    expect(page.threats.length).toBeLessThanOrEqual(10);
    expect(page.threats.every(t => Date.parse(t.blockedAt) >= NOW - 24 * 3_600_000)).toBe(true);
  });

  it.each([
    ['a sort key it does not document', {sorting: [{key: 'colour', direction: 'asc'}]}, 'sorting'],
    ['per_page 101', {per_page: 101}, 'per_page'],
    ['a date-time where a day is asked', {startDate: '2026-01-01T00:00:00Z'}, 'startDate'],
  ])('refuses %s with a 400 naming the field', async (_name, body, field) => {
    const reply = await post('threats/list', body);
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body.issues)).toContain(field);
  });

  it('needs a key', async () => {
    expect((await api.call('POST', 'threats/list', {body: {}, key: null})).status).toBe(401);
  });
});
