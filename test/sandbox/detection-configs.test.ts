import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {detectionConfigsListResponseOutSchema} from '../../src/sandbox/data/detection-configs.js';
import {SCOPED_KEY, startTestSandbox, type Caller} from './http.js';

let api: Caller;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.sandbox.close());

type Answer = {sources: Array<{key: string; configs: Array<{id: number; title: string; status: string}>}>};

async function list(body: Record<string, unknown>, key?: string): Promise<Answer> {
  const reply = await api.call('POST', 'detection/configs/list', {body, ...(key === undefined ? {} : {key})});
  expect(reply.status, reply.text).toBe(200);
  return detectionConfigsListResponseOutSchema.parse(reply.body);
}

describe('POST /detection/configs/list', () => {
  it("the configs behind globex's failing detections.silent-configs are in its list, enabled", async () => {
    const check = await api.call('POST', 'healthchecks/detections/silent-configs', {body: {slug: 'globex'}});
    expect(check.body.severity).not.toBe('ok');
    const silent = (check.body.findings as Array<{ref: string}>).map(f => f.ref);
    expect(silent).toEqual(['globex-config-2']);
    const configs = (await list({slug: 'globex'})).sources.flatMap(s => s.configs);
    for (const ref of silent) expect(configs.find(c => c.title === ref)?.status).toBe('ENABLED');
    // Every enabled config the check counted is listed, and the disabled one too.
    expect(configs.filter(c => c.status === 'ENABLED')).toHaveLength(check.body.observed.enabledConfigs);
    expect(configs.find(c => c.title === 'globex-retired')?.status).toBe('DISABLED');
  });

  it('grouped by source, ids unique; the scoped key lists its own org without slug', async () => {
    const answer = await list({slug: 'acme'});
    expect(answer.sources.map(s => s.key)).toEqual(['GOOGLE_SEARCH', 'CERTSTREAM', 'TWITTER_SEARCH']);
    const ids = answer.sources.flatMap(s => s.configs.map(c => c.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(await list({}, SCOPED_KEY)).toEqual(answer);
  });

  it("refuses another org's configs (403), the all-orgs key without slug (400), and no key (401)", async () => {
    expect((await api.call('POST', 'detection/configs/list', {body: {slug: 'globex'}, key: SCOPED_KEY})).status).toBe(403);
    const noSlug = await api.call('POST', 'detection/configs/list', {body: {}});
    expect(noSlug.status).toBe(400);
    expect(noSlug.text).toMatch(/slug/);
    expect((await api.call('POST', 'detection/configs/list', {body: {slug: 'globex'}, key: null})).status).toBe(401);
  });
});
