import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {SCOPED_KEY, startTestSandbox, type Caller} from './http.js';

/*
 * The platform's plain reads as the sandbox serves them (src/sandbox/endpoints/platform.ts): the
 * org is the key's own, and the numbers agree with the listings and checks the same data feeds.
 */

let api: Caller;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.sandbox.close());

const scoped = {key: SCOPED_KEY};
async function ok(method: string, path: string, options: {body?: unknown; key?: string} = {}) {
  const reply = await api.call(method, path, options);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

describe('the org comes from the key', () => {
  it.each([
    ['GET', 'organization/metrics', {error: {code: 'UNAUTHORIZED', message: 'API key with organization access required'}}],
    ['GET', 'organization/assets', {error: {code: 'UNAUTHORIZED', message: 'API key with organization access required'}}],
    ['GET', 'organization/asset-groups', {error: {code: 'UNAUTHORIZED', message: 'API key with organization access required'}}],
    ['GET', 'organization/brands', {error: {code: 'UNAUTHORIZED', message: 'API key with organization access required'}}],
    ['POST', 'metrics/summary', {message: 'API key with organization access required', code: 'UNAUTHORIZED', issues: []}],
    ['POST', 'metrics/found', {message: 'API key with organization access required', code: 'UNAUTHORIZED', issues: []}],
  ])('%s %s: the all-orgs key names no org, a 401 in the route\'s error shape', async (method, path, body) => {
    const reply = await api.call(method, path, method === 'POST' ? {body: {}} : {});
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(body);
  });

  it('no key at all is a 401 on every read', async () => {
    for (const [method, path] of [['POST', 'user/me'], ['POST', 'user/orgs'], ['GET', 'user/orgs/acme'], ['POST', 'operations/queues/snapshot']] as const) {
      expect((await api.call(method, path, {key: null, ...(method === 'POST' ? {body: {}} : {})})).status).toBe(401);
    }
  });
});

describe('GET /organization/metrics', () => {
  it("counts the key's org: its reports, and with a brand only that brand's; dates inclusive", async () => {
    const all = await ok('GET', 'organization/metrics', scoped);
    const reports = await ok('GET', 'organization/reports?slug=acme&limit=1');
    expect(all.metrics.reports).toBe(reports.totalCount);
    expect(all.blockedByType.reduce((sum: number, row: {count: number}) => sum + row.count, 0)).toBe(all.metrics.newThreats);
    expect(all.blockedByDay.reduce((sum: number, row: {count: number}) => sum + row.count, 0)).toBe(all.metrics.newThreats);
    const brand = await ok('GET', 'organization/metrics?brandSlug=acme-wallet', scoped);
    expect(brand.metrics.reports).toBeLessThan(all.metrics.reports);
    expect(brand.metrics.threatsWatchlisted).toBe(0);
    const day = all.blockedByDay[0].date;
    const one = await ok('GET', `organization/metrics?startDate=${day}&endDate=${day}`, scoped);
    expect(one.metrics.newThreats).toBe(all.blockedByDay[0].count);
  });

  it('an unknown brand is 404, a date that is none 400, both in the nested shape', async () => {
    expect(await api.call('GET', 'organization/metrics?brandSlug=nope', scoped)).toMatchObject({status: 404, body: {error: {code: 'NOT_FOUND', message: 'Brand not found'}}});
    const bad = await api.call('GET', 'organization/metrics?startDate=yesterday', scoped);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Invalid date format. Use ISO 8601 format.');
  });
});

describe('POST /metrics/summary, /metrics/found, /operations/queues/snapshot', () => {
  it('found is the summary\'s newThreats, as GET /organization/metrics counts it; any body object is accepted, anything else is 400', async () => {
    const summary = await ok('POST', 'metrics/summary', {body: {}, ...scoped});
    const found = await ok('POST', 'metrics/found', {body: {ignored: true}, ...scoped});
    const metrics = await ok('GET', 'organization/metrics', scoped);
    expect(summary.organization.slug).toBe('acme');
    expect(found.found).toBe(summary.metrics.newThreats);
    expect(found.found).toBe(metrics.metrics.newThreats);
    expect((await api.call('POST', 'metrics/found', {body: [1], ...scoped})).status).toBe(400);
  });

  it('the snapshot: every org for the all-orgs key, its own for a scoped key; the takedown queues are what takedowns/list shows', async () => {
    const everyOrg = await ok('POST', 'operations/queues/snapshot', {body: {}});
    expect(everyOrg.organizations.map((org: {slug: string}) => org.slug)).toEqual(['acme', 'globex', 'initech', 'umbrella', 'hooli']);
    const own = await ok('POST', 'operations/queues/snapshot', {body: {}, ...scoped});
    expect(own.organizations.map((org: {slug: string}) => org.slug)).toEqual(['acme']);
    const hooli = everyOrg.organizations.find((org: {slug: string}) => org.slug === 'hooli');
    const inProgress = await ok('POST', 'takedowns/list', {body: {slug: 'hooli', takedownStatus: ['IN_PROGRESS'], per_page: 100}});
    expect(hooli.takedowns.inProgress.pending).toBe(inProgress.takedowns.length);
    const buckets = Object.values(hooli.takedowns.inProgress.ageBuckets as Record<string, number>);
    expect(buckets.reduce((sum, n) => sum + n, 0)).toBe(hooli.takedowns.inProgress.pending);
  });
});

describe('POST /user/me, /user/orgs, GET /user/orgs/{slug}', () => {
  it('who: the all-orgs key is staff, a scoped key its org\'s machine user', async () => {
    expect(await ok('POST', 'user/me', {body: {}})).toMatchObject({kind: 'staff', organization: null});
    expect(await ok('POST', 'user/me', {body: {}, ...scoped})).toMatchObject({kind: 'machine', organization: {slug: 'acme'}});
  });

  it('the orgs a key reaches; takedowns are on exactly where the org has the service', async () => {
    const all = await ok('POST', 'user/orgs', {body: {}});
    expect(all.organizations.map((org: {slug: string}) => org.slug)).toEqual(['acme', 'globex', 'initech', 'umbrella', 'hooli']);
    const initech = all.organizations.find((org: {slug: string}) => org.slug === 'initech');
    expect(initech.services.takedowns).toEqual({active: false, automated: false});
    expect((await ok('POST', 'user/orgs', {body: {}, ...scoped})).organizations.map((org: {slug: string}) => org.slug)).toEqual(['acme']);
    expect(await ok('GET', 'user/orgs/globex')).toEqual(all.organizations[1]);
  });

  it('a scoped key asking for another org is 403, an unknown slug 404', async () => {
    expect((await api.call('GET', 'user/orgs/globex', scoped)).status).toBe(403);
    expect(await api.call('GET', 'user/orgs/nope')).toMatchObject({status: 404, body: {code: 'NOT_FOUND'}});
  });
});

describe('GET /organization/assets, /asset-groups, /brands', () => {
  it('filters by type, group (-1: none) and query, pages with per_page and next_page to the end', async () => {
    const all = await ok('GET', 'organization/assets', scoped);
    expect(all.next_page).toBeNull();
    expect(all.assets.every((asset: {status: string}) => asset.status === 'ALLOWED')).toBe(true);
    const urls = await ok('GET', 'organization/assets?type=URL', scoped);
    expect(urls.assets.map((asset: {content: string}) => asset.content)).toEqual(['acme.example', 'app.acme.example', 'docs.acme.example']);
    expect((await ok('GET', 'organization/assets?groupId=-1', scoped)).assets.map((asset: {content: string}) => asset.content)).toEqual(['docs.acme.example']);
    expect((await ok('GET', 'organization/assets?query=ANNOUNCEMENTS', scoped)).assets).toHaveLength(3);
    const pages: string[] = [];
    for (let next: string | null = null, first = true; first || next !== null; first = false) {
      const page = await ok('GET', `organization/assets?per_page=4${next === null ? '' : `&next_page=${next}`}`, scoped);
      pages.push(...page.assets.map((asset: {id: number}) => String(asset.id)));
      next = page.next_page;
    }
    expect(pages).toEqual(all.assets.map((asset: {id: number}) => String(asset.id)));
  });

  it('a bad per_page or type is a 400 in the nested shape', async () => {
    for (const query of ['per_page=0', 'per_page=1001', 'type=url', 'groupId=x', 'next_page=abc']) {
      const reply = await api.call('GET', `organization/assets?${query}`, scoped);
      expect(reply.status, query).toBe(400);
      expect(reply.body.error.code).toBe('BAD_REQUEST');
    }
  });

  it('each group counts its assets, an empty group included; brands are the org\'s', async () => {
    const {groups} = await ok('GET', 'organization/asset-groups', scoped);
    for (const group of groups) {
      const assets = await ok('GET', `organization/assets?groupId=${group.id}`, scoped);
      expect(assets.assets.length).toBe(group.assetCount);
    }
    expect(groups.map((group: {assetCount: number}) => group.assetCount)).toContain(0);
    const {brands} = await ok('GET', 'organization/brands', scoped);
    expect(brands.map((brand: {slug: string}) => brand.slug)).toEqual(['acme-wallet', 'acme-exchange', 'acme-bank']);
  });
});
