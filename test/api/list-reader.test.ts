import {describe, expect, it, vi} from 'vitest';
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
  ['a numeric nextCursor, made a string', {reports: [{id: 0}], nextCursor: 0, totalCount: 1}],
  ['an empty cursor, which ends the listing', {reports: [], cursor: ''}],
  ['no cursor and no total at all', {reports: []}],
  ['every nested list and object filled in', {
    reports: [{
      id: 5,
      attachments: [{id: 1, url: 'https://a'}, {id: 'att', url: null}, {}],
      proposals: [{id: 'p', reviewStatus: 'APPROVED', asset: {id: 'a', type: 'URL', content: 'https://x', status: 'ACTIVE', extra: 1}}, {}],
      reporter: {id: 1, role: 'ADMIN', fullName: 'A B', avatarUrl: 'https://x/a.png', email: 'dropped'},
      externalReporter: {id: 'e', displayName: 'E', avatarUrl: null, platform: 'TELEGRAM'},
      externalSubmissionLink: 'https://s', latestReviewDecision: 'APPROVED',
    }],
    nextCursor: 'n', cursor: 'ignored', totalCount: 9,
  }],
];

/** Pages the schema refuses: the reader leaves them (untouched) to the schema's error. */
const BROKEN: Array<[string, unknown]> = [
  ['a report without id', {reports: [{...fullReport, id: undefined}], nextCursor: null}],
  ['an empty id', {reports: [{id: ''}]}],
  ['a title that is a number', {reports: [fullReport, {id: '2', title: 5}]}],
  ['a proposal that is not an object', {reports: [{id: '1', proposals: ['x']}]}],
  ['a list whose first item fits and second does not', {reports: [{id: '1', proposals: [{id: 1}, {id: true}]}]}],
  ['a report that is undefined', {reports: [undefined]}],
  ['a negative totalCount', {reports: [], totalCount: -1}],
  ['reports not a list', {reports: {}}],
  ['a boolean cursor', {reports: [{id: 1}], nextCursor: true}],
  ['an object as the fallback cursor', {reports: [], cursor: {}}],
  ['a cursor that is not a finite number', {reports: [], nextCursor: Number.NaN}],
  ['a fractional totalCount', {reports: [], totalCount: 1.5}],
  ['a totalCount given as a string', {reports: [], totalCount: '3'}],
  ['an id that is not a finite number', {reports: [{id: Number.POSITIVE_INFINITY}]}],
  ['an id that is a boolean', {reports: [{id: true}]}],
  ['a nested id that is an empty string', {reports: [{id: '1', reporter: {id: ''}}]}],
  ['a nested id that is NaN', {reports: [{id: '1', proposals: [{id: Number.NaN}]}]}],
  ['a reporter that is a list', {reports: [{id: '1', reporter: []}]}],
  ['a reporter that is a string', {reports: [{id: '1', reporter: 'me'}]}],
  ['attachments that are an object', {reports: [{id: '1', attachments: {id: 1}}]}],
  ['an attachment url that is a number', {reports: [{id: '1', attachments: [{id: 1, url: 2}]}]}],
  ['an asset content that is a number', {reports: [{id: '1', proposals: [{asset: {content: 7}}]}]}],
  ['a report that is null', {reports: [null]}],
  ['a report that is a list', {reports: [[]]}],
  ['a body that is null', null],
  ['no body at all', undefined],
  ['a body that is a list', [{id: 1}]],
  ['a body without reports', {nextCursor: 'x'}],
];

describe('the listing reader (no copies for reports list --all)', () => {
  it.each(VALID)('reads %s as the schema does, JSON output and absent keys included', (_name, page) => {
    const expected = listReportsResponseSchema().parse(copy(page));
    const read = readListPage(copy(page));
    // Strict: a field the page leaves out is left out, not set to undefined (as the schema does).
    expect(read).toStrictEqual(expected);
    for (const pretty of [false, true]) expect(renderJson(read, {pretty})).toBe(renderJson(expected, {pretty}));
    for (const [index, report] of read!.reports.entries()) expect(renderJson(report, {pretty: false})).toBe(renderJson(expected.reports[index], {pretty: false}));
  });

  it('returns the reports it was given, not copies', () => {
    const page = copy(VALID[0]![1]) as {reports: object[]};
    expect(readListPage(page)!.reports[0]).toBe(page.reports[0]);
  });

  it('changes nothing on a page when its last report is broken', () => {
    const page = {reports: [{id: 1, extra: true, title: null}, {id: '2', title: 3}]};
    const given = copy(page);
    expect(readListPage(given)).toBeUndefined();
    expect(given).toEqual(page);
  });

  it('leaves objects that are not plain (a class instance, a null prototype) to the schema', () => {
    class Report {
      id = '1';
    }
    expect(readListPage({reports: [new Report()]})).toBeUndefined();
    expect(readListPage({reports: [Object.assign(Object.create(null), {id: '1'})]})).toBeUndefined();
    expect(readListPage(Object.assign(Object.create(null), {reports: []}))).toBeUndefined();
  });

  it.each(BROKEN)('leaves %s to the schema, unchanged', (_name, page) => {
    expect(listReportsResponseSchema().safeParse(copy(page)).success).toBe(false);
    const given = copy(page);
    expect(readListPage(given)).toBeUndefined();
    expect(given).toEqual(page);
  });
});

