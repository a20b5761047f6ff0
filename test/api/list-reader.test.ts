import {describe, expect, it} from 'vitest';
import {listReportsResponseSchema, readListPage} from '../../src/api/wire/index.js';
import {renderJson} from '../../src/output/json.js';
import {fullReport, minimalReport} from './fixtures.js';

const copy = <T>(value: T): T => structuredClone(value);

/** Pages the listing reader must read exactly as the schema does. */
const VALID: Array<[string, unknown]> = [
  ['documented reports', {reports: [fullReport, minimalReport], nextCursor: 'c2', totalCount: 2}],
  ['the spec-generated variant: numeric ids, cursor instead of nextCursor', {
    reports: [{id: 7, title: null, proposals: [{reviewStatus: 'PENDING', asset: {id: 9, type: 'DOMAIN', content: 'a.example', status: null}}], attachments: [{id: 1, url: 'https://x'}]}],
    cursor: 40,
  }],
  ['nulls everywhere a field is optional', {
    reports: [{id: '1', title: null, description: null, status: null, createdAt: null, updatedAt: null, attachments: null, proposals: null, reporter: null, externalReporter: null, externalSubmissionLink: null, latestReviewDecision: null}],
    nextCursor: null, cursor: null, totalCount: null,
  }],
  ['unknown fields at every level, which are dropped', {
    reports: [{id: 'r', brandNew: {deep: 1}, reporter: {id: 3, extra: true}, proposals: [{id: 1, asset: {id: 2, score: 0.5}, later: []}]}],
    nextCursor: '', totalCount: 0, pageInfo: {x: 1},
  }],
  ['null nextCursor falls back to cursor', {reports: [], nextCursor: null, cursor: 'from-cursor'}],
];

/** Pages the schema refuses: the reader leaves them (untouched) to the schema's error. */
const BROKEN: Array<[string, unknown]> = [
  ['a report without id', {reports: [{...fullReport, id: undefined}], nextCursor: null}],
  ['an empty id', {reports: [{id: ''}]}],
  ['a title that is a number', {reports: [fullReport, {id: '2', title: 5}]}],
  ['a proposal that is not an object', {reports: [{id: '1', proposals: ['x']}]}],
  ['a negative totalCount', {reports: [], totalCount: -1}],
  ['reports not a list', {reports: {}}],
  ['a boolean cursor', {reports: [{id: 1}], nextCursor: true}],
];

describe('the listing reader (no copies for reports list --all)', () => {
  it.each(VALID)('reads %s as the schema does, JSON output included', (_name, page) => {
    const expected = listReportsResponseSchema().parse(copy(page));
    const read = readListPage(copy(page));
    expect(read).toEqual(expected);
    for (const pretty of [false, true]) expect(renderJson(read, {pretty})).toBe(renderJson(expected, {pretty}));
    for (const [index, report] of read!.reports.entries()) expect(renderJson(report, {pretty: false})).toBe(renderJson(expected.reports[index], {pretty: false}));
  });

  it('returns the reports it was given, not copies', () => {
    const page = copy(VALID[0]![1]) as {reports: object[]};
    expect(readListPage(page)!.reports[0]).toBe(page.reports[0]);
  });

  it.each(BROKEN)('leaves %s to the schema, unchanged', (_name, page) => {
    expect(listReportsResponseSchema().safeParse(copy(page)).success).toBe(false);
    const given = copy(page);
    expect(readListPage(given)).toBeUndefined();
    expect(given).toEqual(page);
  });
});
