import nock from 'nock';
import type {PassThrough} from 'node:stream';
import {describe, expect, it} from 'vitest';
import {createApiClient} from '../../../../src/api/client.js';
import {runAssetCheck} from '../../../../src/cmd/asset/check/check.js';
import type {AssetCheckFlags} from '../../../../src/cmd/asset/check/options.js';
import {ApiError, InputError} from '../../../../src/errors.js';
import {useNock} from '../../../helpers/nock.js';
import {API_KEY, BASE_URL, fakeContext, interceptApi} from '../../../helpers/fake-context.js';
import {rejectionOf} from '../../../helpers/thrown.js';

useNock({allowUnused: true});

const ORIGIN = new URL(BASE_URL).origin;
const PATH = `${new URL(BASE_URL).pathname}/asset/check`;
const answer = (content: string) => ({status: content.startsWith('bad') ? 'BLOCKED' : content.startsWith('ok') ? 'ALLOWED' : 'UNKNOWN', source: 'chainpatrol', sources: [{source: 'chainpatrol', status: 'UNKNOWN'}]});

interface Seen {
  content: string;
  at: number;
  key: unknown;
}

/** A recording upstream: each answer after `delay(content)` ms; counts requests in flight at once. */
function upstream(options: {delay?: (content: string) => number; status?: (content: string, index: number) => number; headers?: Record<string, string>} = {}) {
  const seen: Seen[] = [];
  const state = {inFlight: 0, peak: 0};
  nock(ORIGIN)
    .post(PATH)
    .times(1000)
    .reply(function (this: nock.ReplyFnContext, _uri, body, callback) {
      const content = (body as {content: string}).content;
      seen.push({content, at: performance.now(), key: this.req.headers['x-api-key']});
      const index = seen.length - 1;
      state.inFlight++;
      state.peak = Math.max(state.peak, state.inFlight);
      setTimeout(() => {
        state.inFlight--;
        const status = options.status?.(content, index) ?? 200;
        callback(null, [status, JSON.stringify(status === 200 ? answer(content) : {message: `status ${status}`, code: 'X'}), {'content-type': 'application/json', ...(status === 429 ? options.headers : {})}]);
      }, options.delay?.(content) ?? 5);
    });
  return {seen, state};
}

function withStdin(lines: string[], tty = false) {
  const ctx = fakeContext({tty});
  (ctx.io.stdin as PassThrough).end(lines.map(line => `${line}\n`).join(''));
  return ctx;
}

