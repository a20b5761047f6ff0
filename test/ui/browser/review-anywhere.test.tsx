import {describe, expect, it, vi} from 'vitest';
import type {ListReportsFilters} from '../../../src/api/wire/index.js';
import {makeReport} from '../fixtures.js';
import {KEYS, press, SETTLE} from '../helpers.js';
import {fakeQueue, mount, opened, text, waiting} from './review-fixture.js';

/*
 * The review keys beyond the plain queue flow: approving with a label and a brand id, and
 * reviewing from any listing a proposal that awaits the organization.
 */

describe('approving in the browser', () => {
  it('approves with a label and a brand id, as `proposals review --label --brand-id` does', async () => {
    const queue = fakeQueue();
    const app = await opened(queue);
    await press(app, 'a');
    await vi.waitFor(() => expect(app.frame()).toContain('› Label (optional)'), SETTLE);
    expect(app.frame()).toContain('Brand id (optional)');
    expect(app.frame()).toContain('tab/↑↓ field');
    await press(app, 'phishing', '\t', 'x7', KEYS.enter);
    await vi.waitFor(() => expect(app.frame()).toContain('brand id must be a whole number at least 1 (got "x7")'), SETTLE);
    expect(queue.sent).toEqual([]);
    await press(app, KEYS.left, KEYS.backspace, KEYS.enter);
    await vi.waitFor(() => expect(app.frame()).toContain('Approve this asset?'), SETTLE);
    expect(app.frame()).toContain('Label: phishing');
    expect(app.frame()).toContain('Brand id: 7');
    await press(app, 'y');
    await vi.waitFor(() => expect(queue.sent).toHaveLength(1), SETTLE);
    expect(queue.sent[0]).toEqual({proposalId: '5001', body: {assetId: 7001, decision: 'APPROVE', slug: 'acme', label: 'phishing', brandId: 7}});
  });
});

describe('review keys outside the queue', () => {
  const listing = () =>
    fakeQueue([makeReport(1), makeReport(2, {proposals: [{...waiting(2), reviewStatus: 'PENDING'}, waiting(3, 'second.example')]}), makeReport(3)]);
  const ALL: ListReportsFilters = {slug: 'acme', limit: 5};

  it('act on a report whose proposal awaits the customer, and the report stays on the page', async () => {
    const queue = listing();
    const app = await mount(queue, ALL);
    await vi.waitFor(() => expect(app.frame()).toMatch(/› r1/), SETTLE);
    await press(app, 'j');
    await vi.waitFor(() => expect(app.frame()).toMatch(/› r2/), SETTLE);
    expect(app.frame()).toContain('a approve · x reject · w watchlist');
    await press(app, 'a');
    // The proposal awaiting the customer, not the first one of the report.
    await vi.waitFor(() => expect(app.frame()).toContain('Approve proposal 5003 of report r2'), SETTLE);
    await press(app, KEYS.enter, 'y');
    await vi.waitFor(() => expect(app.frame()).toContain('✓ report r2 has no proposal left for your review: approved proposal 5003 (second.example)'), SETTLE);
    expect(queue.sent).toEqual([{proposalId: '5003', body: {assetId: 7003, decision: 'APPROVE', slug: 'acme'}}]);
    expect(app.frame()).toMatch(/› r2/);
    expect(app.frame()).toContain('Showing 1-3 of 3 (page 1)');
  });

  it('on a report with nothing awaiting the customer, say so, and ? says where they work', async () => {
    const queue = listing();
    const app = await mount(queue, ALL);
    await vi.waitFor(() => expect(app.frame()).toMatch(/› r1/), SETTLE);
    expect(app.frame()).not.toContain('a approve');
    await press(app, 'a');
    await vi.waitFor(() => expect(app.frame()).toContain("cannot review: report r1 has no proposal waiting for your organization's review"), SETTLE);
    await press(app, 'x');
    await vi.waitFor(() => expect(app.frame()).toContain("cannot review: report r1 has no proposal waiting for your organization's review"), SETTLE);
    expect(app.frame()).not.toContain('proposal 5001 of report');
    await press(app, '?');
    await vi.waitFor(() => expect(app.frame()).toContain('approve (off)'), SETTLE);
    expect(text(app.frame())).toContain("Off: they act on a proposal awaiting your organization's review (review: PENDING_CUSTOMER_REVIEW); this report has none. All of them: --needs-customer-review");
    expect(queue.sent).toEqual([]);
  });
});

