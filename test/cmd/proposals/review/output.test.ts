import {afterEach, describe, expect, it} from 'vitest';
import {useNock} from '../../../helpers/nock.js';
import {runProposalsReview, type ReviewFlags} from '../../../../src/cmd/proposals/review/review.js';
import {clearSecrets} from '../../../../src/secrets.js';
import {API_KEY, fakeContext, interceptApi} from '../../../helpers/fake-context.js';

/* What `proposals review` prints of the upstream's answer follows the rules of every other output. */

useNock();
afterEach(() => clearSecrets());

const PATH = 'organization/proposals/41/review';
const REJECT: ReviewFlags = {proposalIds: ['41'], assetId: '7', decision: 'reject'};
const answer = (content: string, comment: string | null = null) => ({
  proposal: {id: 41, reviewStatus: 'REJECTED', asset: {id: 7, type: 'URL', content, status: 'UNKNOWN'}},
  review: {id: 900, decision: 'REJECT', label: null, brandId: null, comment, createdAt: '2026-11-22T00:00:00.000Z'},
  watchlisted: false,
});

async function review(flags: ReviewFlags, tty: boolean): Promise<string> {
  const ctx = fakeContext({org: 'acme', tty});
  expect(await runProposalsReview(flags, ctx)).toBe(0);
  return ctx.io.out();
}

describe('proposals review output', () => {
  it('shows an invisible character in the asset as <U+200B>, on a terminal and piped', async () => {
    interceptApi('POST', PATH, [{body: answer('pay\u200bpal.com')}]);
    expect(await review(REJECT, true)).toContain('(asset 7 pay<U+200B>pal.com)');
    interceptApi('POST', PATH, [{body: answer('pay\u200bpal.com')}]);
    expect(await review(REJECT, false)).toBe('41\tREJECTED\tno\tpay<U+200B>pal.com\n');
  });

  it('--json: keeps the asset as sent, and redacts the key when the upstream echoes it in review.comment', async () => {
    interceptApi('POST', PATH, [{body: answer('pay\u200bpal.com', `reviewed with ${API_KEY}`)}]);
    const out = await review({...REJECT, json: true}, false);
    expect(out).not.toContain(API_KEY);
    const parsed = JSON.parse(out) as {asset: {content: string}; review: {comment: string}};
    expect(parsed.review.comment).toBe('reviewed with tes…6789');
    expect(parsed.asset.content).toBe('pay\u200bpal.com');
  });
});
