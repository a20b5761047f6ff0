import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createReportResponseSchema, normalizeErrorBody, searchReportsResponseSchema} from '../../src/api/wire/index.js';
import {normalizeAssetContent} from '../../src/api/wire/index.js';
import {NOW, SCOPED_KEY, startTestSandbox, type Caller} from './http.js';

let api: Caller;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.sandbox.close());

const search = (body: unknown, key?: string) => api.call('POST', 'reports/search', {body, ...(key ? {key} : {})});
const create = (body: unknown, key?: string) => api.call('POST', 'report/create', {body, ...(key ? {key} : {})});
const validReport = (assets: unknown[], extra: Record<string, unknown> = {}) => ({organizationSlug: 'acme', title: 'Fake support desk', description: 'Seen in ads', assets, ...extra});

describe('normalisation', () => {
  it.each([
    ['HTTPS://Evil.Example/', 'evil.example'],
    ['http://evil.example///', 'evil.example'],
    ['  Evil.EXAMPLE ', 'evil.example'],
    ['https://Evil.Example/Login/Path/', 'evil.example/Login/Path'],
    ['eip155:1:0xABCdef', 'eip155:1:0xabcdef'],
  ])('%s -> %s', (input, output) => {
    expect(normalizeAssetContent(input)).toBe(output);
  });
});

