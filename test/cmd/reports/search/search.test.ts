import nock from 'nock';
import {describe, expect, it} from 'vitest';
import {useNock} from '../../../helpers/nock.js';
import {runReportsSearch, type SearchFlags} from '../../../../src/cmd/reports/search/search.js';
import {API_KEY, fakeContext, interceptApi} from '../../../helpers/fake-context.js';
import {rejectionOf} from '../../../helpers/thrown.js';
import {CredentialsError, InputError} from '../../../../src/errors.js';
import {ExitCode} from '../../../../src/exit-codes.js';

useNock();

const NONE = {reports: [], totalCount: 0};

async function sentFor(flags: SearchFlags, reply: unknown = NONE, tty = false) {
  const seen = interceptApi('POST', 'reports/search', [{body: reply}]);
  const ctx = fakeContext({org: 'acme', tty});
  await runReportsSearch(flags, ctx);
  expect(seen).toHaveLength(1);
  return {request: seen[0]!, ctx};
}

describe('reports search: the one request', () => {
  it.each<[string, SearchFlags, Record<string, unknown>]>([
    ['positional contents; no limit sent without --limit (the upstream defaults to 50)', {contents: ['a.example', 'b.example']}, {slug: 'acme', assetContents: ['a.example', 'b.example']}],
    ['--asset, repeatable, with positionals', {contents: ['a.example'], asset: ['@handle', 'eip155:1:0xabc']}, {slug: 'acme', assetContents: ['a.example', '@handle', 'eip155:1:0xabc']}],
    ['repeats (normalised) asked once', {contents: ['a.example', 'https://A.example/']}, {slug: 'acme', assetContents: ['a.example']}],
    ['--limit', {contents: ['a.example'], limit: '100'}, {slug: 'acme', assetContents: ['a.example'], limit: 100}],
    ['--reported-by-customer', {contents: ['a.example'], reportedByCustomer: 'true'}, {slug: 'acme', assetContents: ['a.example'], reportedByCustomer: true}],
    ['--no-reported-by-customer', {contents: ['a.example'], reportedByCustomer: 'false'}, {slug: 'acme', assetContents: ['a.example'], reportedByCustomer: false}],
  ])('%s', async (_name, flags, body) => {
    const {request} = await sentFor(flags);
    expect(request.path).toBe('/api/v2/reports/search');
    expect(request.body).toEqual(body);
    expect(request.headers['x-api-key']).toBe(API_KEY);
  });

  it.each<[string, SearchFlags, string]>([
    ['no asset', {}, '<content>'],
    ['limit 0', {contents: ['a'], limit: '0'}, '--limit'],
    ['limit 101', {contents: ['a'], limit: '101'}, '--limit'],
    ['blank asset', {asset: [' ']}, '--asset'],
  ])('invalid: %s (nothing sent)', async (_name, flags, field) => {
    const error = await rejectionOf(runReportsSearch(flags, fakeContext({org: 'acme'})), InputError);
    expect(error.problems.map(p => p.field)).toContain(field);
  });
});

describe('reports search without an org or a key', () => {
  // The context is the CLI's own (test/helpers/fake-context.ts): its errors and hints too.
  it('names --org with the ways to give one, or says how to give a key; nothing sent', async () => {
    const noOrg = await rejectionOf(runReportsSearch({contents: ['a.example']}, fakeContext()), InputError);
    expect(noOrg.message).toBe('--org: no organization given');
    expect(noOrg.hint).toBe('pass --org <slug>, set VIGIL_ORG, or run `vigil config set org <slug>`');
    const noKey = await rejectionOf(runReportsSearch({contents: ['a.example']}, fakeContext({org: 'acme', apiKey: null})), CredentialsError);
    expect(noKey.exitCode).toBe(ExitCode.Auth);
    expect(noKey.hint).toBe('run `vigil auth login`, or set VIGIL_API_KEY');
  });
});

describe('reports search: an answer per queried asset', () => {
  const hits = {
    reports: [
      {id: 12, status: 'TODO', title: 'One', assets: ['a.example']},
      {id: 15, status: 'CLOSED', title: 'Two', assets: ['A.example/', 'c.example']},
    ],
    totalCount: 2,
  };

  it('--json: assets answered from the hits\' assets, with the same normalisation as upstream', async () => {
    const {ctx} = await sentFor({contents: ['https://a.example', 'b.example', 'C.EXAMPLE'], json: true}, hits);
    const out = JSON.parse(ctx.io.out());
    expect(out.assets).toEqual([
      {content: 'https://a.example', reported: true, reports: [{id: '12', status: 'TODO'}, {id: '15', status: 'CLOSED'}]},
      {content: 'b.example', reported: false, reports: []},
      {content: 'C.EXAMPLE', reported: true, reports: [{id: '15', status: 'CLOSED'}]},
    ]);
    expect(out.totalCount).toBe(2);
    expect(out.reports.map((r: {id: string}) => r.id)).toEqual(['12', '15']);
  });

  it('piped: one TSV row per asset', async () => {
    const {ctx} = await sentFor({contents: ['a.example', 'b.example']}, hits);
    expect(ctx.io.out()).toBe('a.example\tyes\t12:TODO,15:CLOSED\nb.example\tno\t\n');
  });

  it('TTY: a table saying yes/no per asset', async () => {
    const {ctx} = await sentFor({contents: ['a.example', 'b.example']}, hits, true);
    const lines = ctx.io.out().split('\n');
    expect(lines[0]).toMatch(/^ASSET\s+REPORTED\s+REPORTS$/);
    expect(lines[1]).toMatch(/^a\.example\s+yes\s+12 \(TODO\), 15 \(CLOSED\)$/);
    expect(lines[2]).toMatch(/^b\.example\s+no$/);
  });

  it('hits without assets: reports match the query as a whole, per-asset answer unknown', async () => {
    const whole = {reports: [{id: 7, status: 'TODO', title: 'Seven'}], totalCount: 1};
    const {ctx} = await sentFor({contents: ['a.example', 'b.example'], json: true}, whole);
    expect(JSON.parse(ctx.io.out()).assets).toEqual([
      {content: 'a.example', reported: null, reports: [{id: '7', status: 'TODO'}]},
      {content: 'b.example', reported: null, reports: [{id: '7', status: 'TODO'}]},
    ]);
    const tty = await sentFor({contents: ['a.example', 'b.example']}, whole, true);
    expect(tty.ctx.io.out()).toContain('match the query as a whole');
    expect(tty.ctx.io.out()).toMatch(/\n7\s+TODO\s+Seven/);
  });

  it('a hit naming none of the queried assets is not dropped: a note on stderr', async () => {
    const odd = {reports: [{id: 12, status: 'TODO', assets: ['a.example']}, {id: 31, status: 'CLOSED', assets: ['other.example']}]};
    const {ctx} = await sentFor({contents: ['a.example', 'b.example']}, odd);
    expect(ctx.io.out()).toBe('a.example\tyes\t12:TODO\nb.example\tno\t\n');
    expect(ctx.io.err()).toBe('note: also matched, without naming a queried asset: 31 (CLOSED)\n');
  });

  it('a single queried asset is covered by every hit, with or without assets', async () => {
    const {ctx} = await sentFor({contents: ['a.example'], json: true}, {reports: [{id: 7, status: 'TODO'}]});
    expect(JSON.parse(ctx.io.out()).assets).toEqual([{content: 'a.example', reported: true, reports: [{id: '7', status: 'TODO'}]}]);
  });
});
