import {describe, expect, it} from 'vitest';
import {useNock} from '../../../helpers/nock.js';
import {runAssetSearch} from '../../../../src/cmd/asset/search/search.js';
import {InputError} from '../../../../src/errors.js';
import {API_KEY, fakeContext, interceptApi} from '../../../helpers/fake-context.js';
import {rejectionOf} from '../../../helpers/thrown.js';

useNock({allowUnused: true});

const PATH = 'asset/search';
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const REPORTED = {
  asset: {id: 7012, content: 'evil.example', type: 'URL', status: 'BLOCKED', watchStatus: 'ENABLED', createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-02T00:00:00.000Z'},
  reports: [{id: 1201, title: 'Phishing site impersonating acme-wallet', status: 'CLOSED', createdAt: '2026-11-01T00:00:00.000Z'}, {id: 1190, title: 'Older', status: 'TODO', createdAt: '2026-10-01T00:00:00.000Z'}],
  takedown: {id: 9001, status: 'IN_PROGRESS', createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-02T00:00:00.000Z', tasks: [{id: 1, type: 'HOSTING_PROVIDER', status: 'SUBMITTED', submittedAt: '2026-11-01T01:00:00.000Z', takedownProvider: {name: 'Host Co'}}]},
  blockedBy: [{consumer: 'metamask', name: 'MetaMask', consumedAt: '2026-11-02T01:00:00.000Z'}],
};
const NONE = {asset: null, reports: [], takedown: null, blockedBy: []};

async function run(flags: Parameters<typeof runAssetSearch>[0], replies: Array<{status?: number; body: unknown}>, tty = false, times = replies.length) {
  const seen = interceptApi('POST', PATH, replies, times);
  const ctx = fakeContext({tty});
  const code = await runAssetSearch(flags, ctx);
  return {seen, ctx, code};
}

describe('asset search', () => {
  it('one request per asset, by content then by id, each with the key', async () => {
    const {seen, code} = await run({contents: [' evil.example '], asset: ['b.example'], id: ['7012']}, [{body: REPORTED}], false, 3);
    expect(seen.map(r => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/v2/asset/search', {content: 'evil.example'}],
      ['POST', '/api/v2/asset/search', {content: 'b.example'}],
      ['POST', '/api/v2/asset/search', {assetId: 7012}],
    ]);
    expect(seen.every(r => r.headers['x-api-key'] === API_KEY)).toBe(true);
    expect(code).toBe(0);
  });

  it('TTY: the row, then the reported asset\'s reports, its takedown\'s tasks and who blocks it', async () => {
    const {ctx} = await run({contents: ['evil.example']}, [{body: REPORTED}], true);
    const out = ctx.io.out();
    expect(out.split('\n')[1]).toMatch(/^evil\.example\s+7012\s+evil\.example\s+URL\s+BLOCKED\s+ENABLED\s+1201,1190\s+9001:IN_PROGRESS\s+metamask$/);
    expect(out).toContain('Reports of evil.example:\n');
    expect(out).toMatch(/\n1201\s+CLOSED\s+Phishing site impersonating acme-wallet\s+2026-11-01T00:00:00\.000Z\n1190\s+TODO\s+Older/);
    expect(out).toMatch(/Takedown 9001 \(IN_PROGRESS\) of evil\.example:\nTASK.*\n1\s+HOSTING_PROVIDER\s+SUBMITTED\s+Host Co/);
    expect(out).toMatch(/evil\.example is blocked by:\nBLOCKED BY\s+NAME\s+SINCE\nmetamask\s+MetaMask/);
  });

  it('piped: one TSV row per asset, nothing else', async () => {
    const {ctx} = await run({contents: ['evil.example']}, [{body: REPORTED}]);
    expect(ctx.io.out()).toBe('evil.example\t7012\tevil.example\tURL\tBLOCKED\tENABLED\t1201,1190\t9001:IN_PROGRESS\tmetamask\n');
  });

  it('not found (asset null, or a 404): NOT FOUND rows, exit 4 after every answer', async () => {
    const {ctx, code} = await run({contents: ['nope.example', 'gone.example']}, [{body: NONE}, {status: 404, body: {message: 'Not found', code: 'NOT_FOUND'}}]);
    expect(ctx.io.out()).toBe('nope.example\t\t\t\tNOT FOUND\t\t\t\t\ngone.example\t\t\t\tNOT FOUND\t\t\t\t\n');
    expect(ctx.io.err()).toContain('not found: nope.example, gone.example');
    expect(code).toBe(4);
  });

  it('--json: one asset flat with its query; several as {results}', async () => {
    const one = await run({contents: ['evil.example'], json: true}, [{body: REPORTED}]);
    expect(JSON.parse(one.ctx.io.out())).toMatchObject({query: 'evil.example', asset: {id: '7012', status: 'BLOCKED'}, reports: [{id: '1201'}, {id: '1190'}], blockedBy: [{consumer: 'metamask'}]});
    const two = await run({id: ['1', '2'], json: true}, [{body: REPORTED}, {body: NONE}]);
    expect(JSON.parse(two.ctx.io.out()).results.map((r: {query: string}) => r.query)).toEqual(['#1', '#2']);
  });

  it('CSV has a header row; no control sequence of the upstream reaches a table, TSV or CSV', async () => {
    const hostile = {...REPORTED, asset: {...REPORTED.asset, content: 'a\u001b[2J,"b"'}, reports: [{id: 1, title: 'T\u001b]8;;x\u0007'}], blockedBy: [{consumer: 'q\u009b9'}]};
    for (const [tty, output] of [[true, undefined], [false, undefined], [false, 'csv']] as const) {
      const {ctx} = await run({contents: ['x'], ...(output ? {output} : {})}, [{body: hostile}], tty);
      expect(ctx.io.out()).not.toMatch(CONTROL);
      if (output === 'csv') expect(ctx.io.out().split('\r\n')[0]).toBe('QUERY,ID,ASSET,TYPE,STATUS,WATCH,REPORTS,TAKEDOWN,BLOCKED BY');
    }
  });

  it.each([
    ['nothing to search', {}, '<content>'],
    ['an id that is no number', {id: ['x7']}, '--id'],
    ['an id of 0', {id: ['0']}, '--id'],
    ['an empty content', {asset: [' ']}, '--asset'],
    ['output', {contents: ['a'], output: 'yaml'}, '--output'],
  ])('refuses %s naming the flag, with nothing sent (exit 3)', async (_name, flags, field) => {
    const seen = interceptApi('POST', PATH, [{body: NONE}]);
    const error = await rejectionOf(runAssetSearch(flags, fakeContext()), InputError);
    expect(error.exitCode).toBe(3);
    expect(error.problems.map(p => p.field)).toContain(field);
    expect(seen).toHaveLength(0);
  });
});