describe('POST /reports/search', () => {
  it('matches regardless of scheme, case of the domain and trailing slash, and says which queried asset each report covers', async () => {
    const reply = await search({slug: 'acme', assetContents: ['HTTP://ACME-Wallet-Verify.example', 'unreported.example', 't.me/acmewalletsupport/']});
    expect(reply.status).toBe(200);
    const parsed = searchReportsResponseSchema().parse(reply.body);
    expect(parsed.reports).toHaveLength(1);
    expect(reply.body.reports[0]).toEqual({
      id: expect.any(Number), status: 'TODO', title: 'Wallet verification phishing', createdAt: expect.any(String),
      assets: ['HTTP://ACME-Wallet-Verify.example', 't.me/acmewalletsupport/'],
    });
    expect(reply.body.totalCount).toBe(1);
  });

  it('returns nothing for another org, and honours reportedByCustomer', async () => {
    expect((await search({slug: 'globex', assetContents: ['acme-wallet-verify.example']})).body).toEqual({reports: [], totalCount: 0});
    expect((await search({slug: 'acme', assetContents: ['acme-wallet-verify.example'], reportedByCustomer: true})).body.totalCount).toBe(0);
    expect((await search({slug: 'acme', assetContents: ['acme-wallet-verify.example'], reportedByCustomer: false})).body.totalCount).toBe(1);
  });

  it('limits newest first (default 50) while totalCount counts every match', async () => {
    const contents = api.sandbox.store.reports.filter(r => r.orgSlug === 'acme').flatMap(r => r.proposals.map(p => p.asset.content));
    expect(contents.length).toBeGreaterThan(60);
    const all = await search({slug: 'acme', assetContents: contents.slice(0, 80)});
    expect(all.body.reports).toHaveLength(50);
    const total = all.body.totalCount;
    expect(total).toBeGreaterThan(50);
    const three = await search({slug: 'acme', assetContents: contents.slice(0, 80), limit: 3});
    expect(three.body.reports.map((r: {id: number}) => r.id)).toEqual(all.body.reports.slice(0, 3).map((r: {id: number}) => r.id));
    expect(three.body.totalCount).toBe(total);
    const times = all.body.reports.map((r: {createdAt: string}) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it.each([
    ['limit 0', {slug: 'acme', assetContents: ['a'], limit: 0}, /limit/],
    ['limit 101', {slug: 'acme', assetContents: ['a'], limit: 101}, /limit/],
    ['no contents', {slug: 'acme', assetContents: []}, /assetContents/],
    ['missing slug', {assetContents: ['a']}, /slug/],
    ['reportedByCustomer not boolean', {slug: 'acme', assetContents: ['a'], reportedByCustomer: 'yes'}, /reportedByCustomer/],
  ])('400 for %s', async (_name, body, pattern) => {
    const reply = await search(body);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('BAD_REQUEST');
    expect(reply.body.issues[0].message).toMatch(pattern);
  });

  it('403 for the scoped key on another org', async () => {
    expect((await search({slug: 'initech', assetContents: ['a']}, SCOPED_KEY)).status).toBe(403);
  });
});

describe('POST /report/create', () => {
  it('creates a report that then leads the listing and is found by search', async () => {
    const reply = await create(validReport([{content: 'https://Fresh-Scam.example/', status: 'BLOCKED'}, {content: 'eip155:1:0xfeed'}], {attachmentUrls: ['https://img.example/1.png'], externalSubmissionLink: 'https://form.example/9'}));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({id: expect.any(Number), createdAt: new Date(NOW).toISOString(), organization: {id: 42, slug: 'acme', name: 'Acme Corp'}});
    createReportResponseSchema().parse(reply.body);

    const list = await api.call('GET', 'organization/reports?slug=acme&limit=1');
    expect(list.body.reports[0]).toMatchObject({
      id: reply.body.id, title: 'Fake support desk', status: 'TODO', attachments: [{url: 'https://img.example/1.png'}], externalSubmissionLink: 'https://form.example/9',
      proposals: [{reviewStatus: 'PENDING', asset: {content: 'https://Fresh-Scam.example/', type: 'URL', status: 'BLOCKED'}}, {asset: {content: 'eip155:1:0xfeed', type: 'ADDRESS', status: 'BLOCKED'}}],
    });
    const found = await search({slug: 'acme', assetContents: ['fresh-scam.example']});
    expect(found.body.reports.map((r: {id: number}) => r.id)).toEqual([reply.body.id]);
  });

  it('422 with one error per duplicate inside the report, and nothing created', async () => {
    const before = (await api.call('GET', 'organization/reports?slug=acme&limit=1')).body.totalCount;
    const reply = await create(validReport([{content: 'dup-one.example'}, {content: 'HTTPS://DUP-ONE.example/'}, {content: 'dup-one.example'}]));
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe('UNPROCESSABLE_ENTITY');
    expect(reply.body.data.errors).toEqual([
      {asset: 'HTTPS://DUP-ONE.example/', errorType: 'DUPLICATE_ASSETS', message: expect.stringContaining('dup-one.example'), suggestion: expect.any(String)},
      {asset: 'dup-one.example', errorType: 'DUPLICATE_ASSETS', message: expect.any(String), suggestion: expect.any(String)},
    ]);
    // the client's normaliser reads the per-asset errors
    expect(normalizeErrorBody(422, '', reply.text).details?.assetErrors).toHaveLength(2);
    expect((await api.call('GET', 'organization/reports?slug=acme&limit=1')).body.totalCount).toBe(before);
  });

  it('422 for assets the org already reported, naming the report', async () => {
    const closed = api.sandbox.store.reports.find(r => r.orgSlug === 'acme' && r.status === 'CLOSED')!;
    const reply = await create(validReport([{content: 'brand-new.example'}, {content: closed.proposals[0]!.asset.content}, {content: 'http://acme-wallet-verify.example'}]));
    expect(reply.status).toBe(422);
    expect(reply.body.data.errors).toEqual([
      {asset: closed.proposals[0]!.asset.content, errorType: 'REPORT_ALREADY_EXISTS', message: `already reported in report ${closed.id}`, suggestion: expect.stringContaining(String(closed.id))},
      {asset: 'http://acme-wallet-verify.example', errorType: 'ALREADY_PENDING_REVIEW', message: expect.stringContaining('awaiting review'), suggestion: expect.any(String)},
    ]);
    expect((await search({slug: 'acme', assetContents: ['brand-new.example']})).body.totalCount).toBe(0);
  });

  it('the same asset in another org is not a duplicate', async () => {
    expect((await create({...validReport([{content: 'acme-wallet-verify.example'}]), organizationSlug: 'globex'})).status).toBe(200);
  });

  it('accepts discordGuildId in place of organizationSlug', async () => {
    const reply = await create({title: 'Via discord', description: 'x', discordGuildId: '900000000000000043', assets: [{content: 'via-discord.example'}]});
    expect(reply.status).toBe(200);
    expect(reply.body.organization.slug).toBe('globex');
  });

  it.each([
    ['short title', validReport([{content: 'a.example'}], {title: 'ab'}), [/title must be at least 3 characters/]],
    ['no description', {organizationSlug: 'acme', title: 'Title', assets: [{content: 'a.example'}]}, [/description is required/]],
    ['no assets', validReport([]), [/at least one asset/]],
    ['bad asset status', validReport([{content: 'a.example', status: 'EVIL'}]), [/assets\[0\]\.status/]],
    ['empty asset content', validReport([{content: '  '}]), [/asset content must not be empty/]],
    ['bad attachment URL', validReport([{content: 'a.example'}], {attachmentUrls: ['not a url']}), [/attachmentUrls\[0\]/]],
    ['no org at all', {title: 'Title', description: 'd', assets: [{content: 'a.example'}]}, [/organizationSlug/]],
    ['several problems', {title: 'x', assets: 'nope'}, [/title/, /description/, /asset/]],
  ] as Array<[string, unknown, RegExp[]]>)('400 for %s', async (_name, body, patterns) => {
    const reply = await create(body);
    expect(reply.status).toBe(400);
    const messages = reply.body.issues.map((i: {message: string}) => i.message);
    expect(messages).toHaveLength(patterns.length);
    patterns.forEach((p, i) => expect(messages[i]).toMatch(p));
  });

  it('403 for the scoped key creating in another org (also through a guild id)', async () => {
    expect((await create({...validReport([{content: 'x1.example'}]), organizationSlug: 'globex'}, SCOPED_KEY)).status).toBe(403);
    expect((await create({title: 'Title', description: 'd', discordGuildId: '900000000000000043', assets: [{content: 'x2.example'}]}, SCOPED_KEY)).status).toBe(403);
    expect((await create(validReport([{content: 'x3.example'}]), SCOPED_KEY)).status).toBe(200);
  });

  it('413 over the body limit, 400 for malformed JSON', async () => {
    const big = await api.call('POST', 'report/create', {raw: JSON.stringify(validReport([{content: 'big.example'}], {description: 'x'.repeat(1_200_000)}))});
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
    const broken = await api.call('POST', 'report/create', {raw: '{"title": "x"'});
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({message: 'Invalid input data', code: 'BAD_REQUEST', issues: []});
  });
});
