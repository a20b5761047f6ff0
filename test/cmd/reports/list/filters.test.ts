import nock from 'nock';
import {describe, expect, it} from 'vitest';
import {useNock} from '../../../helpers/nock.js';
import {runReportsList} from '../../../../src/cmd/reports/list/list.js';
import type {ListFlags} from '../../../../src/cmd/reports/list/list.js';
import {API_KEY, fakeContext, interceptApi} from '../../../helpers/fake-context.js';
import {rejectionOf} from '../../../helpers/thrown.js';
import {InputError} from '../../../../src/errors.js';

// Refused input must send nothing: those tests keep an interceptor ready and assert it stays unused.
useNock({allowUnused: true});

const EMPTY = {reports: [], nextCursor: null, totalCount: 0};

/** Runs `reports list` with flags and returns the one request it sent. */
async function sentFor(flags: ListFlags) {
  const seen = interceptApi('GET', 'organization/reports', [{body: EMPTY}]);
  const ctx = fakeContext({org: 'acme'});
  await runReportsList(flags, ctx);
  expect(seen).toHaveLength(1);
  return {request: seen[0]!, ctx};
}

describe('reports list: each option maps to its query parameter', () => {
  it.each<[string, ListFlags, Record<string, string>]>([
    ['no filters', {}, {}],
    ['--limit', {limit: '7'}, {limit: '7'}],
    ['--cursor', {cursor: 'abc=='}, {cursor: 'abc=='}],
    ['--status (any case)', {status: 'in_progress'}, {status: 'IN_PROGRESS'}],
    ['--search', {search: 'wallet drainer'}, {search: 'wallet drainer'}],
    ['--reporter-query', {reporterQuery: 'Ann'}, {reporterQuery: 'Ann'}],
    ['--reported-by-customer', {reportedByCustomer: 'true'}, {reportedByCustomer: 'true'}],
    ['--no-reported-by-customer', {reportedByCustomer: 'false'}, {reportedByCustomer: 'false'}],
    ['--needs-customer-review', {needsCustomerReview: 'true'}, {needsCustomerReview: 'true'}],
    ['--no-needs-customer-review', {needsCustomerReview: 'false'}, {needsCustomerReview: 'false'}],
    ['--reporter-kind', {reporterKind: 'Automation'}, {reporterKind: 'automation'}],
    ['--reviewer-kind', {reviewerKind: 'HUMAN'}, {reviewerKind: 'human'}],
    ['--exclude-automation', {excludeAutomation: true}, {reporterKind: 'human'}],
    ['--only-rejected', {onlyRejected: true}, {onlyRejected: 'true'}],
    ['--review-status', {reviewStatus: ' approve, REJECT ,approve,'}, {reviewStatus: 'APPROVE,REJECT'}],
    ['--asset-type', {assetType: 'twitter, Telegram,TWITTER'}, {assetType: 'TWITTER,TELEGRAM'}],
    ['--brand', {brand: '12, 7 ,12'}, {brandIds: '12,7'}],
    ['--country-code', {countryCode: 'us, gb,US'}, {countryCodes: 'US,GB'}],
    ['--reviewed-by-user-id', {reviewedByUserId: '42'}, {reviewedByUserId: '42'}],
    ['--from (bare date: start of day)', {from: '2026-01-31'}, {startDate: '2026-01-31T00:00:00.000Z'}],
    ['--to (bare date: end of day)', {to: '2026-01-31'}, {endDate: '2026-01-31T23:59:59.999Z'}],
    ['--from with offset', {from: '2026-01-31T10:00:00+02:00'}, {startDate: '2026-01-31T08:00:00.000Z'}],
    ['--updated-from', {updatedFrom: '2026-02-01T00:00:00Z'}, {updatedStartDate: '2026-02-01T00:00:00.000Z'}],
    ['--updated-to', {updatedTo: '2026-02-03'}, {updatedEndDate: '2026-02-03T23:59:59.999Z'}],
  ])('%s', async (_name, flags, expected) => {
    const {request} = await sentFor(flags);
    expect(request.path).toBe('/api/v2/organization/reports');
    expect(request.query).toEqual({slug: 'acme', ...expected});
    expect(request.headers['x-api-key']).toBe(API_KEY);
  });

  it('--org from the flag wins (ctx settings) and is sent as slug', async () => {
    const seen = interceptApi('GET', 'organization/reports', [{body: EMPTY}]);
    await runReportsList({}, fakeContext({org: 'other-org', orgSource: 'flag'}));
    expect(seen[0]!.query).toEqual({slug: 'other-org'});
  });

  it('warns on stderr for deprecated and unknown values, still sends them', async () => {
    const {request, ctx} = await sentFor({excludeAutomation: true, assetType: 'discord,brand_new_type'});
    expect(request.query).toEqual({slug: 'acme', reporterKind: 'human', assetType: 'DISCORD,BRAND_NEW_TYPE'});
    expect(ctx.io.err()).toContain('--exclude-automation is deprecated; use --reporter-kind human');
    expect(ctx.io.err()).toContain('DISCORD (servers) is deprecated');
    expect(ctx.io.err()).toContain('BRAND_NEW_TYPE is not a known asset type');
  });

  it('sends known asset types without a word on stderr', async () => {
    const {request, ctx} = await sentFor({assetType: 'url,telegram'});
    expect(request.query).toEqual({slug: 'acme', assetType: 'URL,TELEGRAM'});
    expect(ctx.io.err()).toBe('');
  });
});

describe('reports list: invalid input lists every problem and sends nothing', () => {
  it.each<[string, ListFlags, string]>([
    ['limit 0', {limit: '0'}, '--limit'],
    ['limit 21', {limit: '21'}, '--limit'],
    ['limit not a number', {limit: 'ten'}, '--limit'],
    ['status', {status: 'OPEN'}, '--status'],
    ['reporter kind', {reporterKind: 'robot'}, '--reporter-kind'],
    ['reviewer kind', {reviewerKind: 'robot'}, '--reviewer-kind'],
    ['exclude-automation with automation', {excludeAutomation: true, reporterKind: 'automation'}, '--exclude-automation'],
    ['review status', {reviewStatus: 'APPROVE,MAYBE'}, '--review-status'],
    ['country code', {countryCode: 'USA'}, '--country-code'],
    ['user id', {reviewedByUserId: '4.5'}, '--reviewed-by-user-id'],
    ['from', {from: '31/01/2026'}, '--from'],
    ['impossible date', {to: '2026-02-30'}, '--to'],
    ['from after to', {from: '2026-02-01', to: '2026-01-01'}, '--from'],
    ['updated-from after updated-to', {updatedFrom: '2026-02-01', updatedTo: '2026-01-01'}, '--updated-from'],
    ['output format', {output: 'xml'}, '--output'],
    ['empty cursor', {cursor: ' '}, '--cursor'],
  ])('%s', async (_name, flags, field) => {
    const sent = interceptApi('GET', 'organization/reports', [{body: {reports: [], nextCursor: null}}]);
    const error = await rejectionOf(runReportsList(flags, fakeContext({org: 'acme'})), InputError);
    expect(error.exitCode).toBe(3);
    expect(error.problems.map(p => p.field)).toContain(field);
    expect(sent).toEqual([]);
  });

  it('collects all problems at once, including a missing org', async () => {
    const error = await rejectionOf(runReportsList({limit: '99', status: 'nope', from: 'x'}, fakeContext({})), InputError);
    expect(error.problems.map(p => p.field).sort()).toEqual(['--from', '--limit', '--org', '--status']);
  });
});
