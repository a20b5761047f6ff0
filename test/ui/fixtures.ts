import type {ListReportsResult, Report} from '../../src/api/wire/index.js';

/** A report as the wire module hands it over (already parsed), with readable ids. */
export function makeReport(n: number, overrides: Partial<Report> = {}): Report {
  return {
    id: `r${n}`,
    title: `Phishing site number ${n}`,
    description: `Description of report ${n}`,
    status: 'TODO',
    createdAt: '2026-09-03T23:21:46.450Z',
    updatedAt: undefined,
    attachments: [],
    proposals: [
      {id: `p${n}`, reviewStatus: 'PENDING', asset: {id: `a${n}`, type: 'URL', content: `site${n}.example`, status: 'BLOCKED'}},
    ],
    reporter: {id: 'u1', role: 'ANALYST', fullName: 'Ada Reviewer', avatarUrl: undefined},
    externalReporter: undefined,
    externalSubmissionLink: undefined,
    latestReviewDecision: undefined,
    ...overrides,
  };
}

/** `count` reports split into pages of `size`, with string cursors "c1", "c2", ... */
export function makePages(count: number, size: number): ListReportsResult[] {
  const pages: ListReportsResult[] = [];
  for (let start = 0; start < count; start += size) {
    const reports = Array.from({length: Math.min(size, count - start)}, (_, i) => makeReport(start + i + 1));
    const index = pages.length;
    pages.push({reports, nextCursor: start + size < count ? `c${index + 1}` : null, totalCount: count});
  }
  return pages;
}
