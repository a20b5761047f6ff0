import nock from 'nock';
import {ORIGIN} from './helpers.js';

// What the client's retry and deadline tests send, and an upstream that always answers alike.

export const search = {slug: 'acme', assetContents: ['a.example']};
export const create = {organizationSlug: 'acme', title: 'abc', description: 'd', assets: [{content: 'a.example'}]};
export const ok = {reports: [], totalCount: 0};

/** Answers every request with `status`, counting them. */
export function always(path: string, status: number, body: unknown = {message: 'nope', code: 'X'}, headers: Record<string, string> = {}) {
  const counter = {count: 0};
  nock(ORIGIN)
    .post(path)
    .reply(() => {
      counter.count++;
      return [status, JSON.stringify(body), headers];
    })
    .persist();
  return counter;
}

/** The trace lines of attempts: `... (attempt 2/4)`. */
export const attemptLines = (lines: string[]) => lines.filter(line => /\(attempt \d+\/\d+\)$/.test(line));
