import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import {ApiError, OutcomeUnknownError, ReviewConflictError, ReviewLimitError} from '../../../src/errors.js';
import {Browser} from '../../../src/ui/browser/browser.js';
import {makeReport} from '../fixtures.js';
import {KEYS, fakeEnd, press, SETTLE} from '../helpers.js';
import {QUEUE, cleanup, fakeQueue, mount, opened, text, waiting} from './review-fixture.js';

/*
 * The review keys of the needs-customer-review queue, driven as a reviewer would: what is
 * on screen, and which review requests actually reach the (fake) API client.
 */

const apiError = (status: number, code: string, message: string) => ({status, code, message, issues: []});

describe('reviewing the queue in the browser', () => {
  it('shows each report\'s asset content beside the ids the keys act on, and the review keys', async () => {
    const app = await opened();
    expect(app.frame()).toMatch(/PROPOSAL\/ASSET\s+ASSET/);
    expect(app.frame()).toMatch(/› r1 .* 5001\/7001\s+site1\.example/);
    expect(app.frame()).toMatch(/r2 .* 5002\/7002\s+site2\.example \+1/);
    expect(app.frame()).toContain('a approve · x reject · w watchlist');
  });

  it('approves: a confirmation with the asset and the decision, then one request, and the report leaves the queue', async () => {
    const queue = fakeQueue();
    const app = await opened(queue);
    await press(app, 'a');
    await vi.waitFor(() => expect(app.frame()).toContain('Approve proposal 5001 of report r1'), SETTLE);
    expect(app.frame()).toContain('Note (optional)');
    await press(app, KEYS.enter);
    await vi.waitFor(() => expect(app.frame()).toContain('Approve this asset? Nothing has been sent yet.'), SETTLE);
    expect(app.frame()).toContain('Asset: site1.example');
    expect(app.frame()).toContain('Decision: APPROVE');
    expect(queue.sent).toEqual([]);
    await press(app, 'y');
    await vi.waitFor(() => expect(app.frame()).toContain('✓ report r1 left the queue: approved proposal 5001 (site1.example)'), SETTLE);
    expect(queue.sent).toEqual([{proposalId: '5001', body: {assetId: 7001, decision: 'APPROVE', slug: 'acme'}}]);
    expect(app.frame()).not.toMatch(/^. r1 /m);
    await vi.waitFor(() => expect(app.frame()).toContain('Showing 1-2 of 2 (page 1)'), SETTLE);
    expect(app.frame()).toMatch(/› r2/);
  });

  it('rejects with the reason picked and a note', async () => {
    const queue = fakeQueue();
    const app = await opened(queue);
    await press(app, 'x');
    await vi.waitFor(() => expect(app.frame()).toContain('Reject reason:'), SETTLE);
    expect(app.frame()).toContain('› 1. irrelevant');
    expect(app.frame()).toContain('no malicious activity');
    await press(app, 'j', KEYS.enter);
    await vi.waitFor(() => expect(app.frame()).toContain('Note (optional)'), SETTLE);
    await press(app, 'seen on twitter\r');
    await vi.waitFor(() => expect(app.frame()).toContain('Decision: REJECT (no malicious activity)'), SETTLE);
    expect(app.frame()).toContain('Note: seen on twitter');
    await press(app, 'y');
    await vi.waitFor(() => expect(queue.sent).toHaveLength(1), SETTLE);
    expect(queue.sent[0]).toEqual({proposalId: '5001', body: {assetId: 7001, decision: 'REJECT', slug: 'acme', rejectReason: 'no_malicious_activity', note: 'seen on twitter'}});
  });

  it('watchlists with a reason picked by its number', async () => {
    const queue = fakeQueue();
    const app = await opened(queue);
    await press(app, 'w');
    await vi.waitFor(() => expect(app.frame()).toContain('Watchlist reason:'), SETTLE);
    expect(app.frame()).toContain('4. other');
    await press(app, '2');
    await vi.waitFor(() => expect(app.frame()).toContain('Note (optional)'), SETTLE);
    await press(app, KEYS.enter, 'y');
    await vi.waitFor(() => expect(queue.sent).toHaveLength(1), SETTLE);
    expect(queue.sent[0]!.body).toEqual({assetId: 7001, decision: 'WATCHLIST', slug: 'acme', watchlistReason: 'PARKING'});
  });

  it('sends nothing when cancelled with esc at the reason, the note or the confirmation, or with n', async () => {
    const queue = fakeQueue();
    const app = await opened(queue);
    for (const keys of [['x', KEYS.escape], ['a', KEYS.escape], ['a', KEYS.enter, KEYS.escape], ['w', KEYS.enter, KEYS.enter, 'n']]) {
      await press(app, ...keys);
      await vi.waitFor(() => expect(app.frame()).toContain('review cancelled: nothing was sent'), SETTLE);
      expect(app.frame()).toMatch(/› r1/);
    }
    expect(queue.sent).toEqual([]);
  });

  it('after a review of one of two proposals, the row shows the next one at once and the report stays', async () => {
    const queue = fakeQueue();
    const app = await opened(queue);
    await press(app, 'j', 'x', KEYS.enter, KEYS.enter, 'y');
    await vi.waitFor(() => expect(app.frame()).toContain('✓ report r2 has 1 proposal left: rejected proposal 5002 (site2.example)'), SETTLE);
    expect(app.frame()).toMatch(/› r2 .* 5003\/7003\s+second\.example/);
  });

  it('in the detail view, reviews the proposal picked with tab, and the detail shows its new state', async () => {
    const queue = fakeQueue([makeReport(2, {proposals: [waiting(2), waiting(3, 'second.example')]}), makeReport(4, {proposals: [waiting(4)]})]);
    const detail = await mount(queue);
    await vi.waitFor(() => expect(detail.frame()).toMatch(/› r2/), SETTLE);
    await press(detail, KEYS.enter);
    await vi.waitFor(() => expect(detail.frame()).toContain('Report r2'), SETTLE);
    expect(detail.frame()).toContain('› 1. site2.example');
    await press(detail, '\t');
    await vi.waitFor(() => expect(detail.frame()).toContain('› 2. second.example'), SETTLE);
    await press(detail, 'x', KEYS.enter, KEYS.enter);
    await vi.waitFor(() => expect(detail.frame()).toContain('Asset: second.example'), SETTLE);
    await press(detail, 'y');
    await vi.waitFor(() => expect(detail.frame()).toContain('report r2 has 1 proposal left'), SETTLE);
    expect(queue.sent[0]).toMatchObject({proposalId: '5003', body: {assetId: 7003}});
    expect(detail.frame()).toContain('proposal: 5003  review: REJECTED');
  });

  it('409: says the listing is out of date, nothing was recorded, and r refreshes', async () => {
    const queue = fakeQueue();
    queue.failWith(new ReviewConflictError(apiError(409, 'CONFLICT', 'Asset does not belong to proposal'), 'use the proposal\'s asset.id'));
    const app = await opened(queue);
    await press(app, 'a', KEYS.enter, 'y');
    await vi.waitFor(() => expect(app.frame()).toContain('Not reviewed: Asset does not belong to proposal'), SETTLE);
    expect(app.frame()).toContain('Press r to refresh the page, then review again.');
    const loads = queue.loads();
    await press(app, 'r');
    await vi.waitFor(() => expect(queue.loads()).toBe(loads + 1), SETTLE);
    expect(queue.sent).toHaveLength(1);
  });

  it('an unknown outcome is not retried, and says how to check', async () => {
    const queue = fakeQueue();
    queue.failWith(new OutcomeUnknownError('POST organization/proposals/5001/review: HTTP 502 Bad Gateway; the review may or may not have been recorded', 'check first', 502));
    const app = await opened(queue);
    await press(app, 'a', KEYS.enter, 'y');
    await vi.waitFor(() => expect(text(app.frame())).toContain('Outcome unknown: POST organization/proposals/5001/review: HTTP 502 Bad Gateway; the review may or may not have been recorded'), SETTLE);
    expect(text(app.frame())).toContain('it was not retried');
    expect(text(app.frame())).toContain('Press r to refresh the page: if proposal 5001 no longer waits, the review went through');
    // r reloads the page (the hint's way to check) and sends nothing: by then a retry made
    // on the failure would have been sent.
    const loads = queue.loads();
    await press(app, 'r');
    await vi.waitFor(() => expect(queue.loads()).toBe(loads + 1), SETTLE);
    expect(queue.sent).toHaveLength(1);
  });

  it('after the daily limit, the review keys are off for the session and say why', async () => {
    const queue = fakeQueue();
    queue.failWith(new ReviewLimitError(apiError(429, 'TOO_MANY_REQUESTS', 'Review limit of 10 per day reached for this organization.'), 'wait'));
    const app = await opened(queue);
    await press(app, 'w', KEYS.enter, KEYS.enter, 'y');
    await vi.waitFor(() => expect(app.frame()).toContain('Not reviewed: Review limit of 10 per day reached for this organization.'), SETTLE);
    expect(text(app.frame())).toContain('the review keys are off for the rest of this session');
    await press(app, KEYS.escape);
    await vi.waitFor(() => expect(app.frame()).toContain('a/x/w off (see ?)'), SETTLE);
    await press(app, 'j', 'a');
    await vi.waitFor(() => expect(text(app.frame())).toContain('reviews are off: Review limit of 10 per day reached for this organization. (no review was recorded)'), SETTLE);
    expect(app.frame()).not.toContain('Approve proposal');
    await press(app, '?');
    await vi.waitFor(() => expect(app.frame()).toContain('approve (off)'), SETTLE);
    expect(text(app.frame())).toContain('Off: Review limit of 10 per day reached for this organization. (no review was recorded)');
    expect(queue.sent).toHaveLength(1);
  });

  it('a proposal without an asset id is listed, and the review key says why it is off', async () => {
    const queue = fakeQueue([makeReport(8, {proposals: [{id: '5008', reviewStatus: 'PENDING_CUSTOMER_REVIEW', asset: undefined}]})]);
    const app = await mount(queue);
    await vi.waitFor(() => expect(app.frame()).toMatch(/› r8 .* 5008\/-/), SETTLE);
    await press(app, 'a');
    await vi.waitFor(() => expect(app.frame()).toContain('cannot review: proposal 1 of report r8 came without an asset id, which the review needs'), SETTLE);
    expect(queue.sent).toEqual([]);
  });

  it('strips control sequences from the title and the asset content in the confirmation', async () => {
    const evil = makeReport(9, {title: 'Evil\u001b]0;owned\u0007 title', proposals: [{...waiting(9), asset: {id: '7009', type: 'URL', content: 'bad\u001b[2J.example\u202e', status: 'UNKNOWN'}}]});
    const queue = fakeQueue([evil]);
    const app = await mount(queue);
    await vi.waitFor(() => expect(app.frame()).toMatch(/› r9 .* bad\.example/), SETTLE);
    await press(app, 'a', 'a note', KEYS.enter);
    await vi.waitFor(() => expect(app.frame()).toContain('Approve this asset?'), SETTLE);
    expect(app.frame()).toContain('Evil title');
    expect(app.frame()).toContain('Asset: bad.example');
    expect(app.frame()).not.toMatch(/\u001b\]|\u001b\[2J|\u202e/);
  });

  it('? lists every key of the view, the same as the footer and more, and any key closes it', async () => {
    const app = await opened();
    await press(app, '?');
    await vi.waitFor(() => expect(app.frame()).toContain('Keys: review queue table'), SETTLE);
    for (const line of ['↑↓/jk   move', 'g/G     first/last row', 'a       approve', 'x       reject', 'w       watchlist', 'r       refresh', 'q       quit', 'ctrl+c  interrupt (exit 130)']) {
      expect(app.frame()).toContain(line);
    }
    await press(app, 'q');
    await vi.waitFor(() => expect(app.frame()).toMatch(/› r1/), SETTLE);
    expect(app.end.codes).toEqual([]);
    await press(app, KEYS.enter, '?');
    await vi.waitFor(() => expect(app.frame()).toContain('Keys: review queue detail view'), SETTLE);
    expect(app.frame()).toContain('tab/1-9          pick proposal');
  });

});

