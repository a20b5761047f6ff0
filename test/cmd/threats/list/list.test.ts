import {describe, expect, it} from 'vitest';
import {useNock} from '../../../helpers/nock.js';
import {runThreatsList} from '../../../../src/cmd/threats/list/list.js';
import type {ThreatsListFlags} from '../../../../src/cmd/threats/list/options.js';
import {InputError} from '../../../../src/errors.js';
import {API_KEY, fakeContext, interceptApi} from '../../../helpers/fake-context.js';
import {rejectionOf} from '../../../helpers/thrown.js';

// The refusals keep an interceptor ready to show it is never called.
useNock({allowUnused: true});

const PATH = 'threats/list';
const threat = (id: number, extra: Record<string, unknown> = {}) => ({id, content: `t${id}.example`, type: 'URL', blockedAt: '2026-11-02T10:00:00.000Z', ...extra});
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

async function sent(flags: ThreatsListFlags, reply: unknown = {threats: [], next_page: null}, tty = false) {
  const seen = interceptApi('POST', PATH, [{body: reply}]);
  const ctx = fakeContext({org: 'acme', tty});
  await runThreatsList(flags, ctx);
  expect(seen).toHaveLength(1);
  return {request: seen[0]!, ctx};
}

describe('threats list: the request', () => {
  it.each<[string, ThreatsListFlags, Record<string, unknown>]>([
    ['no filter: an empty body, no org (the key decides)', {}, {}],
    ['--query and days as given', {query: 'wallet', from: '2026-11-01', to: '2026-11-15'}, {query: 'wallet', startDate: '2026-11-01', endDate: '2026-11-15'}],
    ['--asset-type upper-cased', {assetType: 'url,page'}, {assetType: ['URL', 'PAGE']}],
    ['--sort-by alone sorts asc, as the upstream', {sortBy: 'blockedat'}, {sorting: [{key: 'blockedAt', direction: 'asc'}]}],
    ['--sort-direction', {sortBy: 'content', sortDirection: 'DESC'}, {sorting: [{key: 'content', direction: 'desc'}]}],
    ['--per-page, --next-page', {perPage: '100', nextPage: '12348'}, {per_page: 100, next_page: '12348'}],
    ['--limit', {limit: '1'}, {per_page: 1}],
  ])('%s', async (_name, flags, body) => {
    const {request} = await sent(flags);
    expect([request.method, request.path]).toEqual(['POST', '/api/v2/threats/list']);
    expect(request.body).toEqual(body);
    expect(request.headers['x-api-key']).toBe(API_KEY);
  });

  it.each<[string, ThreatsListFlags, string]>([
    ['per-page 101', {perPage: '101'}, '--per-page'],
    ['per-page and limit', {perPage: '5', limit: '5'}, '--limit'],
    ['a date-time where a day is documented', {from: '2026-11-01T10:00:00Z'}, '--from'],
    ['a day that is none', {to: '2026-02-30'}, '--to'],
    ['from after to', {from: '2026-11-02', to: '2026-11-01'}, '--from'],
    ['sort key', {sortBy: 'updatedAt'}, '--sort-by'],
    ['direction alone', {sortDirection: 'asc'}, '--sort-direction'],
    ['--all with --next-page', {all: true, nextPage: '2'}, '--next-page'],
    ['output', {output: 'xml'}, '--output'],
  ])('refuses %s naming the flag, with nothing sent (exit 3)', async (_name, flags, field) => {
    const seen = interceptApi('POST', PATH, [{body: {threats: [], next_page: null}}]);
    const error = await rejectionOf(runThreatsList(flags, fakeContext()), InputError);
    expect(error.exitCode).toBe(3);
    expect(error.problems.map(p => p.field)).toContain(field);
    expect(seen).toHaveLength(0);
  });
});

describe('threats list: output', () => {
  it('TTY: a table and the next-page command; piped: TSV rows only', async () => {
    const tty = await sent({perPage: '2', from: '2026-11-01'}, {threats: [threat(1), threat(2)], next_page: 3}, true);
    const lines = tty.ctx.io.out().split('\n');
    expect(lines[0]).toMatch(/^ID\s+CONTENT\s+BLOCKED$/);
    expect(lines[1]).toMatch(/^1\s+t1\.example\s+2026-11-02T10:00:00\.000Z$/);
    expect(tty.ctx.io.out()).toContain('Next page: vigil threats list --from 2026-11-01 --per-page 2 --next-page 3\n');
    const piped = await sent({}, {threats: [threat(1)], next_page: 3});
    expect(piped.ctx.io.out()).toBe('1\tt1.example\tURL\t2026-11-02T10:00:00.000Z\n');
  });

  it('--json: the page with nextPage; a bare threat is a row of absent fields', async () => {
    const {ctx} = await sent({json: true}, {threats: [{id: 4}], next_page: null});
    expect(JSON.parse(ctx.io.out())).toEqual({threats: [{id: '4'}], nextPage: null});
    const md = await sent({output: 'markdown'}, {threats: [{id: 4}], next_page: null});
    expect(md.ctx.io.out().split('\n')[2]).toBe('| 4 | - | - | - |');
  });

  it('--all --output csv follows next_page to the end, one header, RFC 4180, no control sequence', async () => {
    const seen = interceptApi('POST', PATH, [
      {body: {threats: [threat(1, {content: 'a,"b"\u001b[2J'})], next_page: '2'}},
      {body: {threats: [threat(2)], next_page: null}},
    ]);
    const ctx = fakeContext();
    await runThreatsList({all: true, output: 'csv', from: '2026-01-01'}, ctx);
    expect(seen.map(r => r.body)).toEqual([{startDate: '2026-01-01'}, {startDate: '2026-01-01', next_page: '2'}]);
    const lines = ctx.io.out().split('\r\n');
    expect(lines[0]).toBe('ID,CONTENT,TYPE,BLOCKED');
    expect(lines[1]).toBe('1,"a,""b""",URL,2026-11-02T10:00:00.000Z');
    expect(lines[2]).toMatch(/^2,/);
    expect(ctx.io.out()).not.toMatch(CONTROL);
  });

  it('no control sequence of the upstream reaches a table or TSV', async () => {
    for (const tty of [true, false]) {
      const {ctx} = await sent({}, {threats: [threat(1, {content: 'evil\u001b]8;;https://x.example\u0007link\u001b]8;;\u0007.example', type: 'URL\u001b[31m'})], next_page: null}, tty);
      expect(ctx.io.out()).not.toMatch(CONTROL);
      expect(ctx.io.out()).toContain('evillink.example');
    }
  });
});
