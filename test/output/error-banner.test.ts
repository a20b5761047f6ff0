import {describe, expect, it} from 'vitest';
import {ApiError, InputError} from '../../src/errors.js';
import {formatError} from '../../src/output/error-banner.js';

describe('formatError', () => {
  it('neutralises control sequences in upstream messages, issues and asset rejections', () => {
    const error = new ApiError({
      status: 422,
      code: 'UNPROCESSABLE\u001b[2J',
      message: 'rejected\u001b]0;pwned\u0007 \u202Eevil',
      issues: [{message: 'bad\u001b[31m field\nsecond line'}],
      details: {assetErrors: [{asset: 'x.example\u001b[H', errorType: 'DUPLICATE', message: 'dup\u0007', suggestion: 'see\u009b2J'}]},
    });
    const report = formatError(error);
    expect(report.exitCode).toBe(7);
    expect(report.text).not.toMatch(/[\u001b\u0007\u009b\u202e]/);
    expect(report.text).toContain('error: rejected evil (HTTP 422 UNPROCESSABLE)');
    expect(report.text).toContain('  - bad field second line');
    expect(report.text).toContain('  - x.example: DUPLICATE: dup');
  });

  it('lists every input problem with its field, exit 3', () => {
    const report = formatError(new InputError([{field: '--limit', message: 'must be 1 to 20'}, {field: '--org', message: 'missing'}]));
    expect(report.exitCode).toBe(3);
    expect(report.text).toBe('error: invalid input (2 problems)\n  - --limit: must be 1 to 20\n  - --org: missing\n');
  });
});
