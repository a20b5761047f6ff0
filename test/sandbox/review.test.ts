import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {reviewResponseSchema} from '../../src/api/wire/index.js';
import {reviewResponseOutSchema} from '../../src/sandbox/schemas.js';
import {ALL_KEY, HOUR, NOW, SCOPED_KEY, startTestSandbox, type Caller} from './http.js';
import {allPages} from '../helpers/pages.js';

interface Queued {
  reportId: number;
  proposalId: number;
  assetId: number;
}

let api: Caller;
let clock: number;

beforeEach(async () => {
  clock = NOW;
  api = await startTestSandbox({now: () => clock});
});
afterEach(() => api.sandbox.close());

/** The org's queue as the listing shows it: each report with its pending proposal. */
async function queue(slug = 'acme', key: string = ALL_KEY): Promise<Queued[]> {
  const pages = await allPages(async cursor => {
    const params = new URLSearchParams({slug, needsCustomerReview: 'true', limit: '20', ...(cursor ? {cursor} : {})});
    const reply: {status: number; text: string; body: any} = await api.call('GET', `organization/reports?${params}`, {key});
    expect(reply.status, reply.text).toBe(200);
    return reply.body as {reports: any[]; nextCursor: string | null};
  });
  return pages.flatMap(page =>
    page.reports.map(report => {
      const pending = report.proposals.find((p: {reviewStatus: string}) => p.reviewStatus === 'PENDING_CUSTOMER_REVIEW');
      return {reportId: report.id, proposalId: pending.id, assetId: pending.asset.id};
    }),
  );
}

const review = (proposalId: number | string, body: unknown, key: string = ALL_KEY) =>
  api.call('POST', `organization/proposals/${proposalId}/review`, {body, key});

describe('POST /organization/proposals/{id}/review: a review', () => {
  it('approve: 200 in the documented shape, the proposal APPROVED, the report leaves the needsCustomerReview=true result and appears under false', async () => {
    const [first] = await queue();
    const reply = await review(first!.proposalId, {assetId: first!.assetId, decision: 'APPROVE', slug: 'acme', label: 'phishing', brandId: 101, note: 'clone'});
    expect(reply.status, reply.text).toBe(200);
    reviewResponseOutSchema.parse(reply.body);
    expect(reviewResponseSchema().parse(reply.body)).toMatchObject({proposalId: String(first!.proposalId), reviewStatus: 'APPROVED', watchlisted: false});
    expect(reply.body.proposal.asset).toMatchObject({id: first!.assetId, status: 'BLOCKED'});
    expect(reply.body.review).toMatchObject({decision: 'APPROVE', label: 'phishing', brandId: 101, comment: 'clone', createdAt: new Date(NOW).toISOString()});

    expect((await queue()).map(q => q.reportId)).not.toContain(first!.reportId);
    const report = api.sandbox.store.reports.find(r => r.id === first!.reportId)!;
    const underFalse = await api.call('GET', `organization/reports?slug=acme&needsCustomerReview=false&limit=20&from=${new Date(report.createdAt).toISOString()}&to=${new Date(report.createdAt).toISOString()}`);
    const listed = underFalse.body.reports.find((r: {id: number}) => r.id === first!.reportId);
    expect(listed.proposals.find((p: {id: number}) => p.id === first!.proposalId).reviewStatus).toBe('APPROVED');
  });

  it.each([
    ['REJECT', {rejectReason: 'irrelevant'}, 'REJECTED', false, 'ALLOWED'],
    ['WATCHLIST', {watchlistReason: 'PARKING'}, 'REJECTED', true, 'UNKNOWN'],
  ] as const)('%s: reviewStatus %s, watchlisted %s, asset %s', async (decision, extra, status, watchlisted, assetStatus) => {
    const [first] = await queue();
    const reply = await review(first!.proposalId, {assetId: first!.assetId, decision, ...extra});
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.proposal.reviewStatus).toBe(status);
    expect(reply.body.watchlisted).toBe(watchlisted);
    expect(reply.body.proposal.asset.status).toBe(assetStatus);
  });

  it('the scoped key reviews its own org', async () => {
    const [first] = await queue();
    expect((await review(first!.proposalId, {assetId: first!.assetId, decision: 'REJECT'}, SCOPED_KEY)).status).toBe(200);
  });
});

