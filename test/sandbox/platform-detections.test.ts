import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {detectionListResponseOutSchema, detectionSourcesResponseOutSchema} from '../../src/sandbox/data/detections.js';
import {HOUR, NOW, SCOPED_KEY, startTestSandbox, type Caller} from './http.js';

let api: Caller;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.sandbox.close());

type Detection = {id: number; source: string; confidence: string; createdAt: string; threatContent: string; asset: {status: string}};

async function page(body: Record<string, unknown>, key?: string) {
  const reply = await api.call('POST', 'detection/list', {body, ...(key === undefined ? {} : {key})});
  expect(reply.status, reply.text).toBe(200);
  return detectionListResponseOutSchema.parse(reply.body) as {detections: Detection[]; nextCursor: number | null};
}

async function every(body: Record<string, unknown>): Promise<Detection[]> {
  const rows: Detection[] = [];
  let cursor: number | null = null;
  do {
    const next = await page({...body, limit: 3, ...(cursor === null ? {} : {cursor})});
    rows.push(...next.detections);
    cursor = next.nextCursor;
  } while (cursor !== null);
  return rows;
}

describe('POST /detection/list', () => {
  it('pages newest first by cursor/nextCursor (default 50), no repeats', async () => {
    const first = await page({slug: 'acme'});
    expect(first.detections.length).toBe(19);
    expect(first.nextCursor).toBeNull();
    const paged = await every({slug: 'acme'});
    expect(paged.map(d => d.id)).toEqual(first.detections.map(d => d.id));
    const created = paged.map(d => d.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it("globex's silent config is the one source with no detection in the check's lookback", async () => {
    const check = (await api.call('POST', 'healthchecks/detections/silent-configs', {body: {slug: 'globex'}})).body as {severity: string; observed: {enabledConfigs: number; silentConfigs: number; lookbackHours: number}};
    expect(check.severity).toBe('warn');
    const recent = await every({slug: 'globex', startDate: new Date(NOW - check.observed.lookbackHours * HOUR).toISOString()});
    expect(new Set(recent.map(d => d.source)).size).toBe(check.observed.enabledConfigs - check.observed.silentConfigs);
  });

  it('filters by documented property (in / notIn, any case), query and dates', async () => {
    const all = await every({slug: 'acme'});
    const source = all[0]!.source;
    const some = await every({slug: 'acme', filters: [{property: 'source', operator: 'in', value: [source.toLowerCase()]}]});
    expect(some.length).toBeGreaterThan(0);
    expect(some.every(d => d.source === source)).toBe(true);
    const rest = await every({slug: 'acme', filters: [{property: 'source', operator: 'notIn', value: [source]}]});
    expect(some.length + rest.length).toBe(all.length);
    const high = await every({slug: 'acme', filters: [{property: 'confidence', operator: 'in', value: ['high']}, {property: 'assetStatus', operator: 'in', value: ['UNKNOWN']}]});
    expect(high.every(d => d.confidence === 'high')).toBe(true);
    const query = await every({slug: 'acme', query: 'CONFIG-1'});
    expect(query.length).toBeGreaterThan(0);
    expect(query.every(d => d.threatContent.includes('config-1'))).toBe(true);
    const late = await every({slug: 'acme', startDate: all[2]!.createdAt});
    expect(late.map(d => d.id)).toEqual(all.slice(0, 3).map(d => d.id));
  });

  it.each([
    ['no slug', {}, 400],
    ['limit 101', {slug: 'acme', limit: 101}, 400],
    ['an undocumented filter property', {slug: 'acme', filters: [{property: 'brand', operator: 'in', value: ['1']}]}, 400],
    ['a cursor that is not a number', {slug: 'acme', cursor: 'abc'}, 400],
  ])('refuses %s (%s)', async (_name, body, code) => {
    expect((await api.call('POST', 'detection/list', {body})).status).toBe(code);
  });

  it("another org's detections are 403 to the scoped key", async () => {
    expect((await api.call('POST', 'detection/list', {body: {slug: 'globex'}, key: SCOPED_KEY})).status).toBe(403);
    expect((await page({slug: 'acme'}, SCOPED_KEY)).detections.length).toBeGreaterThan(0);
  });
});

describe('GET /detection/sources', () => {
  it('the catalog, each with its kind, scopes, asset types and config schema', async () => {
    const reply = await api.call('GET', 'detection/sources');
    expect(reply.status).toBe(200);
    const body = detectionSourcesResponseOutSchema.parse(reply.body);
    expect(body.sources.map(s => s.key)).toContain('URLSCAN');
    expect(body.sources.find(s => s.key === 'CERTSTREAM')).toMatchObject({type: 'push'});
    expect((await api.call('GET', 'detection/sources', {key: null})).status).toBe(401);
  });
});