describe('asset check: requests', () => {
  it('POSTs {content} to asset/check with the key, once per asset', async () => {
    const {seen} = upstream();
    const ctx = fakeContext();
    expect(await runAssetCheck({contents: ['bad.example', 'ok.example'], asset: ['@handle']}, ctx)).toBe(0);
    expect(seen.map(s => s.content).sort()).toEqual(['@handle', 'bad.example', 'ok.example']);
    expect(seen.every(s => s.key === API_KEY)).toBe(true);
  });

  it('25 assets from stdin: at most 10 in flight, results in input order however the answers come back', async () => {
    const lines = Array.from({length: 25}, (_, i) => `a${i}.example`);
    // Earlier assets answer later, so answers arrive out of order.
    const {state} = upstream({delay: content => 60 - Number(content.slice(1, -8)) * 2});
    const ctx = withStdin(['', ...lines, '  ']);
    expect(await runAssetCheck({contents: ['-']}, ctx)).toBe(0);
    expect(state.peak).toBe(10);
    expect(ctx.io.out().trim().split('\n').map(line => line.split('\t')[0])).toEqual(lines);
    expect(ctx.io.err()).toContain('checked 25: 0 blocked, 0 allowed, 25 unknown, 0 errored');
  });

  it('reads stdin as it arrives: checking starts before stdin ends', async () => {
    const {seen} = upstream();
    const ctx = fakeContext();
    const stdin = ctx.io.stdin as PassThrough;
    const run = runAssetCheck({contents: ['-']}, ctx);
    stdin.write('first.example\n');
    await expect.poll(() => seen.length).toBe(1);
    stdin.end('second.example\n');
    expect(await run).toBe(0);
    expect(seen.map(s => s.content)).toEqual(['first.example', 'second.example']);
  });

  it('after a 429 with Retry-After, no request starts before the back-off ends', async () => {
    let limited = -1;
    const {seen} = upstream({status: (_c, index) => (index === 0 ? 429 : 200), headers: {'retry-after': '1'}, delay: () => 20});
    const ctx = fakeContext();
    ctx.client = () => createApiClient({baseUrl: BASE_URL, apiKey: API_KEY, retries: 2, retryBaseDelayMs: 1, signal: ctx.signal});
    const lines = Array.from({length: 15}, (_, i) => `r${i}.example`);
    const started = performance.now();
    expect(await runAssetCheck({contents: lines}, ctx)).toBe(0);
    // The 429 was answered 20 ms after the first request; the first 10 were in flight before it.
    limited = seen[0]!.at + 20;
    const later = seen.slice(10);
    expect(later.length).toBe(6);
    for (const request of later) expect(request.at - limited).toBeGreaterThanOrEqual(990);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('--rate N caps the starts per second: the k-th request starts no sooner than k/N s after the run', async () => {
    const {seen} = upstream({delay: () => 1});
    const started = performance.now();
    await runAssetCheck({contents: ['a', 'b', 'c', 'd', 'e'], rate: '10'}, fakeContext());
    // Timers may fire a millisecond early (rounding); never a whole interval.
    seen.forEach((request, k) => expect(request.at - started).toBeGreaterThanOrEqual(k * 100 - 2));
  });
});

describe('asset check: results and exit codes', () => {
  it('--fail-on blocked exits 6 when one is BLOCKED; without it 0', async () => {
    upstream();
    const ctx = fakeContext();
    expect(await runAssetCheck({contents: ['ok.example', 'bad.example'], failOn: 'blocked'}, ctx)).toBe(6);
    expect(ctx.io.err()).toContain('checked 2: 1 blocked, 1 allowed, 0 unknown, 0 errored');
    upstream();
    expect(await runAssetCheck({contents: ['ok.example'], failOn: 'BLOCKED'}, fakeContext())).toBe(0);
  });

  it('an asset the upstream failed for is an errored row; the run goes on and exits with its code (8)', async () => {
    upstream({status: content => (content === 'down.example' ? 503 : 200)});
    const ctx = fakeContext();
    expect(await runAssetCheck({contents: ['ok.example', 'down.example', 'bad.example']}, ctx)).toBe(8);
    const rows = ctx.io.out().trim().split('\n').map(line => line.split('\t'));
    expect(rows.map(r => [r[0], r[1]])).toEqual([['ok.example', 'ALLOWED'], ['down.example', 'ERROR'], ['bad.example', 'BLOCKED']]);
    expect(ctx.io.err()).toContain('1 errored');
  });

  it('a rejected key stops the run (exit 2), not an error per asset', async () => {
    upstream({status: () => 401});
    const error = await rejectionOf(runAssetCheck({contents: ['a', 'b', 'c']}, fakeContext()), ApiError);
    expect(error.exitCode).toBe(2);
  });

  it('--json: one asset is the flat answer; several are {results, summary}', async () => {
    upstream();
    const one = fakeContext();
    await runAssetCheck({contents: ['bad.example'], json: true}, one);
    expect(JSON.parse(one.io.out())).toMatchObject({content: 'bad.example', status: 'BLOCKED', source: 'chainpatrol'});
    upstream();
    const many = withStdin(['bad.example', 'ok.example']);
    await runAssetCheck({contents: ['-'], json: true}, many);
    const body = JSON.parse(many.io.out());
    expect(body.results.map((r: {content: string; status: string}) => [r.content, r.status])).toEqual([['bad.example', 'BLOCKED'], ['ok.example', 'ALLOWED']]);
    expect(body.summary).toEqual({checked: 2, blocked: 1, allowed: 1, unknown: 0, errored: 0});
  });

  it('--output csv: a header, RFC 4180, no control sequence from the upstream (table and TSV neither)', async () => {
    for (const [tty, output] of [[false, 'csv'], [true, undefined], [false, undefined]] as const) {
      nock(ORIGIN).post(PATH).reply(200, {status: 'BLOCKED', source: 'x\u001b[2Jy', reason: 'a,"b"\u001b]8;;https://e.example\u0007'});
      const ctx = fakeContext({tty});
      await runAssetCheck({contents: ['bad.example'], ...(output ? {output} : {})}, ctx);
      expect(ctx.io.out()).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
      if (output === 'csv') expect(ctx.io.out()).toBe('ASSET,STATUS,SOURCE,REASON,SOURCES\r\nbad.example,BLOCKED,xy,"a,""b""",\r\n');
    }
  });

  it.each<[string, AssetCheckFlags, string]>([
    ['no asset', {}, '<content>'],
    ['--rate 0', {contents: ['a'], rate: '0'}, '--rate'],
    ['--rate x', {contents: ['a'], rate: 'x'}, '--rate'],
    ['--fail-on allowed', {contents: ['a'], failOn: 'allowed'}, '--fail-on'],
    ['a blank asset', {asset: [' ']}, '--asset'],
    ['stdin twice', {contents: ['-', '-']}, '<content>'],
    ['--output yaml', {contents: ['a'], output: 'yaml'}, '--output'],
  ])('refuses %s naming the flag, nothing sent (exit 3)', async (_name, flags, field) => {
    const seen = interceptApi('POST', 'asset/check', [{body: answer('a')}]);
    const error = await rejectionOf(runAssetCheck(flags, fakeContext()), InputError);
    expect(error.exitCode).toBe(3);
    expect(error.problems.map(p => p.field)).toContain(field);
    expect(seen).toHaveLength(0);
  });
});
