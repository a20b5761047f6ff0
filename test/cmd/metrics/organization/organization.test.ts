import {describe, expect, it} from 'vitest';
import {runMetricsOrganization} from '../../../../src/cmd/metrics/organization/organization.js';
import {InputError} from '../../../../src/errors.js';
import {fakeContext, interceptApi} from '../../../helpers/fake-context.js';
import {useNock} from '../../../helpers/nock.js';
import {HOSTILE, readContract, sentWith} from '../../../helpers/plain-read.js';
import {rejectionOf} from '../../../helpers/thrown.js';

useNock({allowUnused: true});

const PATH = 'organization/metrics';
const REPLY = {
  metrics: {reports: 12, newThreats: 5, threatsWatchlisted: 1, takedownsFiled: 3, takedownsCompleted: 2, domainThreats: 4, twitterThreats: 1, telegramThreats: 0, otherThreats: 0},
  blockedByType: [{type: 'URL', count: 4}, {type: 'TWITTER', count: 1}],
  blockedByDay: [{date: '2026-11-01', count: 5}],
};
const c = {run: runMetricsOrganization, method: 'GET', path: PATH} as const;

describe('metrics organization', () => {
  readContract({
    ...c,
    reply: {metrics: {reports: 12}, blockedByType: [{type: 'URL', count: 4}], blockedByDay: [{date: '2026-11-01', count: 5}]},
    header: /^GROUP\s+NAME\s+VALUE$/,
    tsv: 'metrics\treports\t12\nblockedByType\tURL\t4\nblockedByDay\t2026-11-01\t5\n',
    hostile: {blockedByType: [{type: HOSTILE, count: 1}]},
  });

  it('sends the documented query: brandSlug, startDate, endDate (a bare --to is its whole day)', async () => {
    const {request} = await sentWith(c, {brandSlug: 'acme-wallet', from: '2026-11-01', to: '2026-11-30'}, REPLY);
    expect(request.query).toEqual({brandSlug: 'acme-wallet', startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-11-30T23:59:59.999Z'});
  });

  it('one row per count, a count left out is no row, a row without its number shows it absent', async () => {
    const {ctx} = await sentWith(c, {output: 'markdown'}, {metrics: {reports: 3, newThreats: null}, blockedByType: [{type: 'URL'}], extra: true});
    expect(ctx.io.out().split('\n').slice(2, -1)).toEqual(['| metrics | reports | 3 |', '| metrics | newThreats | - |', '| blockedByType | URL | - |']);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a date that is none', {from: '2026-02-30'}, '--from'],
    ['from after to', {from: '2026-11-02', to: '2026-11-01'}, '--from'],
    ['a blank brand', {brandSlug: ' '}, '--brand-slug'],
  ])('refuses %s naming the flag, with nothing sent (exit 3)', async (_name, flags, field) => {
    const seen = interceptApi('GET', PATH, [{body: REPLY}]);
    const error = await rejectionOf(runMetricsOrganization(flags, fakeContext()), InputError);
    expect(error.exitCode).toBe(3);
    expect(error.problems.map(p => p.field)).toContain(field);
    expect(seen).toHaveLength(0);
  });
});
