import {describe, expect, it} from 'vitest';
import {useNock} from '../../../helpers/nock.js';
import {runAssetList} from '../../../../src/cmd/asset/list/list.js';
import type {AssetListFlags} from '../../../../src/cmd/asset/list/options.js';
import {InputError} from '../../../../src/errors.js';
import {API_KEY, fakeContext, interceptApi} from '../../../helpers/fake-context.js';
import {rejectionOf} from '../../../helpers/thrown.js';

// The refusals keep an interceptor ready to show it is never called.
useNock({allowUnused: true});

const PATH = 'asset/list';
const asset = (n: number, extra: Record<string, unknown> = {}) => ({content: `a${n}.example`, type: 'URL', status: 'BLOCKED', watchStatus: 'ENABLED', updatedAt: '2026-11-02T10:00:00.000Z', ...extra});
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

async function sent(flags: AssetListFlags, reply: unknown = {assets: [], next_page: null}, tty = false) {
  const seen = interceptApi('POST', PATH, [{body: reply}]);
  const ctx = fakeContext({tty});
  await runAssetList(flags, ctx);
  expect(seen).toHaveLength(1);
  return {request: seen[0]!, ctx};
}

describe('asset list: the request', () => {
  it.each<[string, AssetListFlags, Record<string, unknown>]>([
    ['the type alone (the upstream defaults the rest)', {assetType: 'url'}, {type: 'URL'}],
    ['--type is --asset-type', {type: 'twitter'}, {type: 'TWITTER'}],
    ['status, days, page', {assetType: 'URL', assetStatus: 'allowed', from: '2026-11-01', to: '2026-11-21', perPage: '10000', nextPage: 'c2'}, {type: 'URL', status: 'ALLOWED', startDate: '2026-11-01', endDate: '2026-11-21', per_page: 10_000, next_page: 'c2'}],
    ['--limit', {assetType: 'URL', limit: '1'}, {type: 'URL', per_page: 1}],
  ])('%s', async (_name, flags, body) => {
    const {request} = await sent(flags);
    expect([request.method, request.path]).toEqual(['POST', '/api/v2/asset/list']);
    expect(request.body).toEqual(body);
    expect(request.headers['x-api-key']).toBe(API_KEY);
  });

  it('an unknown type is sent with a warning (the upstream adds types)', async () => {
    const {request, ctx} = await sent({assetType: 'MASTODON'});
    expect(request.body).toEqual({type: 'MASTODON'});
    expect(ctx.io.err()).toMatch(/warning: --asset-type: MASTODON is not a known asset type/);
  });

  it.each<[string, AssetListFlags, string]>([
    ['no type', {}, '--asset-type'],
    ['both spellings', {assetType: 'URL', type: 'URL'}, '--type'],
    ['a status', {assetType: 'URL', assetStatus: 'GONE'}, '--asset-status'],
    ['per-page 10001', {assetType: 'URL', perPage: '10001'}, '--per-page'],
    ['per-page 0', {assetType: 'URL', perPage: '0'}, '--per-page'],
    ['a day that is none', {assetType: 'URL', from: '2026-13-01'}, '--from'],
    ['from after to', {assetType: 'URL', from: '2026-11-02', to: '2026-11-01'}, '--from'],
    ['--all with --next-page', {assetType: 'URL', all: true, nextPage: 'x'}, '--next-page'],
  ])('refuses %s naming the flag, with nothing sent (exit 3)', async (_name, flags, field) => {
    const seen = interceptApi('POST', PATH, [{body: {assets: [], next_page: null}}]);
    const error = await rejectionOf(runAssetList(flags, fakeContext()), InputError);
    expect(error.exitCode).toBe(3);
    expect(error.problems.map(p => p.field)).toContain(field);
    expect(seen).toHaveLength(0);
  });
});

describe('asset list: output', () => {
  it('TTY: a table (uniform type and status left out) and the next-page command; piped: TSV', async () => {
    const tty = await sent({assetType: 'URL'}, {assets: [asset(1), asset(2)], next_page: 'n2'}, true);
    const lines = tty.ctx.io.out().split('\n');
    expect(lines[0]).toMatch(/^CONTENT\s+WATCH\s+UPDATED$/);
    expect(lines[1]).toMatch(/^a1\.example\s+ENABLED\s+2026-11-02T10:00:00\.000Z$/);
    expect(tty.ctx.io.out()).toContain('Next page: vigil asset list --asset-type URL --next-page n2\n');
    const piped = await sent({assetType: 'URL'}, {assets: [asset(1)], next_page: null});
    expect(piped.ctx.io.out()).toBe('a1.example\tURL\tBLOCKED\tENABLED\t2026-11-02T10:00:00.000Z\n');
  });

  it('--json: the page, cursor named nextPage', async () => {
    const {ctx} = await sent({assetType: 'URL', json: true}, {assets: [{content: 'x.example'}], next_page: ''});
    expect(JSON.parse(ctx.io.out())).toEqual({assets: [{content: 'x.example'}], nextPage: null});
  });

  it('--all --output csv: every page, one header, RFC 4180, no control sequence; --all --json one asset a line', async () => {
    const seen = interceptApi('POST', PATH, [{body: {assets: [asset(1, {content: 'q"\u001b[2J,x'})], next_page: 'p2'}}, {body: {assets: [asset(2)], next_page: null}}]);
    const ctx = fakeContext();
    await runAssetList({assetType: 'URL', all: true, output: 'csv', perPage: '10000'}, ctx);
    expect(seen.map(r => r.body)).toEqual([{type: 'URL', per_page: 10_000}, {type: 'URL', per_page: 10_000, next_page: 'p2'}]);
    const lines = ctx.io.out().split('\r\n');
    expect(lines[0]).toBe('CONTENT,TYPE,STATUS,WATCH,UPDATED');
    expect(lines[1]).toBe('"q"",x",URL,BLOCKED,ENABLED,2026-11-02T10:00:00.000Z');
    expect(ctx.io.out()).not.toMatch(CONTROL);
    interceptApi('POST', PATH, [{body: {assets: [asset(1)], next_page: 'p2'}}, {body: {assets: [asset(2)], next_page: null}}]);
    const json = fakeContext();
    await runAssetList({assetType: 'URL', all: true, json: true}, json);
    expect(json.io.out().trim().split('\n').map(line => JSON.parse(line).content)).toEqual(['a1.example', 'a2.example']);
  });
});
