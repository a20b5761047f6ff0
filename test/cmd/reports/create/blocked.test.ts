import nock from 'nock';
import {describe, expect, it} from 'vitest';
import {runReportsCreate, type CreateFlags} from '../../../../src/cmd/reports/create/create.js';
import {BASE_URL, fakeContext} from '../../../helpers/fake-context.js';
import {useNock} from '../../../helpers/nock.js';

// The dry run keeps its interceptors ready to show they are never called.
useNock({allowUnused: true});

const CREATED = {id: 123, createdAt: '2026-09-03T23:21:46.450Z', organization: {id: 42, slug: 'acme', name: 'Acme'}};
const FLAGS: CreateFlags = {title: 'Fake wallet', description: 'Drainer site', asset: ['evil.example', 'new.example', 'https://t.me/fake\u001b[2J']};
const ANSWERS: Record<string, unknown> = {
  'evil.example': {status: 'BLOCKED', source: 'chainpatrol', sources: [{source: 'chainpatrol', status: 'BLOCKED'}, {source: 'seal', status: 'BLOCKED'}]},
  'new.example': {status: 'UNKNOWN', reason: 'not-found'},
  'https://t.me/fake\u001b[2J': {status: 'BLOCKED'},
};

/** The fake upstream: every request in the order it came (path and body). */
function upstream(checkStatus = 200) {
  const seen: Array<{path: string; body: unknown}> = [];
  const {origin, pathname} = new URL(BASE_URL);
  nock(origin)
    .post(`${pathname}/asset/check`)
    .times(10)
    .reply((_uri, body) => {
      seen.push({path: 'asset/check', body});
      const content = (body as {content: string}).content;
      return checkStatus === 200 ? [200, ANSWERS[content]] : [checkStatus, {message: 'down', code: 'INTERNAL_SERVER_ERROR'}];
    })
    .post(`${pathname}/report/create`)
    .reply((_uri, body) => {
      seen.push({path: 'report/create', body});
      return [200, CREATED];
    });
  return seen;
}

describe('reports create checks each asset first', () => {
  it('says which assets are already BLOCKED and by whom, before the report is sent', async () => {
    const seen = upstream();
    const ctx = fakeContext({org: 'acme'});
    await runReportsCreate(FLAGS, ctx);
    expect(seen.map(r => r.path)).toEqual(['asset/check', 'asset/check', 'asset/check', 'report/create']);
    expect(seen.slice(0, 3).map(r => (r.body as {content: string}).content).sort()).toEqual([...(FLAGS.asset as string[])].sort());
    expect(ctx.io.err()).toBe('note: evil.example is already BLOCKED (by chainpatrol, seal)\nnote: https://t.me/fake is already BLOCKED\n');
    expect(ctx.io.out()).toBe('123\t2026-09-03T23:21:46.450Z\tacme\n');
  });

  it('an asset the check cannot answer is said, and the report is still sent', async () => {
    const seen = upstream(400);
    const ctx = fakeContext({org: 'acme'});
    await runReportsCreate({...FLAGS, asset: ['new.example']}, ctx);
    expect(seen.map(r => r.path)).toEqual(['asset/check', 'report/create']);
    expect(ctx.io.err()).toMatch(/^note: could not check 1 asset against the blocklist \(.+\)\n$/);
  });

  it('--dry-run checks nothing and sends nothing', async () => {
    const seen = upstream();
    const ctx = fakeContext({org: 'acme'});
    await runReportsCreate({...FLAGS, dryRun: true}, ctx);
    expect(seen).toEqual([]);
    expect(ctx.io.err()).toMatch(/^dry run: POST .*report\/create \(nothing sent\)\n$/);
  });
});
