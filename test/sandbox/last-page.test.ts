import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {LIST_LIMIT} from '../../src/sandbox/schemas.js';
import {startTestSandbox, type Caller} from './http.js';
import {allPages} from '../helpers/pages.js';

let api: Caller;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.sandbox.close());

/** The size of each page, following nextCursor to the end. */
async function pageSizes(limit: number): Promise<number[]> {
  const pages = await allPages(async cursor => {
    const reply: {status: number; body: {reports: unknown[]; nextCursor: string | null}} = await api.call('GET', `organization/reports?slug=acme&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(reply.status).toBe(200);
    return reply.body;
  }, 500);
  return pages.map(page => page.reports.length);
}

describe('the sandbox listing when the total is an exact multiple of the page size', () => {
  it('ends on the last full page: nextCursor is null there, no empty page follows', async () => {
    const total: number = (await api.call('GET', 'organization/reports?slug=acme&limit=1')).body.totalCount;
    expect(total).toBeGreaterThan(1);
    const divisors = [1, ...Array.from({length: Math.min(total, LIST_LIMIT.max) - 1}, (_, i) => i + 2).filter(size => total % size === 0)];
    for (const size of divisors.slice(0, 3)) {
      expect(await pageSizes(size), `limit ${size}`).toEqual(Array(total / size).fill(size));
    }
  });
});
