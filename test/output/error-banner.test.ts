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

  it('prints an asset rejection once when the 422 also restates it as an issue', () => {
    const error = new ApiError({
      status: 422,
      code: 'UNPROCESSABLE_ENTITY',
      message: 'Report not created',
      issues: [{message: 'a.example: already reported in 12'}, {message: 'title looks generic'}],
      details: {assetErrors: [{asset: 'a.example', errorType: 'REPORT_ALREADY_EXISTS', message: 'already reported in 12', suggestion: 'follow 12'}]},
    });
    const text = formatError(error).text;
    expect(text.match(/already reported in 12/g)).toHaveLength(1);
    expect(text).toContain('  - a.example: REPORT_ALREADY_EXISTS: already reported in 12\n      suggestion: follow 12');
    expect(text).toContain('  - title looks generic');
  });

  it('lists every input problem with its field, exit 3', () => {
    const report = formatError(new InputError([{field: '--limit', message: 'must be 1 to 20'}, {field: '--org', message: 'missing'}]));
    expect(report.exitCode).toBe(3);
    expect(report.text).toBe('error: invalid input (2 problems)\n  - --limit: must be 1 to 20\n  - --org: missing\n');
  });
});
