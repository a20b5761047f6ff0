import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {listReportsResponseSchema} from '../../src/api/wire/index.js';
import type {StoredReport} from '../../src/sandbox/model.js';
import {listReportsResponseOutSchema} from '../../src/sandbox/schemas.js';
import {NOW, HOUR, SCOPED_KEY, startTestSandbox, type Caller} from './http.js';
import {allPages} from '../helpers/pages.js';

let api: Caller;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.sandbox.close());

/** Every page of a listing, following nextCursor to the end. */
async function listAll(query: Record<string, string>, limit = 20): Promise<{ids: number[]; totals: number[]; pages: number}> {
  const pages = await allPages(async cursor => {
    const params = new URLSearchParams({slug: 'acme', limit: String(limit), ...query, ...(cursor ? {cursor} : {})});
    const reply: {status: number; text: string; body: any} = await api.call('GET', `organization/reports?${params}`);
    expect(reply.status, reply.text).toBe(200);
    listReportsOutParse(reply.body);
    return reply.body as {reports: {id: number}[]; totalCount: number; nextCursor: string | null};
  });
  return {ids: pages.flatMap(page => page.reports.map(r => r.id)), totals: pages.map(page => page.totalCount), pages: pages.length};
}

function listReportsOutParse(body: unknown) {
  listReportsResponseOutSchema.parse(body);
  listReportsResponseSchema().parse(body); // the client's tolerant reader accepts it too
}

/** Expected ids, newest first, computed from the raw data with the test's own predicate. */
function expected(predicate: (r: StoredReport) => boolean, slug = 'acme'): number[] {
  return api.sandbox.store.reports
    .filter(r => r.orgSlug === slug && predicate(r))
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
    .map(r => r.id);
}