describe('POST /organization/proposals/{id}/review: refusals, each in the {message, code} shape', () => {
  it('401 without a key', async () => {
    const [first] = await queue();
    expect((await review(first!.proposalId, {assetId: first!.assetId, decision: 'REJECT'}, null as unknown as string)).status).toBe(401);
  });

  it.each(['999999', 'abc'])('404 for an unknown proposal (%s)', async id => {
    const reply = await review(id, {assetId: 1, decision: 'REJECT'});
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({message: `Proposal "${id}" not found`, code: 'NOT_FOUND'});
  });

  it('the org-scoped key gets the same 404 for a proposal of another org as for one that does not exist, slug or not', async () => {
    const [globex] = await queue('globex');
    const unknown = '999999';
    for (const slug of [undefined, 'globex']) {
      const body = {assetId: globex!.assetId, decision: 'REJECT', ...(slug === undefined ? {} : {slug})};
      const elsewhere = await review(globex!.proposalId, body, SCOPED_KEY);
      const nowhere = await review(unknown, body, SCOPED_KEY);
      expect(elsewhere.status).toBe(404);
      expect(nowhere.status).toBe(404);
      // The same answer but for the id the caller sent itself.
      expect(elsewhere.text.replace(String(globex!.proposalId), '<id>')).toBe(nowhere.text.replace(unknown, '<id>'));
    }
    const wrongOrg = await review(globex!.proposalId, {assetId: globex!.assetId, decision: 'REJECT', slug: 'acme'});
    expect(wrongOrg.status).toBe(404);
    expect((await queue('globex')).map(q => q.proposalId)).toContain(globex!.proposalId);
  });

  it('409 when assetId is not the proposal\'s asset, and for a proposal no longer pending', async () => {
    const [first] = await queue();
    const mismatch = await review(first!.proposalId, {assetId: first!.assetId + 1, decision: 'REJECT'});
    expect(mismatch.status).toBe(409);
    expect(mismatch.body).toEqual({message: `assetId ${first!.assetId + 1} is not the asset of proposal ${first!.proposalId} (its asset.id is ${first!.assetId})`, code: 'CONFLICT'});
    expect((await review(first!.proposalId, {assetId: first!.assetId, decision: 'REJECT'})).status).toBe(200);
    const again = await review(first!.proposalId, {assetId: first!.assetId, decision: 'APPROVE'});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Proposal ${first!.proposalId} is not awaiting your review: it was already reviewed (reviewStatus REJECTED)`);
  });

  it('409 for a proposal the platform still reviews says whose review it awaits', async () => {
    const listed = await api.call('GET', `organization/reports?${new URLSearchParams({slug: 'acme', limit: '20'})}`, {key: ALL_KEY});
    const proposal = (listed.body.reports as any[]).flatMap(report => report.proposals).find((p: {reviewStatus: string}) => p.reviewStatus === 'PENDING');
    expect(proposal, 'a seeded proposal still PENDING').toBeDefined();
    const reply = await review(proposal.id, {assetId: proposal.asset.id, decision: 'APPROVE'});
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(`Proposal ${proposal.id} is not awaiting your review: it awaits the platform's analysts (reviewStatus PENDING; only PENDING_CUSTOMER_REVIEW is yours to review)`);
  });

  it.each([
    ['no body', undefined, ['assetId', 'decision']],
    ['assetId not a number', {assetId: '7', decision: 'REJECT'}, ['assetId']],
    ['unknown decision', {assetId: 7, decision: 'MAYBE'}, ['decision']],
    ['unknown reject reason', {assetId: 7, decision: 'REJECT', rejectReason: 'meh'}, ['rejectReason']],
    ['a watchlist reason with REJECT', {assetId: 7, decision: 'REJECT', watchlistReason: 'DEAD'}, ['watchlistReason']],
    ['a reject reason with APPROVE', {assetId: 7, decision: 'APPROVE', rejectReason: 'decayed'}, ['rejectReason']],
    ['a label with WATCHLIST', {assetId: 7, decision: 'WATCHLIST', label: 'x'}, ['label']],
    ['brandId not a whole number', {assetId: 7, decision: 'APPROVE', brandId: 1.5}, ['brandId']],
  ])('400 naming the field: %s', async (_name, body, fields) => {
    const [first] = await queue();
    const reply = body === undefined ? await api.call('POST', `organization/proposals/${first!.proposalId}/review`) : await review(first!.proposalId, body);
    expect(reply.status, reply.text).toBe(400);
    expect(reply.body.code).toBe('BAD_REQUEST');
    for (const field of fields) expect(reply.body.message).toContain(field);
    expect((await queue()).map(q => q.proposalId)).toContain(first!.proposalId);
  });
});

