import {describe, expect, it, vi} from 'vitest';
import {describeIssues} from '../../../src/api/wire/parse.js';
import {fullReport} from '../fixtures.js';

/*
 * The module is loaded inside each test, not at the top: which schema each getter builds is
 * fixed when the module is loaded, and a change to that is only checked by a test that loads
 * it (Stryker credits the code that runs at import to the test that imports it).
 */
async function load() {
  vi.resetModules();
  return import('../../../src/api/wire/reports.js');
}

const VALID_CREATE = {title: 'Phishing kit', description: 'Clone of the login page', assets: [{content: 'acme-login.example'}]};

/** The create body's problems as `path: message` lines (none when it is valid). */
async function createProblems(body: unknown): Promise<string[]> {
  const {createReportRequestSchema} = await load();
  const parsed = createReportRequestSchema().safeParse(body);
  return parsed.success ? [] : describeIssues(parsed.error);
}

describe('the create body vigil sends (POST /report/create)', () => {
  it('takes the documented fields, enrichments and a telegram group included', async () => {
    expect(await createProblems(VALID_CREATE)).toEqual([]);
    expect(await createProblems({
      ...VALID_CREATE,
      telegramGroupId: '-1001234567890',
      discordGuildId: '42',
      attachmentUrls: ['https://files.example/shot.png'],
      externalSubmissionLink: 'https://forms.example/1',
      assets: [{content: 'a.example', status: 'BLOCKED', reporterConfidence: 'HIGH', enrichments: [{type: 'whois', source: 'rdap', output: {registrar: 'x'}}]}],
    })).toEqual([]);
  });

  it('requires a title of at least 3 characters, spaces around it not counted', async () => {
    expect(await createProblems({...VALID_CREATE, title: undefined})).toEqual(['title: title is required']);
    expect(await createProblems({...VALID_CREATE, title: 'ab'})).toEqual(['title: title must be at least 3 characters']);
    expect(await createProblems({...VALID_CREATE, title: '  ab  '})).toEqual(['title: title must be at least 3 characters']);
  });

  it('requires a description that is not blank', async () => {
    expect(await createProblems({...VALID_CREATE, description: undefined})).toEqual(['description: description is required']);
    expect(await createProblems({...VALID_CREATE, description: '   '})).toEqual(['description: description is required']);
  });

  it('requires at least one asset with content', async () => {
    expect(await createProblems({...VALID_CREATE, assets: undefined})).toEqual(['assets: at least one asset is required']);
    expect(await createProblems({...VALID_CREATE, assets: []})).toEqual(['assets: at least one asset is required']);
    expect(await createProblems({...VALID_CREATE, assets: [{content: ' '}]})).toEqual(['assets[0].content: asset content must not be empty']);
  });

  it('names an enrichment missing its type or source', async () => {
    const problems = await createProblems({...VALID_CREATE, assets: [{content: 'a.example', enrichments: [{output: 1}]}]});
    expect(problems.map(line => line.split(':')[0])).toEqual(['assets[0].enrichments[0].type', 'assets[0].enrichments[0].source']);
  });

  it('refuses links that are not URLs, naming each', async () => {
    expect(await createProblems({...VALID_CREATE, attachmentUrls: ['https://ok.example', 'not a url']})).toEqual(['attachmentUrls[1]: must be a valid URL']);
    expect(await createProblems({...VALID_CREATE, externalSubmissionLink: 'forms'})).toEqual(['externalSubmissionLink: must be a valid URL']);
  });

  it('refuses empty organization ids', async () => {
    const fields = (problems: string[]) => problems.map(line => line.split(':')[0]);
    expect(fields(await createProblems({...VALID_CREATE, organizationSlug: '', discordGuildId: '', telegramGroupId: ''}))).toEqual(['organizationSlug', 'discordGuildId', 'telegramGroupId']);
  });
});

describe('the create response, read tolerantly', () => {
  it('makes ids strings, nulls absent and a missing organization null', async () => {
    const {createReportResponseSchema} = await load();
    expect(createReportResponseSchema().parse({id: 5, createdAt: null, organization: {id: 1, slug: 'acme', name: null, plan: 'x'}, extra: 1}))
      .toStrictEqual({id: '5', createdAt: undefined, organization: {id: '1', slug: 'acme', name: undefined}});
    expect(createReportResponseSchema().parse({id: 'r1', createdAt: '2026-01-01T00:00:00Z'})).toEqual({id: 'r1', createdAt: '2026-01-01T00:00:00Z', organization: null});
    expect(createReportResponseSchema().safeParse({createdAt: null}).success).toBe(false);
  });
});

describe('a listing page, read by the schema', () => {
  it('reads every field of a documented report, ids as strings, unknown fields dropped', async () => {
    const {listReportsResponseSchema} = await load();
    const page = listReportsResponseSchema().parse({reports: [structuredClone(fullReport)], cursor: 40});
    expect(page).toStrictEqual({
      reports: [{
        id: '101',
        title: 'Phishing kit on lookalike domain',
        description: 'Clone of the login page',
        status: 'TODO',
        createdAt: '2026-09-03T23:21:46.450Z',
        updatedAt: '2026-09-04T08:00:00.000Z',
        attachments: [{id: '7', url: 'https://files.example/shot.png'}],
        proposals: [{id: '555', reviewStatus: 'PENDING', asset: {id: '9001', type: 'URL', content: 'acme-login.example', status: 'BLOCKED'}}],
        reporter: {id: '3', role: 'MEMBER', fullName: 'Dana Ops', avatarUrl: undefined},
        externalReporter: undefined,
        externalSubmissionLink: 'https://forms.example/1',
        latestReviewDecision: 'APPROVE',
      }],
      nextCursor: '40',
      totalCount: null,
    });
  });

  it('reads an external reporter and refuses a proposal whose id is empty', async () => {
    const {listReportsResponseSchema} = await load();
    const page = listReportsResponseSchema().parse({reports: [{id: 1, externalReporter: {id: 2, displayName: 'E', avatarUrl: null, platform: 'TELEGRAM'}}]});
    expect(page.reports[0]!.externalReporter).toStrictEqual({id: '2', displayName: 'E', avatarUrl: undefined, platform: 'TELEGRAM'});
    expect(listReportsResponseSchema().safeParse({reports: [{id: 1, proposals: [{id: ''}]}]}).success).toBe(false);
  });
});

describe('search (POST /reports/search)', () => {
  it('sends a slug and at least one asset content, with a limit of 1 to 100', async () => {
    const {searchReportsRequestSchema} = await load();
    expect(searchReportsRequestSchema().safeParse({slug: 'acme', assetContents: ['a.example'], limit: 100}).success).toBe(true);
    expect(searchReportsRequestSchema().safeParse({slug: 'acme', assetContents: []}).success).toBe(false);
    expect(searchReportsRequestSchema().safeParse({slug: 'acme', assetContents: ['a'], limit: 101}).success).toBe(false);
  });

  it('reads hits with string ids, counting them when no total is given', async () => {
    const {searchReportsResponseSchema} = await load();
    expect(searchReportsResponseSchema().parse({reports: [{id: 1, status: null, assets: ['a.example'], score: 2}]}))
      .toStrictEqual({reports: [{id: '1', status: undefined, assets: ['a.example']}], totalCount: 1});
    expect(searchReportsResponseSchema().parse({reports: [], totalCount: 7})).toEqual({reports: [], totalCount: 7});
  });
});