describe('a rejected key in the browser', () => {
  const unauthorized = () => new ApiError(apiError(401, 'UNAUTHORIZED', 'Invalid API key'));

  it('a 401 on a page ends the session with exit 2 and the message, no retry offered', async () => {
    const end = fakeEnd();
    const app = render(<Browser filters={QUEUE} loadPage={async () => Promise.reject(unauthorized())} review={fakeQueue().review} end={end} />);
    cleanup.push(() => app.unmount());
    await vi.waitFor(() => expect(end.codes).toEqual([2]), SETTLE);
    expect(app.lastFrame()).toContain('error: Invalid API key (HTTP 401 UNAUTHORIZED)');
    expect(app.lastFrame()).toContain('vigil auth status');
    expect(app.lastFrame()).not.toContain('retry');
  });

  it('a 403 on a page ends the session with exit 5, no retry offered', async () => {
    const end = fakeEnd();
    const app = render(<Browser filters={QUEUE} loadPage={async () => Promise.reject(new ApiError(apiError(403, 'FORBIDDEN', 'No access to org')))} review={fakeQueue().review} end={end} />);
    cleanup.push(() => app.unmount());
    await vi.waitFor(() => expect(end.codes).toEqual([5]), SETTLE);
    expect(app.lastFrame()).not.toContain('retry');
  });

  it('a 401 on a review ends the session with exit 2', async () => {
    const queue = fakeQueue();
    queue.failWith(unauthorized());
    const app = await opened(queue);
    await press(app, 'a', KEYS.enter, 'y');
    await vi.waitFor(() => expect(app.end.codes).toEqual([2]), SETTLE);
    expect(app.frame()).toContain('Invalid API key');
  });
});
