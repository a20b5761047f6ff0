import {describe, expect, it} from 'vitest';
import {ApiError} from '../../../../src/errors.js';
import {listErrorInFlagWords} from '../../../../src/cmd/reports/list/errors.js';

const badRequest = (message: string, issues: string[] = []) =>
  new ApiError({status: 400, code: 'BAD_REQUEST', message, issues: issues.map(text => ({message: text})), details: undefined});

describe('a 400 from the listing, in the words the user typed', () => {
  it('names the flag and the item, not the query parameter (brandIds[1] is the 2nd --brand item)', () => {
    const error = listErrorInFlagWords(badRequest('Invalid input data: brandIds[1]: must be a brand ID', ['countryCodes[0]: not a country'])) as ApiError;
    expect(error.message).toBe('Invalid input data: --brand item 2: must be a brand ID');
    expect(error.issues.map(issue => issue.message)).toEqual(['--country-code item 1: not a country']);
    expect(error.exitCode).toBe(3);
  });

  it('renames dates and plain names only where they are plainly parameters', () => {
    const error = listErrorInFlagWords(badRequest('startDate must be before endDate; status: unknown; the status of the request')) as ApiError;
    expect(error.message).toBe('--from must be before --to; --status: unknown; the status of the request');
  });

  it('leaves other errors as they are', () => {
    const notFound = new ApiError({status: 404, code: 'NOT_FOUND', message: 'brandIds[0] missing', issues: [], details: undefined});
    expect(listErrorInFlagWords(notFound)).toBe(notFound);
    const plain = new Error('brandIds[0]');
    expect(listErrorInFlagWords(plain)).toBe(plain);
  });
});
