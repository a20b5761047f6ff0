import {describe, expect, it} from 'vitest';
import {useNock} from '../../../helpers/nock.js';
import {runTakedownsList} from '../../../../src/cmd/takedowns/list/list.js';
import type {TakedownsListFlags} from '../../../../src/cmd/takedowns/list/options.js';
import {ContractError, InputError} from '../../../../src/errors.js';
import {API_KEY, fakeContext, interceptApi} from '../../../helpers/fake-context.js';
import {rejectionOf} from '../../../helpers/thrown.js';

// The refusals keep an interceptor ready to show it is never called.
useNock({allowUnused: true});

const PATH = 'takedowns/list';
const takedown = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  status: 'IN_PROGRESS',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  asset: {id: id * 10, content: `t${id}.example`, type: 'URL', livenessStatus: 'ALIVE'},
  assignee: {id: 4, fullName: 'Dana'},
  brand: {id: 101, name: 'Acme', slug: 'acme'},
  ...extra,
});

async function sent(flags: TakedownsListFlags, reply: unknown = {takedowns: [], next_page: null}, org: string | null = 'acme') {
  const seen = interceptApi('POST', PATH, [{body: reply}]);
  const ctx = fakeContext(org === null ? {} : {org});
  await runTakedownsList(flags, ctx);
  expect(seen).toHaveLength(1);
  return {request: seen[0]!, ctx};
}

