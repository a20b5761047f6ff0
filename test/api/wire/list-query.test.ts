import {describe, expect, it} from 'vitest';
import {keyCheckQuery, toListQueryParams} from '../../../src/api/wire/list-query.js';

describe('toListQueryParams: vigil filters to the upstream query (docs/contract.md)', () => {
  it('sends every filter under its upstream name, lists comma-joined, in a fixed order', () => {
    const query = toListQueryParams({
      slug: 'acme',
      limit: 20,
      cursor: 'c2',
      status: 'TODO',
      reportedByCustomer: false,
      onlyRejected: true,
      reviewStatus: ['APPROVE', 'REJECT'],
      brandIds: ['1', '2'],
      reviewedByUserId: 9,
      from: '2026-01-01T00:00:00.000Z',
      updatedTo: '2026-02-01T00:00:00.000Z',
    } as never);
    expect(query.toString()).toBe(
      'slug=acme&limit=20&cursor=c2&status=TODO&reportedByCustomer=false&onlyRejected=true&reviewStatus=APPROVE%2CREJECT&brandIds=1%2C2&reviewedByUserId=9&startDate=2026-01-01T00%3A00%3A00.000Z&updatedEndDate=2026-02-01T00%3A00%3A00.000Z',
    );
  });

  it('leaves out onlyRejected unless it is true, and empty lists', () => {
    expect(toListQueryParams({slug: 'acme', onlyRejected: false, assetType: [], countryCodes: []}).toString()).toBe('slug=acme');
  });
});

describe('keyCheckQuery: the cheapest authenticated request', () => {
  it('asks for one report, of the organization when it is known', () => {
    expect(keyCheckQuery('acme').toString()).toBe('slug=acme&limit=1');
    expect(keyCheckQuery(undefined).toString()).toBe('limit=1');
  });
});