describe('the daily review limit: 10 per org per rolling 24 hours, shared by every key', () => {
  const LIMIT_BODY = {message: 'Review limit of 10 per day reached for this organization.', code: 'TOO_MANY_REQUESTS'};

  it('the 11th review within 24 h is 429 with the documented body; the 10 before were split across both keys', async () => {
    const items = await queue();
    expect(items.length).toBeGreaterThanOrEqual(12);
    for (const [index, item] of items.slice(0, 10).entries()) {
      clock = NOW + index * HOUR;
      const reply = await review(item.proposalId, {assetId: item.assetId, decision: 'REJECT'}, index % 2 === 0 ? ALL_KEY : SCOPED_KEY);
      expect(reply.status, reply.text).toBe(200);
    }
    const eleventh = items[10]!;
    const refused = await review(eleventh.proposalId, {assetId: eleventh.assetId, decision: 'REJECT'}, SCOPED_KEY);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(LIMIT_BODY);
    // Refused means not acted on: still in the queue.
    expect((await queue()).map(q => q.proposalId)).toContain(eleventh.proposalId);
    // Another org is not affected.
    const [globex] = await queue('globex');
    expect((await review(globex!.proposalId, {assetId: globex!.assetId, decision: 'REJECT'})).status).toBe(200);
  });

  it('rolling: a review frees a slot exactly 24 hours after it was made', async () => {
    const items = await queue();
    for (const [index, item] of items.slice(0, 10).entries()) {
      clock = NOW + index * HOUR;
      expect((await review(item.proposalId, {assetId: item.assetId, decision: 'REJECT'})).status).toBe(200);
    }
    const next = items[10]!;
    clock = NOW + 24 * HOUR; // the first review (at NOW) is now exactly a day old: out of the window
    const limit = await api.call('GET', '/_sandbox/orgs/acme/review-limit');
    expect(limit.body).toEqual({slug: 'acme', limit: 10, used: 9, remaining: 1, nextFreeAt: null});
    expect((await review(next.proposalId, {assetId: next.assetId, decision: 'REJECT'})).status).toBe(200);
    const after = items[11]!;
    expect((await review(after.proposalId, {assetId: after.assetId, decision: 'REJECT'})).status).toBe(429);
    clock = NOW + 25 * HOUR; // the second (at NOW + 1 h) leaves the window
    expect((await review(after.proposalId, {assetId: after.assetId, decision: 'REJECT'})).status).toBe(200);
  });

  it('refused requests (400, 404, 409) do not count', async () => {
    const items = await queue();
    for (let i = 0; i < 12; i++) {
      await review(items[0]!.proposalId, {assetId: items[0]!.assetId + 1, decision: 'REJECT'});
      await review('999999', {assetId: 1, decision: 'REJECT'});
      await review(items[0]!.proposalId, {decision: 'REJECT'});
    }
    expect((await api.call('GET', '/_sandbox/orgs/acme/review-limit')).body).toMatchObject({used: 0, remaining: 10});
  });

  it('the admin route resets it (all-orgs key only); the reviewed proposals keep their state', async () => {
    const items = await queue();
    for (const item of items.slice(0, 10)) expect((await review(item.proposalId, {assetId: item.assetId, decision: 'REJECT'})).status).toBe(200);
    const next = items[10]!;
    expect((await review(next.proposalId, {assetId: next.assetId, decision: 'REJECT'})).status).toBe(429);
    expect((await api.call('GET', '/_sandbox/orgs/acme/review-limit')).body).toEqual({slug: 'acme', limit: 10, used: 10, remaining: 0, nextFreeAt: new Date(NOW + 24 * HOUR).toISOString()});
    expect((await api.call('DELETE', '/_sandbox/orgs/acme/review-limit', {key: SCOPED_KEY})).status).toBe(403);
    const reset = await api.call('DELETE', '/_sandbox/orgs/acme/review-limit');
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({slug: 'acme', limit: 10, used: 0, remaining: 10, nextFreeAt: null, removed: 10});
    expect((await review(next.proposalId, {assetId: next.assetId, decision: 'REJECT'})).status).toBe(200);
    expect((await queue()).length).toBe(items.length - 11);
  });
});

describe('--review-limit', () => {
  it('changes the limit and the 429 message', async () => {
    await api.sandbox.close();
    api = await startTestSandbox({now: () => clock, reviewLimit: 2});
    const items = await queue();
    for (const item of items.slice(0, 2)) expect((await review(item.proposalId, {assetId: item.assetId, decision: 'APPROVE'})).status).toBe(200);
    const third = await review(items[2]!.proposalId, {assetId: items[2]!.assetId, decision: 'APPROVE'});
    expect(third.status).toBe(429);
    expect(third.body).toEqual({message: 'Review limit of 2 per day reached for this organization.', code: 'TOO_MANY_REQUESTS'});
  });

  it('a queue of 12 can be emptied with a limit of 20, after which needsCustomerReview=true is empty', async () => {
    await api.sandbox.close();
    api = await startTestSandbox({now: () => clock, reviewLimit: 20});
    const items = await queue();
    for (const item of items) expect((await review(item.proposalId, {assetId: item.assetId, decision: 'REJECT'})).status).toBe(200);
    const after = await api.call('GET', 'organization/reports?slug=acme&needsCustomerReview=true');
    expect(after.body).toMatchObject({reports: [], totalCount: 0});
  });
});