describe('takedowns list: the request', () => {
  it.each<[string, TakedownsListFlags, Record<string, unknown>]>([
    ['no filter: the org only', {}, {slug: 'acme'}],
    ['--query', {query: 'wallet'}, {slug: 'acme', query: 'wallet'}],
    ['--from/--to as ISO 8601 (a bare --to is the end of its day)', {from: '2026-11-01', to: '2026-11-15'}, {slug: 'acme', startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-11-15T23:59:59.999Z'}],
    ['lists upper-cased, repeats dropped', {assetType: 'url,twitter,URL', takedownStatus: 'in_progress,todo', livenessStatus: 'dead'}, {slug: 'acme', assetType: ['URL', 'TWITTER'], takedownStatus: ['IN_PROGRESS', 'TODO'], livenessStatus: ['DEAD']}],
    ['--sort-by alone sorts desc', {sortBy: 'createdAt'}, {slug: 'acme', sorting: [{key: 'createdAt', direction: 'desc'}]}],
    ['--sort-direction', {sortBy: 'updatedat', sortDirection: 'ASC'}, {slug: 'acme', sorting: [{key: 'updatedAt', direction: 'asc'}]}],
    ['--per-page and --next-page', {perPage: '100', nextPage: '30'}, {slug: 'acme', per_page: 100, next_page: '30'}],
    ['--limit is --per-page', {limit: '5'}, {slug: 'acme', per_page: 5}],
  ])('%s', async (_name, flags, body) => {
    const {request} = await sent(flags);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/v2/takedowns/list');
    expect(request.body).toEqual(body);
    expect(request.headers['x-api-key']).toBe(API_KEY);
  });

  it('sends no slug without an org: an org-scoped key names its own', async () => {
    const {request} = await sent({}, undefined, null);
    expect(request.body).toEqual({});
  });

  it('an undocumented status is sent with a warning; an unknown asset type too', async () => {
    const {request, ctx} = await sent({takedownStatus: 'APPEALED', assetType: 'MASTODON'});
    expect(request.body).toMatchObject({takedownStatus: ['APPEALED'], assetType: ['MASTODON']});
    expect(ctx.io.err()).toMatch(/warning: --takedown-status: APPEALED not a documented value/);
    expect(ctx.io.err()).toMatch(/warning: --asset-type: MASTODON is not a known asset type/);
  });

  it.each<[string, TakedownsListFlags, string]>([
    ['per-page 0', {perPage: '0'}, '--per-page'],
    ['per-page 101', {perPage: '101'}, '--per-page'],
    ['limit abc', {limit: 'abc'}, '--limit'],
    ['per-page and limit', {perPage: '5', limit: '5'}, '--limit'],
    ['liveness', {livenessStatus: 'ZOMBIE'}, '--liveness-status'],
    ['empty status list', {takedownStatus: ','}, '--takedown-status'],
    ['sort key', {sortBy: 'colour'}, '--sort-by'],
    ['direction alone', {sortDirection: 'asc'}, '--sort-direction'],
    ['direction', {sortBy: 'createdAt', sortDirection: 'up'}, '--sort-direction'],
    ['a date that is none', {from: '2026-02-30'}, '--from'],
    ['from after to', {from: '2026-11-02', to: '2026-11-01'}, '--from'],
    ['blank query', {query: ' '}, '--query'],
    ['--all with --next-page', {all: true, nextPage: '3'}, '--next-page'],
    ['output', {output: 'yaml'}, '--output'],
  ])('refuses %s naming the flag, with nothing sent (exit 3)', async (_name, flags, field) => {
    const seen = interceptApi('POST', PATH, [{body: {takedowns: [], next_page: null}}]);
    const error = await rejectionOf(runTakedownsList(flags, fakeContext({org: 'acme'})), InputError);
    expect(error.exitCode).toBe(3);
    expect(error.problems.map(p => p.field)).toContain(field);
    expect(seen).toHaveLength(0);
  });
});

describe('takedowns list: output', () => {
  const HOSTILE = 'evil\u001b]8;;https://x.example\u0007link\u001b]8;;\u0007\u001b[2J.example';

  it('TTY: a table and the next-page command; piped: TSV rows only', async () => {
    const {ctx} = await (async () => {
      interceptApi('POST', PATH, [{body: {takedowns: [takedown(1), takedown(2)], next_page: '2'}}]);
      const tty = fakeContext({org: 'acme', tty: true});
      await runTakedownsList({perPage: '2'}, tty);
      return {ctx: tty};
    })();
    const lines = ctx.io.out().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+ASSET\s+LIVENESS\s+UPDATED$/);
    expect(lines[1]).toMatch(/^1\s+IN_PROGRESS\s+t1\.example\s+ALIVE\s+2026-11-02T10:00:00\.000Z$/);
    expect(ctx.io.out()).toContain('Next page: vigil takedowns list --org acme --per-page 2 --next-page 2\n');

    const piped = await sent({}, {takedowns: [takedown(1)], next_page: '2'});
    expect(piped.ctx.io.out()).toBe('1\tIN_PROGRESS\tt1.example\tURL\tALIVE\tAcme\tDana\t2026-11-02T10:00:00.000Z\n');
  });

  it('a bare takedown (id only) is a row of absent fields, never a failed page; a missing id is a contract error', async () => {
    const {ctx} = await sent({output: 'markdown'}, {takedowns: [{id: 9}], next_page: null});
    expect(ctx.io.out().split('\n')[2]).toBe('| 9 | - | - | - | - | - | - | - |');
    interceptApi('POST', PATH, [{body: {takedowns: [{status: 'TODO'}]}}]);
    await rejectionOf(runTakedownsList({}, fakeContext({org: 'acme'})), ContractError);
  });

  it('--json prints the page, cursor named nextPage', async () => {
    const {ctx} = await sent({json: true}, {takedowns: [takedown(1)], next_page: 7, extra: 'ignored'});
    const out = JSON.parse(ctx.io.out());
    expect(out.nextPage).toBe('7');
    expect(out.takedowns[0]).toMatchObject({id: '1', asset: {content: 't1.example', livenessStatus: 'ALIVE'}});
  });

  it('no control sequence of the upstream reaches the table, TSV or CSV', async () => {
    for (const [tty, output] of [[true, undefined], [false, undefined], [false, 'csv']] as const) {
      interceptApi('POST', PATH, [{body: {takedowns: [takedown(1, {asset: {content: HOSTILE}, status: 'TODO\u001b[31m'})], next_page: 'x\u001b[2J'}}]);
      const ctx = fakeContext({org: 'acme', tty});
      await runTakedownsList(output === undefined ? {} : {output}, ctx);
      expect(ctx.io.out()).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
      expect(ctx.io.out()).toContain('evillink.example');
    }
  });

  it('--all --output csv follows next_page to the end: one header, every row, RFC 4180', async () => {
    const seen = interceptApi('POST', PATH, [
      {body: {takedowns: [takedown(1), takedown(2, {asset: {content: 'a,"b"'}})], next_page: '2'}},
      {body: {takedowns: [takedown(3)], next_page: '3'}},
      {body: {takedowns: [takedown(4)], next_page: null}},
    ]);
    const ctx = fakeContext({org: 'acme'});
    await runTakedownsList({all: true, output: 'csv', perPage: '2', livenessStatus: 'ALIVE'}, ctx);
    expect(seen.map(r => (r.body as {next_page?: string}).next_page)).toEqual([undefined, '2', '3']);
    expect(seen.every(r => (r.body as {per_page: number}).per_page === 2 && (r.body as {livenessStatus: string[]}).livenessStatus[0] === 'ALIVE')).toBe(true);
    const lines = ctx.io.out().split('\r\n');
    expect(lines[0]).toBe('ID,STATUS,ASSET,TYPE,LIVENESS,BRAND,ASSIGNEE,UPDATED');
    expect(lines.slice(1, -1).map(line => line.split(',')[0])).toEqual(['1', '2', '3', '4']);
    expect(lines[2]).toContain(',"a,""b""",');
  });

  it('--all --json: one takedown a line; a next_page that comes back again stops with a contract error', async () => {
    interceptApi('POST', PATH, [{body: {takedowns: [takedown(1)], next_page: '2'}}, {body: {takedowns: [takedown(2)], next_page: '2'}}]);
    const ctx = fakeContext({org: 'acme'});
    const error = await rejectionOf(runTakedownsList({all: true, json: true}, ctx), ContractError);
    expect(error.message).toMatch(/next page "2" was already returned/);
    expect(ctx.io.out().trim().split('\n').map(line => JSON.parse(line).id)).toEqual(['1', '2']);
  });
});
