import {describe, expect, it} from 'vitest';
import {runOrgAssetsList} from '../../../../../src/cmd/orgs/assets/list/list.js';
import {ContractError, InputError} from '../../../../../src/errors.js';
import {fakeContext, interceptApi} from '../../../../helpers/fake-context.js';
import {useNock} from '../../../../helpers/nock.js';
import {HOSTILE, readContract, sentWith} from '../../../../helpers/plain-read.js';
import {rejectionOf} from '../../../../helpers/thrown.js';

useNock({allowUnused: true});

const PATH = 'organization/assets';
const c = {run: runOrgAssetsList, method: 'GET', path: PATH} as const;
const asset = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  content: `a${id}.example`,
  type: 'URL',
  status: 'ALLOWED',
  name: `Site ${id}`,
  description: null,
  group: {id: 7, name: 'Domains'},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...extra,
});

describe('orgs assets list', () => {
  readContract({
    ...c,
    reply: {assets: [asset(1), asset(2, {type: 'TWITTER', group: null})], next_page: null},
    header: /^ID\s+CONTENT\s+TYPE\s+NAME\s+GROUP\s+UPDATED$/,
    tsv: '1\ta1.example\tURL\tALLOWED\tSite 1\tDomains\t2026-01-02T00:00:00.000Z\n2\ta2.example\tTWITTER\tALLOWED\tSite 2\t\t2026-01-02T00:00:00.000Z\n',
    hostile: {assets: [asset(1, {content: HOSTILE})], next_page: null},
  });

  it('sends the documented query, each parameter only when given', async () => {
    const {request} = await sentWith(c, {type: 'url', groupId: '-1', query: 'wallet', limit: '1000', nextPage: '12347'}, {assets: []});
    expect(request.query).toEqual({type: 'URL', groupId: '-1', query: 'wallet', per_page: '1000', next_page: '12347'});
  });

  it('an unknown asset type is sent with a warning', async () => {
    const {request, ctx} = await sentWith(c, {assetType: 'MASTODON'}, {assets: []});
    expect(request.query).toEqual({type: 'MASTODON'});
    expect(ctx.io.err()).toMatch(/warning: --asset-type: MASTODON is not a known asset type/);
  });

  it('TTY: the next-page command, every filter repeated', async () => {
    const {ctx} = await sentWith(c, {perPage: '1', query: 'a b'}, {assets: [asset(1)], next_page: '1'}, {tty: true});
    expect(ctx.io.out()).toContain("Next page: vigil orgs assets list --query 'a b' --per-page 1 --next-page 1\n");
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['per-page 0', {perPage: '0'}, '--per-page'],
    ['per-page 1001', {perPage: '1001'}, '--per-page'],
    ['limit and per-page', {perPage: '5', limit: '5'}, '--limit'],
    ['type and asset-type', {type: 'URL', assetType: 'URL'}, '--type'],
    ['group-id -2', {groupId: '-2'}, '--group-id'],
    ['group-id x', {groupId: 'x'}, '--group-id'],
    ['blank query', {query: ' '}, '--query'],
    ['a type no type could be', {assetType: 'no-such-type'}, '--asset-type'],
    ['--all with --next-page', {all: true, nextPage: '3'}, '--next-page'],
  ])('refuses %s naming the flag, with nothing sent (exit 3)', async (_name, flags, field) => {
    const seen = interceptApi('GET', PATH, [{body: {assets: []}}]);
    const error = await rejectionOf(runOrgAssetsList(flags, fakeContext()), InputError);
    expect(error.exitCode).toBe(3);
    expect(error.problems.map(p => p.field)).toContain(field);
    expect(seen).toHaveLength(0);
  });

  it('--all --output csv follows next_page to the end: one header, every row', async () => {
    const seen = interceptApi('GET', PATH, [
      {body: {assets: [asset(1), asset(2)], next_page: '2'}},
      {body: {assets: [asset(3)], next_page: 3}},
      {body: {assets: [asset(4)]}},
    ]);
    const ctx = fakeContext();
    await runOrgAssetsList({all: true, output: 'csv', perPage: '2', type: 'URL'}, ctx);
    expect(seen.map(r => r.query)).toEqual([{per_page: '2', type: 'URL'}, {per_page: '2', type: 'URL', next_page: '2'}, {per_page: '2', type: 'URL', next_page: '3'}]);
    const lines = ctx.io.out().split('\r\n');
    expect(lines[0]).toBe('ID,CONTENT,TYPE,STATUS,NAME,GROUP,UPDATED');
    expect(lines.slice(1, -1).map(line => line.split(',')[0])).toEqual(['1', '2', '3', '4']);
  });

  it('--all --json: one asset a line, as sent; a next_page handed back twice stops with a contract error', async () => {
    interceptApi('GET', PATH, [{body: {assets: [asset(1)], next_page: '2'}}, {body: {assets: [asset(2, {extra: {kept: true}})], next_page: '2'}}]);
    const ctx = fakeContext();
    const error = await rejectionOf(runOrgAssetsList({all: true, json: true}, ctx), ContractError);
    expect(error.message).toMatch(/next page "2" was already returned/);
    expect(ctx.io.out().trim().split('\n').map(line => JSON.parse(line))).toEqual([asset(1), asset(2, {extra: {kept: true}})]);
  });
});
