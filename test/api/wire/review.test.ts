import {describe, expect, it, vi} from 'vitest';
import {describeIssues} from '../../../src/api/wire/parse.js';

/*
 * The module is loaded inside each test, not at the top: which schema each getter builds is
 * fixed when the module is loaded, and a change to that is only checked by a test that loads
 * it (Stryker credits the code that runs at import to the test that imports it).
 */
async function load() {
  vi.resetModules();
  return import('../../../src/api/wire/review.js');
}

/** A review body's problems as `path: message` lines (none when it is valid). */
async function problems(body: unknown): Promise<string[]> {
  const {reviewRequestSchema} = await load();
  const parsed = reviewRequestSchema().safeParse(body);
  return parsed.success ? [] : describeIssues(parsed.error);
}

describe('the review body vigil sends (POST organization/proposals/{id}/review)', () => {
  it('takes each decision with the fields that belong to it', async () => {
    expect(await problems({assetId: 9001, decision: 'APPROVE', label: 'phishing', brandId: 2, slug: 'acme', note: 'ok'})).toEqual([]);
    expect(await problems({assetId: 9001, decision: 'REJECT', rejectReason: 'decayed'})).toEqual([]);
    expect(await problems({assetId: 9001, decision: 'WATCHLIST', watchlistReason: 'PARKING'})).toEqual([]);
  });

  it('says what is wrong with an asset or brand id, naming the field', async () => {
    expect(await problems({assetId: '9001', decision: 'APPROVE'})).toEqual(['assetId: assetId must be a number']);
    expect(await problems({assetId: 1.5, decision: 'APPROVE'})).toEqual(['assetId: assetId must be a whole number']);
    expect(await problems({assetId: 0, decision: 'APPROVE'})).toEqual(['assetId: assetId must be a positive number']);
    expect(await problems({assetId: 1, decision: 'APPROVE', brandId: 'b'})).toEqual(['brandId: brandId must be a number']);
    expect(await problems({assetId: 1, decision: 'APPROVE', brandId: 2.5})).toEqual(['brandId: brandId must be a whole number']);
    expect(await problems({assetId: 1, decision: 'APPROVE', brandId: -3})).toEqual(['brandId: brandId must be a positive number']);
  });

  it('refuses a field given with a decision it does not belong to, naming the field and the decision it needs', async () => {
    expect(await problems({assetId: 1, decision: 'APPROVE', rejectReason: 'decayed'}))
      .toEqual(['rejectReason: rejectReason is only allowed with decision REJECT (decision is APPROVE)']);
    expect(await problems({assetId: 1, decision: 'REJECT', label: 'x', watchlistReason: 'DEAD'})).toEqual([
      'label: label is only allowed with decision APPROVE (decision is REJECT)',
      'watchlistReason: watchlistReason is only allowed with decision WATCHLIST (decision is REJECT)',
    ]);
  });

  it('lists the decision-only fields with the decision each needs', async () => {
    const {misplacedDecisionFields} = await load();
    expect(misplacedDecisionFields({decision: 'WATCHLIST', label: 'x', rejectReason: 'decayed', watchlistReason: 'DEAD'}))
      .toEqual([{field: 'label', requires: 'APPROVE'}, {field: 'rejectReason', requires: 'REJECT'}]);
    expect(misplacedDecisionFields({decision: 'APPROVE', label: 'x'})).toEqual([]);
  });

  it('is published in the sandbox\'s OpenAPI document with each field described', async () => {
    vi.resetModules();
    const {buildOpenApiDocument} = await import('../../../src/sandbox/openapi.js');
    const paths = buildOpenApiDocument('test').paths as Record<string, {post: {requestBody: {content: Record<string, {schema: {properties: Record<string, {description?: string}>}}>}}}>;
    const fields = paths['/organization/proposals/{proposalId}/review']!.post.requestBody.content['application/json']!.schema.properties;
    expect(Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.description]))).toEqual({
      assetId: "The proposal's asset.id; a mismatch is 409 CONFLICT",
      decision: undefined,
      slug: 'Organization slug',
      label: 'Label for the approved asset (APPROVE only)',
      brandId: undefined,
      rejectReason: 'REJECT only',
      watchlistReason: 'WATCHLIST only',
      note: undefined,
    });
  });
});

describe('the daily review limit', () => {
  it('is 10 a day, in the upstream\'s own words', async () => {
    const {REVIEW_LIMIT_MESSAGE, REVIEW_LIMIT_PER_DAY} = await load();
    expect(REVIEW_LIMIT_PER_DAY).toBe(10);
    expect(REVIEW_LIMIT_MESSAGE(10)).toBe('Review limit of 10 per day reached for this organization.');
  });
});

describe('the review response, read tolerantly', () => {
  it('gives the proposal id as a string and the other parts as sent', async () => {
    const {reviewResponseSchema} = await load();
    expect(reviewResponseSchema().parse({
      proposal: {id: 555, reviewStatus: 'APPROVED', asset: {id: 9001, type: 'URL', content: 'a.example', status: 'BLOCKED'}},
      review: {id: 1, decision: 'APPROVE', label: 'phishing', brandId: 2, comment: null, createdAt: '2026-11-20T00:00:00Z'},
      watchlisted: false,
    })).toStrictEqual({
      proposalId: '555',
      reviewStatus: 'APPROVED',
      watchlisted: false,
      asset: {id: '9001', type: 'URL', content: 'a.example', status: 'BLOCKED'},
      review: {id: '1', decision: 'APPROVE', label: 'phishing', brandId: '2', comment: undefined, createdAt: '2026-11-20T00:00:00Z'},
    });
  });

  it('reads a part it does not need that is missing or malformed as absent, never as a failure', async () => {
    const {reviewResponseSchema} = await load();
    expect(reviewResponseSchema().parse({proposal: {id: 'p1', reviewStatus: 7, asset: {id: '', status: {}}}, review: 'done', watchlisted: 'yes'})).toEqual({
      proposalId: 'p1',
      reviewStatus: undefined,
      watchlisted: undefined,
      asset: {id: undefined, type: undefined, content: undefined, status: undefined},
      review: undefined,
    });
    expect(reviewResponseSchema().safeParse({proposal: {reviewStatus: 'APPROVED'}}).success).toBe(false);
    expect(reviewResponseSchema().safeParse({proposal: {id: ''}}).success).toBe(false);
  });
});
