import {render} from 'ink-testing-library';
import {afterEach, expect, vi} from 'vitest';
import type {ListReportsFilters, ListReportsResult, ReviewRequest} from '../../../src/api/wire/index.js';
import type {LoadPage} from '../../../src/ui/browser/browser-effects.js';
import {Browser} from '../../../src/ui/browser/browser.js';
import type {ReviewOutcome, ReviewProposal} from '../../../src/ui/browser/review-state.js';
import {makeReport} from '../fixtures.js';
import {fakeEnd, settled, SETTLE} from '../helpers.js';

/* The browser over a fake API client that serves reports and records every review sent. */

export const QUEUE: ListReportsFilters = {slug: 'acme', limit: 5, needsCustomerReview: true};
export const waiting = (n: number, content = `site${n}.example`) => ({id: `${5000 + n}`, reviewStatus: 'PENDING_CUSTOMER_REVIEW', asset: {id: `${7000 + n}`, type: 'URL', content, status: 'UNKNOWN'}});

/**
 * Reports served like the sandbox: in the queue a report is listed while a proposal waits
 * for the org, and a review changes what the next listing returns.
 */
export function fakeQueue(reports = [makeReport(1, {proposals: [waiting(1)]}), makeReport(2, {proposals: [waiting(2), waiting(3, 'second.example')]}), makeReport(3, {proposals: [waiting(4)]})]) {
  const sent: Array<{proposalId: string; body: ReviewRequest}> = [];
  const state = reports.map(report => ({...report, proposals: [...(report.proposals ?? [])]}));
  let loads = 0;
  let answer: (proposalId: string, body: ReviewRequest) => Promise<ReviewOutcome> = async proposalId => {
    for (const report of state) {
      report.proposals = report.proposals.map(p => (p.id === proposalId ? {...p, reviewStatus: 'REJECTED'} : p));
    }
    return {proposalId, reviewStatus: 'REJECTED'};
  };
  const loadPage: LoadPage = async filters => {
    loads += 1;
    const listed = filters.needsCustomerReview ? state.filter(report => report.proposals.some(p => p.reviewStatus === 'PENDING_CUSTOMER_REVIEW')) : state;
    return {reports: listed, nextCursor: null, totalCount: listed.length} satisfies ListReportsResult;
  };
  const review: ReviewProposal = (proposalId, body) => {
    sent.push({proposalId, body});
    return answer(proposalId, body);
  };
  return {
    sent,
    loadPage,
    review,
    loads: () => loads,
    failWith(error: unknown) {
      answer = async () => {
        throw error;
      };
    },
  };
}

/** Unmounts every browser a test rendered (registered by the test file that imports this). */
export const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
});

export async function mount(queue: ReturnType<typeof fakeQueue>, filters: ListReportsFilters = QUEUE) {
  const end = fakeEnd();
  const app = await settled(() => render(<Browser filters={filters} loadPage={queue.loadPage} review={queue.review} end={end} />));
  cleanup.push(() => app.unmount());
  return {...app, end, frame: () => app.lastFrame() ?? ''};
}

export async function opened(queue = fakeQueue()) {
  const app = await mount(queue);
  await vi.waitFor(() => expect(app.frame()).toMatch(/› r1/), SETTLE);
  return app;
}

/** The frame's text with box borders and line wrapping folded away, for sentences in a dialog. */
export const text = (frame: string) => frame.replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' ');

const apiError = (status: number, code: string, message: string) => ({status, code, message, issues: []});

