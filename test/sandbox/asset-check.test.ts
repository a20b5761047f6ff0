import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {SCOPED_KEY, startTestSandbox, type Caller} from './http.js';

let api: Caller;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.sandbox.close());

describe('POST /asset/check', () => {
  it("answers the status of the newest report's asset, content normalised; an unknown asset is UNKNOWN not-found", async () => {
    const listed = await api.call('GET', 'organization/reports?slug=acme&limit=20');
    const asset = listed.body.reports.flatMap((r: {proposals: Array<{asset: {content: string; status: string}}>}) => r.proposals.map(p => p.asset)).find((a: {status: string}) => a.status === 'BLOCKED');
    expect(asset).toBeDefined();
    const reply = await api.call('POST', 'asset/check', {body: {content: asset.content}, key: SCOPED_KEY});
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({status: 'BLOCKED', source: 'chainpatrol', sources: [{source: 'chainpatrol', status: 'BLOCKED'}]});
    const unknown = await api.call('POST', 'asset/check', {body: {content: 'never-seen.example'}});
    expect(unknown.body).toEqual({status: 'UNKNOWN', source: 'chainpatrol', reason: 'not-found', sources: [{source: 'chainpatrol', status: 'UNKNOWN'}]});
  });

  it('refuses a missing content (400 naming it) and a missing key (401)', async () => {
    const empty = await api.call('POST', 'asset/check', {body: {}});
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0].message).toMatch(/content/);
    expect((await api.call('POST', 'asset/check', {body: {content: 'a.example'}, key: null})).status).toBe(401);
  });
});