/** A report with every field the listing reads given, none of them null. */
const EVERY_FIELD = {
  id: 5,
  title: 'T', description: 'D', status: 'TODO', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-02T00:00:00Z',
  attachments: [{id: 1, url: 'https://a', size: 3}],
  proposals: [{id: 2, reviewStatus: 'PENDING', asset: {id: 3, type: 'URL', content: 'https://x', status: 'BLOCKED', score: 1}, later: 1}],
  reporter: {id: 4, role: 'ADMIN', fullName: 'A B', avatarUrl: 'https://x/a.png', email: 'dropped'},
  externalReporter: {id: 6, displayName: 'E', avatarUrl: 'https://x/e.png', platform: 'TELEGRAM', handle: 'dropped'},
  externalSubmissionLink: 'https://s', latestReviewDecision: 'APPROVE',
  brandNew: true,
};

/*
 * The module loaded inside the test, not at the top: the reader's table of fields is built
 * when the module is loaded, and a change to it is only checked by a test that loads it
 * (Stryker credits the code that runs at import to the test that imports it).
 */
describe('the listing reader, as a command first loads it', () => {
  it('reads every field of a report, ids as strings and unknown fields dropped', async () => {
    vi.resetModules();
    const wire = await import('../../src/api/wire/index.js');
    const read = wire.readListPage({reports: [copy(EVERY_FIELD)], nextCursor: 7, totalCount: 1});
    expect(read).toStrictEqual({
      reports: [{
        id: '5',
        title: 'T', description: 'D', status: 'TODO', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-02T00:00:00Z',
        attachments: [{id: '1', url: 'https://a'}],
        proposals: [{id: '2', reviewStatus: 'PENDING', asset: {id: '3', type: 'URL', content: 'https://x', status: 'BLOCKED'}}],
        reporter: {id: '4', role: 'ADMIN', fullName: 'A B', avatarUrl: 'https://x/a.png'},
        externalReporter: {id: '6', displayName: 'E', avatarUrl: 'https://x/e.png', platform: 'TELEGRAM'},
        externalSubmissionLink: 'https://s', latestReviewDecision: 'APPROVE',
      }],
      nextCursor: '7',
      totalCount: 1,
    });
    expect(read).toStrictEqual(wire.listReportsResponseSchema().parse({reports: [copy(EVERY_FIELD)], nextCursor: 7, totalCount: 1}));
  });

  it('leaves a field of the wrong type, at any depth, to the schema', async () => {
    vi.resetModules();
    const {readListPage} = await import('../../src/api/wire/index.js');
    const broken: Array<[string, Record<string, unknown>]> = [
      ['id', {id: ''}], ['title', {title: 1}], ['description', {description: 1}], ['status', {status: 1}],
      ['createdAt', {createdAt: 1}], ['updatedAt', {updatedAt: 1}], ['externalSubmissionLink', {externalSubmissionLink: 1}],
      ['latestReviewDecision', {latestReviewDecision: 1}],
      ['attachments', {attachments: {}}], ['attachment id', {attachments: [{id: true}]}], ['attachment url', {attachments: [{url: 1}]}],
      ['proposals', {proposals: {}}], ['proposal id', {proposals: [{id: ''}]}], ['review status', {proposals: [{reviewStatus: 1}]}],
      ['asset', {proposals: [{asset: []}]}], ['asset id', {proposals: [{asset: {id: true}}]}], ['asset type', {proposals: [{asset: {type: 1}}]}],
      ['asset content', {proposals: [{asset: {content: 1}}]}], ['asset status', {proposals: [{asset: {status: 1}}]}],
      ['reporter', {reporter: 'me'}], ['reporter id', {reporter: {id: ''}}], ['reporter role', {reporter: {role: 1}}],
      ['reporter name', {reporter: {fullName: 1}}], ['reporter avatar', {reporter: {avatarUrl: 1}}],
      ['external reporter', {externalReporter: 'me'}], ['external reporter id', {externalReporter: {id: ''}}],
      ['external reporter name', {externalReporter: {displayName: 1}}], ['external reporter avatar', {externalReporter: {avatarUrl: 1}}],
      ['external reporter platform', {externalReporter: {platform: 1}}],
    ];
    for (const [field, wrong] of broken) expect(readListPage({reports: [{...copy(EVERY_FIELD), ...wrong}]}), field).toBeUndefined();
  });
});
