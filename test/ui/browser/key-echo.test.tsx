import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {ListReportsResult} from '../../../src/api/wire/index.js';
import {clearSecrets, registerSecret} from '../../../src/secrets.js';
import {Browser} from '../../../src/ui/browser/browser.js';
import type {ReviewProposal} from '../../../src/ui/browser/review-state.js';
import {makeReport} from '../fixtures.js';
import {KEYS, fakeEnd, press, settled, SETTLE} from '../helpers.js';

/*
 * The review browser draws on the terminal itself (Ink writes to process.stdout, not through
 * ctx.io): a title, an asset or a description that echoes the key is masked before a column
 * cuts it, so no prefix of the key is left either.
 */

const KEY = 'vk_live+Q2hlY2tLZXk/0123456789=';

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanup) fn();
  cleanup = [];
  clearSecrets();
});

const noReview: ReviewProposal = async () => {
  throw new Error('no review in this test');
};

describe('the review browser and an upstream that echoes the key', () => {
  it('masks it in the table (cut to its column) and in the detail', async () => {
    registerSecret(KEY);
    const report = makeReport(1, {title: `A title long enough for the table to cut it inside the key ${KEY}`, description: `the key ${KEY}\u200b and again ${KEY.slice(0, 8)}\u200b${KEY.slice(8)}`});
    report.proposals![0]!.asset!.content = `https://evil.example/?token=${encodeURIComponent(KEY)}`;
    const page: ListReportsResult = {reports: [report], nextCursor: null, totalCount: 1};
    const end = fakeEnd();
    const app = await settled(() => render(<Browser filters={{slug: 'acme', limit: 3}} loadPage={async () => page} review={noReview} end={end} />));
    cleanup.push(() => app.unmount());
    const frame = () => app.lastFrame() ?? '';
    await vi.waitFor(() => expect(frame()).toContain('A title long enough'), SETTLE);
    const frames = [frame()];
    await press(app, KEYS.enter);
    await vi.waitFor(() => expect(frame()).toContain('and again'), SETTLE);
    frames.push(frame());
    for (const text of frames) {
      for (const form of [KEY.slice(0, 12), encodeURIComponent(KEY).slice(0, 12)]) expect(text, text).not.toContain(form);
    }
    expect(frames[1]).toContain('the key vk_…789= and again vk_…789=');
  });
});
