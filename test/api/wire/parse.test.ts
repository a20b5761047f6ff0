import * as z from 'zod';
import {describe, expect, it} from 'vitest';
import {ContractError} from '../../../src/errors.js';
import {describeIssues, formatPath, parseResponse} from '../../../src/api/wire/parse.js';
import {thrownBy} from '../../helpers/thrown.js';

describe('a problem\'s JSON path', () => {
  it('names nested fields and list items as a JSON path', () => {
    expect(formatPath(['reports', 3, 'proposals', 0, 'asset', 'id'])).toBe('reports[3].proposals[0].asset.id');
    expect(formatPath([0, 'id'])).toBe('[0].id');
    expect(formatPath(['title'])).toBe('title');
  });

  it('calls the document itself (root) unless the caller names it', () => {
    expect(formatPath([])).toBe('(root)');
    expect(formatPath([], 'the body')).toBe('the body');
    expect(formatPath(['id'], 'the body')).toBe('id');
  });
});

describe('a response that breaks its schema', () => {
  const schema = z.object({id: z.string(), items: z.array(z.object({n: z.number()}))});

  it('lists every wrong field as path: message', () => {
    const parsed = schema.safeParse({id: 1, items: [{n: 1}, {n: 'x'}]});
    expect(parsed.success).toBe(false);
    const lines = describeIssues(parsed.error!);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^id: /);
    expect(lines[1]).toMatch(/^items\[1\]\.n: /);
  });

  it('is a ContractError naming what was read and where it broke, the document itself as (root)', () => {
    const error = thrownBy(() => parseResponse(schema, 'not an object', 'GET /thing'), ContractError);
    expect(error.message).toMatch(/^unexpected response from GET \/thing: \(root\): /);
  });

  it('returns what the schema returns when the response fits', () => {
    expect(parseResponse(schema, {id: 'a', items: [{n: 1}], extra: true}, 'GET /thing')).toEqual({id: 'a', items: [{n: 1}]});
  });
});