describe('GET /organization/reports paging', () => {
  it('pages newest first to the end with an opaque cursor; totalCount does not depend on page size', async () => {
    const all = expected(() => true);
    expect(all.length).toBeGreaterThan(100);
    const by20 = await listAll({});
    expect(by20.ids).toEqual(all);
    expect(by20.pages).toBe(Math.ceil(all.length / 20));
    expect(new Set(by20.totals)).toEqual(new Set([all.length]));
    const by7 = await listAll({}, 7);
    expect(by7.ids).toEqual(all);
    expect(new Set(by7.totals)).toEqual(new Set([all.length]));
    const first = await api.call('GET', 'organization/reports?slug=acme&limit=3');
    expect(first.body.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const times = first.body.reports.map((r: {createdAt: string}) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('defaults to 20 per page and carries the documented report fields', async () => {
    const reply = await api.call('GET', 'organization/reports?slug=acme');
    expect(reply.body.reports).toHaveLength(20);
    const report = reply.body.reports[0];
    expect(Object.keys(report).sort()).toEqual(['attachments', 'createdAt', 'description', 'externalReporter', 'externalSubmissionLink', 'id', 'latestReviewDecision', 'proposals', 'reporter', 'status', 'title', 'updatedAt']);
    expect(report.proposals[0]).toEqual({id: expect.any(Number), reviewStatus: expect.any(String), asset: {id: expect.any(Number), type: expect.any(String), content: expect.any(String), status: expect.stringMatching(/^(BLOCKED|ALLOWED|UNKNOWN)$/)}});
  });

  it('a cursor stays valid when a report is created between pages', async () => {
    const first = await api.call('GET', 'organization/reports?slug=globex&limit=5');
    const created = await api.call('POST', 'report/create', {body: {organizationSlug: 'globex', title: 'Between pages', description: 'd', assets: [{content: 'between-pages.example'}]}});
    expect(created.status).toBe(200);
    const second = await api.call('GET', `organization/reports?slug=globex&limit=5&cursor=${first.body.nextCursor}`);
    const all = expected(r => r.id !== created.body.id, 'globex');
    expect([...first.body.reports, ...second.body.reports].map((r: {id: number}) => r.id)).toEqual(all.slice(0, 10));
    expect(second.body.totalCount).toBe(first.body.totalCount + 1);
  });
});

describe('filters (docs/contract.md)', () => {
  const hours = (n: number) => new Date(NOW - n * HOUR).toISOString();
  const cases: Array<[string, Record<string, string>, (r: StoredReport) => boolean]> = [
    ['status', {status: 'IN_PROGRESS'}, r => r.status === 'IN_PROGRESS'],
    ['search over title and description', {search: 'SEED PHRASE'}, r => /seed phrase/i.test(r.title + ' ' + r.description)],
    ['search on title', {search: 'giveaway'}, r => /giveaway/i.test(r.title) || /giveaway/i.test(r.description)],
    ['reporterQuery', {reporterQuery: 'grace'}, r => /grace/i.test(r.reporter?.fullName ?? '') || /grace/i.test(r.externalReporter?.displayName ?? '')],
    ['reportedByCustomer=true', {reportedByCustomer: 'true'}, r => r.reportedByCustomer],
    ['reportedByCustomer=false', {reportedByCustomer: 'false'}, r => !r.reportedByCustomer],
    ['needsCustomerReview=true', {needsCustomerReview: 'true'}, r => r.proposals.some(p => p.reviewStatus === 'PENDING_CUSTOMER_REVIEW')],
    ['needsCustomerReview=false', {needsCustomerReview: 'false'}, r => !r.proposals.some(p => p.reviewStatus === 'PENDING_CUSTOMER_REVIEW')],
    ['reporterKind', {reporterKind: 'automation'}, r => r.reporterKind === 'automation'],
    ['reviewerKind', {reviewerKind: 'human'}, r => r.reviewerKind === 'human'],
    ['excludeAutomation (deprecated alias)', {excludeAutomation: 'true'}, r => r.reporterKind === 'human'],
    ['onlyRejected', {onlyRejected: 'true'}, r => r.latestReviewDecision === 'REJECT'],
    ['reviewStatus list', {reviewStatus: 'APPROVE,ESCALATE'}, r => r.latestReviewDecision === 'APPROVE' || r.latestReviewDecision === 'ESCALATE'],
    ['assetType list', {assetType: 'TELEGRAM,ADDRESS'}, r => r.proposals.some(p => ['TELEGRAM', 'ADDRESS'].includes(p.asset.type))],
    ['brandIds', {brandIds: '102'}, r => r.brandIds.includes('102')],
    ['countryCodes', {countryCodes: 'US,DE'}, r => r.countryCode === 'US' || r.countryCode === 'DE'],
    ['reviewedByUserId', {reviewedByUserId: '22'}, r => r.reviewedByUserId === 22],
    ['startDate/endDate on createdAt', {startDate: hours(30 * 24), endDate: hours(10 * 24)}, r => r.createdAt >= NOW - 720 * HOUR && r.createdAt <= NOW - 240 * HOUR],
    ['updatedStartDate/updatedEndDate on updatedAt', {updatedStartDate: hours(20 * 24), updatedEndDate: hours(5 * 24)}, r => r.updatedAt >= NOW - 480 * HOUR && r.updatedAt <= NOW - 120 * HOUR],
    ['several filters combined', {status: 'CLOSED', reporterKind: 'human', countryCodes: 'US,GB,FR'}, r => r.status === 'CLOSED' && r.reporterKind === 'human' && ['US', 'GB', 'FR'].includes(r.countryCode ?? '')],
  ];

  it.each(cases)('%s', async (_name, query, predicate) => {
    const want = expected(predicate);
    expect(want.length, 'the seed should exercise this filter').toBeGreaterThan(0);
    const got = await listAll(query);
    expect(got.ids).toEqual(want);
    expect(got.totals[0]).toBe(want.length);
  });

  it('repeated list parameters are joined like a comma list', async () => {
    const reply = await api.call('GET', 'organization/reports?slug=acme&reviewStatus=APPROVE&reviewStatus=REJECT&limit=20');
    expect(reply.body.totalCount).toBe(expected(r => r.latestReviewDecision === 'APPROVE' || r.latestReviewDecision === 'REJECT').length);
  });

  it('the needs-customer-review queue carries proposal and asset ids', async () => {
    const reply = await api.call('GET', 'organization/reports?slug=acme&needsCustomerReview=true&limit=20');
    const pending = reply.body.reports.flatMap((r: any) => r.proposals.filter((p: any) => p.reviewStatus === 'PENDING_CUSTOMER_REVIEW'));
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((p: any) => Number.isInteger(p.id) && Number.isInteger(p.asset.id))).toBe(true);
  });
});

describe('400s and access, in the listing\'s error shape {"error": {"code", "message"}}', () => {
  const bad = async (query: string, pattern: RegExp) => {
    const reply = await api.call('GET', `organization/reports?${query}`);
    expect(reply.status, query).toBe(400);
    expect(Object.keys(reply.body)).toEqual(['error']);
    expect(reply.body.error.code).toBe('BAD_REQUEST');
    expect(reply.body.error.message).toMatch(/^Invalid input data: /);
    expect(reply.body.error.message).toMatch(pattern);
  };

  it.each([
    ['limit=0', 'slug=acme&limit=0', /limit must be an integer from 1 to 20/],
    ['limit=21', 'slug=acme&limit=21', /limit must be an integer from 1 to 20/],
    ['limit=abc', 'slug=acme&limit=abc', /limit must be an integer/],
    ['no slug', 'limit=5', /slug/],
    ['bad status', 'slug=acme&status=OPEN', /status must be one of TODO, IN_PROGRESS, CLOSED/],
    ['bad boolean', 'slug=acme&reportedByCustomer=yes', /reportedByCustomer must be true or false/],
    ['bad reporterKind', 'slug=acme&reporterKind=robot', /reporterKind must be one of human, automation/],
    ['bad reviewStatus item', 'slug=acme&reviewStatus=APPROVE,MAYBE', /reviewStatus\[1\]/],
    ['lower-case country', 'slug=acme&countryCodes=us', /countryCodes\[0\].*2-letter/],
    ['bad user id', 'slug=acme&reviewedByUserId=-3', /reviewedByUserId must be an integer/],
    ['bad date', 'slug=acme&startDate=yesterday', /startDate must be an ISO 8601/],
    ['bad cursor', 'slug=acme&cursor=garbage', /cursor/],
    ['repeated scalar', 'slug=acme&status=TODO&status=CLOSED', /status must be given once/],
    ['alias contradiction', 'slug=acme&excludeAutomation=true&reporterKind=automation', /excludeAutomation contradicts reporterKind=automation/],
  ])('400 for %s', async (_name, query, pattern) => {
    await bad(query, pattern);
  });

  it('lists every problem of one request', async () => {
    const reply = await api.call('GET', 'organization/reports?slug=acme&limit=99&status=OPEN&endDate=nope');
    expect(reply.body.error.message.split('; ')).toHaveLength(3);
  });

  it('401 without a key, 403 for the scoped key on another org', async () => {
    const unauthorized = await api.call('GET', 'organization/reports?slug=acme', {key: null});
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body).toEqual({error: {code: 'UNAUTHORIZED', message: 'Authorization not provided'}});
    expect((await api.call('GET', 'organization/reports?slug=globex', {key: SCOPED_KEY})).status).toBe(403);
    expect((await api.call('GET', 'organization/reports?slug=acme', {key: SCOPED_KEY})).status).toBe(200);
  });
});
