import {describe, expect, it} from 'vitest';
import {useNock} from '../../../helpers/nock.js';
import {runDetectionsList} from '../../../../src/cmd/detections/list/list.js';
import type {DetectionsListFlags} from '../../../../src/cmd/detections/list/options.js';
import {ContractError, InputError} from '../../../../src/errors.js';
import {API_KEY, fakeContext, interceptApi} from '../../../helpers/fake-context.js';
import {rejectionOf} from '../../../helpers/thrown.js';

// The refusals keep an interceptor ready to show it is never called.
useNock({allowUnused: true});

const PATH = 'detection/list';
const detection = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  threatContent: `d${id}.example`,
  source: 'URLSCAN',
  createdAt: '2026-11-02T10:00:00.000Z',
  confidence: 'high',
  reportStatus: 'NOT_REPORTED',
  asset: {id: id * 10, content: `d${id}.example`, type: 'URL', status: 'UNKNOWN'},
  ...extra,
});
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

async function sent(flags: DetectionsListFlags, reply: unknown = {detections: [], nextCursor: null}, tty = false) {
  const seen = interceptApi('POST', PATH, [{body: reply}]);
  const ctx = fakeContext({org: 'acme', tty});
  await runDetectionsList(flags, ctx);
  expect(seen).toHaveLength(1);
  return {request: seen[0]!, ctx};
}

