import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import nock from 'nock';
import {describe, expect, it} from 'vitest';
import {useNock} from '../../../helpers/nock.js';
import {runReportsCreate, type CreateFlags} from '../../../../src/cmd/reports/create/create.js';
import {ApiError} from '../../../../src/errors.js';
import {formatError} from '../../../../src/output/error-banner.js';
import {API_KEY, fakeContext, interceptApi} from '../../../helpers/fake-context.js';
import {rejectionOf} from '../../../helpers/thrown.js';
import {InputError} from '../../../../src/errors.js';
import {fakeIO} from '../../../helpers/fake-io.js';

useNock();

const dir = mkdtempSync(path.join(tmpdir(), 'vigil-create-'));
function payloadFile(content: unknown): string {
  const file = path.join(dir, `payload-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const CREATED = {id: 123, createdAt: '2026-09-03T23:21:46.450Z', organization: {id: 42, slug: 'acme', name: 'Acme'}};
const BASE: CreateFlags = {title: 'Fake wallet', description: 'Drainer site', asset: ['evil.example']};

async function sentFor(flags: CreateFlags, options: {tty?: boolean; orgSource?: 'flag' | 'env'} = {}) {
  const seen = interceptApi('POST', 'report/create', [{body: CREATED}]);
  const ctx = fakeContext({org: 'acme', tty: options.tty ?? false, orgSource: options.orgSource ?? 'env'});
  await runReportsCreate(flags, ctx);
  expect(seen).toHaveLength(1);
  return {request: seen[0]!, ctx};
}

describe('reports create: each option in the body', () => {
  it.each<[string, CreateFlags, Record<string, unknown>]>([
    ['--title/--description/--asset', BASE, {}],
    ['--contact-info', {...BASE, contactInfo: 'dana@acme.example'}, {contactInfo: 'dana@acme.example'}],
    ['--external-submission-link', {...BASE, externalSubmissionLink: 'https://forms.example/1'}, {externalSubmissionLink: 'https://forms.example/1'}],
    ['--attachment-url, repeatable', {...BASE, attachmentUrl: ['https://f.example/1.png', 'https://f.example/2.png']}, {attachmentUrls: ['https://f.example/1.png', 'https://f.example/2.png']}],
    [
      '--asset, repeatable, with and without status',
      {...BASE, asset: ['https://evil.example:8443/login:blocked', 'eip155:1:0xAbC', '@fake_support:Unknown']},
      {assets: [{content: 'https://evil.example:8443/login', status: 'BLOCKED'}, {content: 'eip155:1:0xAbC'}, {content: '@fake_support', status: 'UNKNOWN'}]},
    ],
  ])('%s', async (_name, flags, expected) => {
    const {request} = await sentFor(flags);
    expect(request.path).toBe('/api/v2/report/create');
    expect(request.headers['x-api-key']).toBe(API_KEY);
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    expect(request.body).toEqual({organizationSlug: 'acme', title: 'Fake wallet', description: 'Drainer site', assets: [{content: 'evil.example'}], ...expected});
  });

  it('--org from the flag is the organizationSlug', async () => {
    const seen = interceptApi('POST', 'report/create', [{body: CREATED}]);
    await runReportsCreate(BASE, fakeContext({org: 'flag-org', orgSource: 'flag'}));
    expect((seen[0]!.body as {organizationSlug: string}).organizationSlug).toBe('flag-org');
  });

  it('--payload-file: the file\'s fields, flags override scalars and add to lists, unknown fields pass with a warning', async () => {
    const file = payloadFile({
      organizationSlug: 'file-org',
      title: 'From the file',
      description: 'File description',
      assets: [{content: 'file.example', status: 'ALLOWED', enrichments: [{type: 'whois', source: 'x', output: {}}]}],
      attachmentUrls: ['https://f.example/file.png'],
      externalReporter: {platform: 'TWITTER', platformIdentifier: '99', displayName: 'Rep'},
      rawAssetsInput: 'file.example evil.example',
      customThing: 1,
    });
    const {request, ctx} = await sentFor({payloadFile: file, title: 'Flag title', asset: ['evil.example:BLOCKED'], attachmentUrl: ['https://f.example/flag.png']});
    expect(request.body).toEqual({
      organizationSlug: 'file-org',
      title: 'Flag title',
      description: 'File description',
      assets: [
        {content: 'file.example', status: 'ALLOWED', enrichments: [{type: 'whois', source: 'x', output: {}}]},
        {content: 'evil.example', status: 'BLOCKED'},
      ],
      attachmentUrls: ['https://f.example/file.png', 'https://f.example/flag.png'],
      externalReporter: {platform: 'TWITTER', platformIdentifier: '99', displayName: 'Rep'},
      rawAssetsInput: 'file.example evil.example',
      customThing: 1,
    });
    expect(ctx.io.err()).toMatch(/warning: --payload-file: field not in the documented contract, sent as is: customThing/);
  });

  it('--org flag overrides the payload file\'s organizationSlug', async () => {
    const file = payloadFile({organizationSlug: 'file-org', title: 'T title', description: 'd', assets: [{content: 'x.example'}]});
    const {request} = await sentFor({payloadFile: file}, {orgSource: 'flag'});
    expect((request.body as {organizationSlug: string}).organizationSlug).toBe('acme');
  });
});

describe('reports create: output', () => {
  it('TTY: id, creation time and organization', async () => {
    const {ctx} = await sentFor(BASE, {tty: true});
    expect(ctx.io.out()).toBe('Created report 123\n  created:      2026-09-03T23:21:46.450Z\n  organization: Acme (acme)\n');
  });

  it('piped: one TSV row; --json: the response', async () => {
    expect((await sentFor(BASE)).ctx.io.out()).toBe('123\t2026-09-03T23:21:46.450Z\tacme\n');
    const json = JSON.parse((await sentFor({...BASE, json: true})).ctx.io.out());
    expect(json).toEqual({id: '123', createdAt: '2026-09-03T23:21:46.450Z', organization: {id: '42', slug: 'acme', name: 'Acme'}});
  });

  it('422: ApiError carrying each rejected asset (exit 7), printed with type, message and suggestion', async () => {
    interceptApi('POST', 'report/create', [{status: 422, body: {message: 'Some assets were rejected', code: 'UNPROCESSABLE_ENTITY', data: {errors: [
      {asset: 'evil.example', errorType: 'REPORT_ALREADY_EXISTS', message: 'already reported in #77', suggestion: 'add to report 77'},
    ]}}}]);
    const error = await runReportsCreate(BASE, fakeContext({org: 'acme'})).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const report = formatError(error);
    expect(report.exitCode).toBe(7);
    expect(report.text).toContain('evil.example: REPORT_ALREADY_EXISTS: already reported in #77');
    expect(report.text).toContain('suggestion: add to report 77');
  });
});

describe('reports create --dry-run', () => {
  it('prints exactly the body on stdout, method and URL on stderr, sends nothing, needs no key', async () => {
    const ctx = fakeContext({org: 'acme', apiKey: null});
    await runReportsCreate({...BASE, contactInfo: 'c', attachmentUrl: ['https://f.example/1'], externalSubmissionLink: 'https://forms.example/1', dryRun: true}, ctx);
    expect(JSON.parse(ctx.io.out())).toEqual({
      organizationSlug: 'acme', title: 'Fake wallet', description: 'Drainer site', contactInfo: 'c',
      assets: [{content: 'evil.example'}], attachmentUrls: ['https://f.example/1'], externalSubmissionLink: 'https://forms.example/1',
    });
    expect(ctx.io.err()).toBe('dry run: POST https://api.vigil.test/api/v2/report/create (nothing sent)\n');
  });

  it('follows the JSON rules of every command: keys sorted, one line piped, indented on a terminal', async () => {
    const piped = fakeContext({org: 'acme', apiKey: null});
    await runReportsCreate({...BASE, dryRun: true}, piped);
    expect(piped.io.out()).toBe('{"assets":[{"content":"evil.example"}],"description":"Drainer site","organizationSlug":"acme","title":"Fake wallet"}\n');
    const tty = fakeContext({org: 'acme', apiKey: null, tty: true});
    await runReportsCreate({...BASE, dryRun: true}, tty);
    expect(tty.io.out()).toMatch(/^\{\n {2}"assets": \[/);
  });

  it('--payload-file - reads the payload from stdin', async () => {
    const ctx = fakeContext({org: 'acme', apiKey: null});
    ctx.io = fakeIO({tty: false, env: {NO_COLOR: '1'}, stdin: JSON.stringify({title: 'From stdin', description: 'piped', assets: [{content: 'x.example', reporterConfidence: 'HIGH'}]})});
    await runReportsCreate({payloadFile: '-', dryRun: true}, ctx);
    expect(JSON.parse(ctx.io.out())).toEqual({organizationSlug: 'acme', title: 'From stdin', description: 'piped', assets: [{content: 'x.example', reporterConfidence: 'HIGH'}]});
  });

  it('--payload-file - with stdin a terminal is refused, naming the flag', async () => {
    const ctx = fakeContext({org: 'acme', apiKey: null, tty: true});
    const error = await rejectionOf(runReportsCreate({payloadFile: '-', dryRun: true}, ctx), InputError);
    expect(error.message).toContain('--payload-file: - reads the payload from stdin, but stdin is a terminal');
  });

  it('without a base URL prints a placeholder', async () => {
    const ctx = fakeContext({org: 'acme', apiKey: null, baseUrl: null});
    await runReportsCreate({...BASE, dryRun: true}, ctx);
    expect(ctx.io.err()).toContain('POST <base-url>/report/create');
  });
});

describe('reports create: invalid input lists every problem by flag, sends nothing', () => {
  it('all problems of the flags at once', async () => {
    const error = await rejectionOf(
      runReportsCreate({title: 'ab', attachmentUrl: ['not a url', 'javascript:alert(1)'], externalSubmissionLink: 'ftp://x.example'}, fakeContext({})),
      InputError,
    );
    const fields = error.problems.map(p => p.field);
    expect(fields).toEqual(expect.arrayContaining(['--org', '--title', '--description', '--asset', '--attachment-url', '--external-submission-link']));
    expect(fields.filter(f => f === '--attachment-url')).toHaveLength(2);
  });

  it('duplicate assets (normalised) are named', async () => {
    const error = await rejectionOf(runReportsCreate({...BASE, asset: ['evil.example', 'https://EVIL.example/:blocked']}, fakeContext({org: 'acme'})), InputError);
    expect(error.problems[0]!.message).toContain('duplicate asset "evil.example"');
    expect(error.problems[0]!.message).toContain('"https://EVIL.example/"');
  });

  it('an asset flag with only a status', async () => {
    const error = await rejectionOf(runReportsCreate({...BASE, asset: [':BLOCKED']}, fakeContext({org: 'acme'})), InputError);
    expect(error.problems.map(p => p.field)).toContain('--asset');
  });

  it('payload file problems name the JSON path inside the file', async () => {
    const file = payloadFile({title: 'Okay title', description: 'd', assets: [{content: 'a.example', status: 'MAYBE'}], externalReporter: {platform: 'X'}});
    const error = await rejectionOf(runReportsCreate({payloadFile: file}, fakeContext({org: 'acme'})), InputError);
    expect(error.problems.map(p => p.field)).toEqual(
      expect.arrayContaining(['assets[0].status (in --payload-file)', 'externalReporter.platformIdentifier (in --payload-file)']),
    );
  });

  it.each([
    ['missing file', path.join(dir, 'nope.json'), /no such file/],
    ['not JSON', 'not json {', /not valid JSON/],
    ['an array', '[]', /must hold a JSON object/],
  ])('payload file %s', async (_name, content, message) => {
    const file = content.endsWith('.json') ? content : payloadFile(content);
    const error = await rejectionOf(runReportsCreate({...BASE, payloadFile: file}, fakeContext({org: 'acme'})), InputError);
    expect(error.problems[0]!.field).toBe('--payload-file');
    expect(error.problems[0]!.message).toMatch(message);
  });
});
