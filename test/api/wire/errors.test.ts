import {describe, expect, it} from 'vitest';
import {defaultCodeForStatus, normalizeErrorBody} from '../../../src/api/wire/errors.js';

describe('defaultCodeForStatus: the code an error gets when its body names none', () => {
  it.each([
    [400, 'BAD_REQUEST'],
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [409, 'CONFLICT'],
    [413, 'PAYLOAD_TOO_LARGE'],
    [422, 'UNPROCESSABLE_ENTITY'],
    [429, 'TOO_MANY_REQUESTS'],
    [500, 'INTERNAL_SERVER_ERROR'],
    [502, 'BAD_GATEWAY'],
    [503, 'SERVICE_UNAVAILABLE'],
    [504, 'GATEWAY_TIMEOUT'],
  ])('%i is %s', (status, code) => {
    expect(defaultCodeForStatus(status)).toBe(code);
  });

  it('an unlisted 5xx is INTERNAL_SERVER_ERROR, from 500 up; anything else is HTTP_ERROR', () => {
    expect(defaultCodeForStatus(507)).toBe('INTERNAL_SERVER_ERROR');
    expect(defaultCodeForStatus(500)).toBe('INTERNAL_SERVER_ERROR');
    expect(defaultCodeForStatus(499)).toBe('HTTP_ERROR');
    expect(defaultCodeForStatus(418)).toBe('HTTP_ERROR');
  });
});

describe('normalizeErrorBody: the four documented shapes, and what is not one', () => {
  it('the spec shape: message, code and issues', () => {
    const body = JSON.stringify({message: 'slug is invalid', code: 'VALIDATION', issues: [{message: 'slug: too short', path: ['slug']}]});
    expect(normalizeErrorBody(400, 'Bad Request', body)).toEqual({status: 400, code: 'VALIDATION', message: 'slug is invalid', issues: [{message: 'slug: too short'}]});
  });

  it('the spec shape without code or issues keeps the status code and no issues; an empty message falls back', () => {
    expect(normalizeErrorBody(404, 'Not Found', JSON.stringify({message: 'no such report'}))).toEqual({status: 404, code: 'NOT_FOUND', message: 'no such report', issues: []});
    expect(normalizeErrorBody(404, 'Not Found', JSON.stringify({message: ''})).message).toBe('HTTP 404 Not Found');
    expect(normalizeErrorBody(400, undefined, JSON.stringify({message: 'x', issues: 'not a list'})).issues).toEqual([]);
  });

  it('issues are kept only when every one has a text message', () => {
    expect(normalizeErrorBody(400, undefined, JSON.stringify({message: 'x', issues: [{message: 'ok'}, {path: ['slug']}]})).issues).toEqual([]);
    expect(normalizeErrorBody(400, undefined, JSON.stringify({message: 'x', issues: [{message: 5}]})).issues).toEqual([]);
  });

  it('the nested shape: error.code and error.message, each optional', () => {
    expect(normalizeErrorBody(403, 'Forbidden', JSON.stringify({error: {code: 'NO_ACCESS', message: 'not your organization'}}))).toEqual({
      status: 403,
      code: 'NO_ACCESS',
      message: 'not your organization',
      issues: [],
    });
    expect(normalizeErrorBody(403, 'Forbidden', JSON.stringify({error: {}}))).toEqual({status: 403, code: 'FORBIDDEN', message: 'HTTP 403 Forbidden', issues: []});
  });

  it('a nested error whose code or message is not text is not read: the status line', () => {
    for (const error of [{code: 42, message: 'm'}, {message: 7}]) {
      expect(normalizeErrorBody(403, 'Forbidden', JSON.stringify({error})), JSON.stringify(error)).toEqual({status: 403, code: 'FORBIDDEN', message: 'HTTP 403 Forbidden', issues: []});
    }
  });

  it('the string shape: error is the message', () => {
    expect(normalizeErrorBody(401, 'Unauthorized', JSON.stringify({error: 'bad key'}))).toEqual({status: 401, code: 'UNAUTHORIZED', message: 'bad key', issues: []});
  });

  it('an HTML page, an empty or blank body, or JSON of no known shape: the status line', () => {
    for (const raw of ['<html>502 Bad Gateway</html>', '', '   \n', '[1,2]', '{"unknown":true}', 'null']) {
      expect(normalizeErrorBody(502, 'Bad Gateway', raw), JSON.stringify(raw)).toEqual({status: 502, code: 'BAD_GATEWAY', message: 'HTTP 502 Bad Gateway', issues: []});
    }
    expect(normalizeErrorBody(418, '', '').message).toBe('HTTP 418');
    expect(normalizeErrorBody(418, undefined, '').code).toBe('HTTP_ERROR');
  });

  it('per-asset rejections (422): the asset as text or {content}, suggestion only when given', () => {
    const body = JSON.stringify({
      message: 'some assets were rejected',
      data: {
        errors: [
          {asset: 'evil.example', errorType: 'INVALID_DOMAIN', message: 'not a domain', suggestion: 'evil.example.com'},
          {asset: {content: 't.me/x', type: 'TELEGRAM'}, errorType: 'UNSUPPORTED', message: 'no', suggestion: null},
        ],
      },
    });
    const normalized = normalizeErrorBody(422, 'Unprocessable Entity', body);
    expect(normalized.code).toBe('UNPROCESSABLE_ENTITY');
    expect(normalized.message).toBe('some assets were rejected');
    expect(normalized.details).toEqual({
      assetErrors: [
        {asset: 'evil.example', errorType: 'INVALID_DOMAIN', message: 'not a domain', suggestion: 'evil.example.com'},
        {asset: 't.me/x', errorType: 'UNSUPPORTED', message: 'no'},
      ],
    });
    expect(Object.keys(normalized.details!.assetErrors![1]!)).not.toContain('suggestion');
  });

  it('no details when data.errors is not a list of rejections', () => {
    expect(normalizeErrorBody(422, 'x', JSON.stringify({message: 'm', data: {errors: [{asset: 1}]}})).details).toBeUndefined();
    const noContent = {asset: {type: 'URL'}, errorType: 'INVALID_FORMAT', message: 'bad'};
    expect(normalizeErrorBody(422, 'x', JSON.stringify({message: 'm', data: {errors: [noContent]}})).details).toBeUndefined();
    expect(normalizeErrorBody(422, 'x', JSON.stringify({message: 'm'})).details).toBeUndefined();
  });
});