describe('detections list: the request', () => {
  it.each<[string, DetectionsListFlags, Record<string, unknown>]>([
    ['the org alone', {}, {slug: 'acme'}],
    ['--search, ISO dates', {search: 'wallet', from: '2026-11-01', to: '2026-11-15'}, {slug: 'acme', query: 'wallet', startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-11-15T23:59:59.999Z'}],
    ['filters as {property, operator: in, value}; sources upper-cased, confidence lower-cased', {source: 'urlscan,google_search', confidence: 'HIGH', assetStatus: 'blocked', assetType: 'url'}, {
      slug: 'acme',
      filters: [
        {property: 'source', operator: 'in', value: ['URLSCAN', 'GOOGLE_SEARCH']},
        {property: 'assetStatus', operator: 'in', value: ['BLOCKED']},
        {property: 'confidence', operator: 'in', value: ['high']},
        {property: 'assetType', operator: 'in', value: ['URL']},
      ],
    }],
    ['--limit and a numeric --cursor', {limit: '100', cursor: '50'}, {slug: 'acme', limit: 100, cursor: 50}],
  ])('%s', async (_name, flags, body) => {
    const {request} = await sent(flags);
    expect([request.method, request.path]).toEqual(['POST', '/api/v2/detection/list']);
    expect(request.body).toEqual(body);
    expect(request.headers['x-api-key']).toBe(API_KEY);
  });

  it('a source the filter list does not name is sent with a warning (the docs\' casing and lists differ)', async () => {
    const {request, ctx} = await sent({source: 'telegram_channels_search'});
    expect(request.body).toMatchObject({filters: [{property: 'source', value: ['TELEGRAM_CHANNELS_SEARCH']}]});
    expect(ctx.io.err()).toMatch(/warning: --source: TELEGRAM_CHANNELS_SEARCH not a documented value/);
  });

  it('no org: exit 3 naming --org, nothing sent', async () => {
    const seen = interceptApi('POST', PATH, [{body: {detections: []}}]);
    const error = await rejectionOf(runDetectionsList({}, fakeContext()), InputError);
    expect(error.problems.map(p => p.field)).toEqual(['--org']);
    expect(seen).toHaveLength(0);
  });

  it.each<[string, DetectionsListFlags, string]>([
    ['limit 0', {limit: '0'}, '--limit'],
    ['limit 101', {limit: '101'}, '--limit'],
    ['a cursor that is no number', {cursor: 'abc'}, '--cursor'],
    ['confidence', {confidence: 'certain'}, '--confidence'],
    ['asset status', {assetStatus: 'GONE'}, '--asset-status'],
    ['a date', {from: 'monday'}, '--from'],
    ['from after to', {from: '2026-11-02', to: '2026-11-01'}, '--from'],
    ['blank search', {search: ''}, '--search'],
    ['--all with --cursor', {all: true, cursor: '5'}, '--cursor'],
  ])('refuses %s naming the flag, with nothing sent (exit 3)', async (_name, flags, field) => {
    const seen = interceptApi('POST', PATH, [{body: {detections: []}}]);
    const error = await rejectionOf(runDetectionsList(flags, fakeContext({org: 'acme'})), InputError);
    expect(error.exitCode).toBe(3);
    expect(error.problems.map(p => p.field)).toContain(field);
    expect(seen).toHaveLength(0);
  });
});

describe('detections list: output', () => {
  it('TTY: a table and the next-page command with --cursor; piped: TSV', async () => {
    const tty = await sent({confidence: 'high'}, {detections: [detection(1), detection(2, {confidence: 'low'})], nextCursor: 50}, true);
    const lines = tty.ctx.io.out().split('\n');
    expect(lines[0]).toMatch(/^ID\s+CONTENT\s+CONFIDENCE\s+REPORTED\s+ASSET\s+CREATED$/);
    expect(lines[2]).toMatch(/^2\s+d2\.example\s+low\s+NOT_REPORTED\s+UNKNOWN\s+2026-11-02T10:00:00\.000Z$/);
    expect(tty.ctx.io.out()).toContain('Next page: vigil detections list --org acme --confidence high --cursor 50\n');
    const piped = await sent({}, {detections: [detection(1)], nextCursor: null});
    expect(piped.ctx.io.out()).toBe('1\td1.example\tURLSCAN\thigh\tNOT_REPORTED\tUNKNOWN\t2026-11-02T10:00:00.000Z\n');
  });

  it('--json: the page, cursor named nextPage; a bare detection is a row of absent fields', async () => {
    const {ctx} = await sent({json: true}, {detections: [{id: 3}], nextCursor: 9});
    expect(JSON.parse(ctx.io.out())).toEqual({detections: [{id: '3'}], nextPage: '9'});
    const md = await sent({output: 'markdown'}, {detections: [{id: 3}], nextCursor: null});
    expect(md.ctx.io.out().split('\n')[2]).toBe('| 3 | - | - | - | - | - | - |');
  });

  it('--all follows nextCursor to the end as numbers: CSV with one header, no control sequence', async () => {
    const seen = interceptApi('POST', PATH, [
      {body: {detections: [detection(1, {threatContent: 'x,"y"\u001b]0;t\u0007'})], nextCursor: 1}},
      {body: {detections: [detection(2)], nextCursor: 2}},
      {body: {detections: [detection(3)], nextCursor: null}},
    ]);
    const ctx = fakeContext({org: 'acme'});
    await runDetectionsList({all: true, output: 'csv', limit: '1'}, ctx);
    expect(seen.map(r => (r.body as {cursor?: number}).cursor)).toEqual([undefined, 1, 2]);
    const lines = ctx.io.out().split('\r\n');
    expect(lines[0]).toBe('ID,CONTENT,SOURCE,CONFIDENCE,REPORTED,ASSET,CREATED');
    expect(lines.slice(1, -1).map(line => line.split(',')[0])).toEqual(['1', '2', '3']);
    expect(lines[1]).toContain('"x,""y"""');
    expect(ctx.io.out()).not.toMatch(CONTROL);
  });

  it('a nextCursor handed back twice stops --all with a contract error after what it has', async () => {
    interceptApi('POST', PATH, [{body: {detections: [detection(1)], nextCursor: 5}}, {body: {detections: [detection(2)], nextCursor: 5}}]);
    const ctx = fakeContext({org: 'acme'});
    await rejectionOf(runDetectionsList({all: true, json: true}, ctx), ContractError);
    expect(ctx.io.out().trim().split('\n').map(line => JSON.parse(line).id)).toEqual(['1', '2']);
  });
});
