import {describe, expect, it} from 'vitest';
import {ApiError, CredentialsError, InputError, UnavailableError} from '../../src/errors.js';
import {clearSecrets, registerSecret} from '../../src/secrets.js';
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

  it('says "invalid input" without a count for one problem, and leaves out a missing field', () => {
    expect(formatError(new InputError([{message: 'give an asset'}])).text).toBe('error: invalid input\n  - give an asset\n');
    expect(formatError(new InputError([{field: 'title\u001b[2J', message: 'too long'}], 'shorten it')).text).toBe('error: invalid input\n  - title: too long\nhint: shorten it\n');
  });

  it('gives a vigil error its message, exit code and next step', () => {
    expect(formatError(new CredentialsError('no API key configured'))).toEqual({
      text: 'error: no API key configured\nhint: run `vigil auth login`, or set VIGIL_API_KEY\n',
      exitCode: 2,
    });
    const unavailable = formatError(new UnavailableError('connect ECONNREFUSED', undefined, 'is the sandbox running?'));
    expect(unavailable).toEqual({text: 'error: connect ECONNREFUSED\nhint: is the sandbox running?\n', exitCode: 8});
  });

  it('an API error without issues is one line and its hint', () => {
    const report = formatError(new ApiError({status: 404, code: 'NOT_FOUND', message: 'no such report', issues: []}, 'check the id'));
    expect(report).toEqual({text: 'error: no such report (HTTP 404 NOT_FOUND)\nhint: check the id\n', exitCode: 4});
  });

  it('an asset rejection without a suggestion has no suggestion line', () => {
    const error = new ApiError({status: 422, code: 'UNPROCESSABLE_ENTITY', message: 'm', issues: [{message: 'already reported in 1'}], details: {assetErrors: [{asset: 'b.example', errorType: 'DUP', message: 'already reported in 1'}]}}, '');
    expect(formatError(error).text).toBe('error: m (HTTP 422 UNPROCESSABLE_ENTITY)\n  - b.example: DUP: already reported in 1\n');
  });

  it('a bug is an unexpected failure, exit 1: the stack only with --debug', () => {
    const bug = new TypeError('x is undefined');
    expect(formatError(bug)).toEqual({text: 'error: unexpected failure: x is undefined\n  (run again with --debug for details)\n', exitCode: 1});
    const debug = formatError(bug, {debug: true}).text;
    expect(debug.startsWith('error: unexpected failure: x is undefined\nTypeError: x is undefined\n    at ')).toBe(true);
    expect(debug).not.toContain('run again with --debug');
    expect(formatError('a string', {debug: true}).text).toBe('error: unexpected failure: a string\n  (run again with --debug for details)\n');
  });

  it('masks the API key wherever it appears', () => {
    registerSecret('banner-key-0123456789');
    try {
      const text = formatError(new Error('sent banner-key-0123456789 to x')).text;
      expect(text).toBe('error: unexpected failure: sent ban…6789 to x\n  (run again with --debug for details)\n');
    } finally {
      clearSecrets();
    }
  });
});
