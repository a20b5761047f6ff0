import nock from 'nock';
import {afterEach, describe, expect, it} from 'vitest';
import {ApiError, CredentialsError} from '../../src/errors.js';
import {createApiClient} from '../../src/api/client.js';
import {BASE, ORIGIN, makeClient} from './helpers.js';
import {useNock} from '../helpers/nock.js';
import {rejectionOf} from '../helpers/thrown.js';
import {clearSecrets} from '../../src/secrets.js';

useNock();
afterEach(() => clearSecrets());

const search = {slug: 'acme', assetContents: ['a.example']};

async function apiError(status: number, body: string, headers: Record<string, string> = {'content-type': 'application/json'}): Promise<ApiError> {
  nock(ORIGIN).post('/api/v2/reports/search').reply(status, body, headers);
  const error = await rejectionOf(makeClient({retries: 0}).client.searchReports(search));
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('every documented error body is normalised', () => {
  it('shape 1 (the documented error object): message, code, issues', async () => {
    const error = await apiError(400, JSON.stringify({message: 'Invalid input data', code: 'BAD_REQUEST', issues: [{message: 'slug is required'}, {message: 'limit too big'}]}));
    expect({status: error.status, code: error.code, message: error.message, issues: error.issues}).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Invalid input data',
      issues: [{message: 'slug is required'}, {message: 'limit too big'}],
    });
    expect(error.exitCode).toBe(3);
  });

  it('shape 2: nested {error: {code, message}} on 401 -> exit 2 with a login hint', async () => {
    const error = await apiError(401, JSON.stringify({error: {code: 'UNAUTHORIZED', message: 'Authorization not provided'}}));
    expect([error.status, error.code, error.message, error.exitCode]).toEqual([401, 'UNAUTHORIZED', 'Authorization not provided', 2]);
    expect(error.hint).toContain('vigil auth login');
  });

  it('shape 3: {error: "..."} on 413', async () => {
    const error = await apiError(413, JSON.stringify({error: 'Upload exceeds the request limit.'}));
    expect([error.code, error.message, error.exitCode]).toEqual(['PAYLOAD_TOO_LARGE', 'Upload exceeds the request limit.', 3]);
  });

  it('shape 4: an HTML page from a proxy uses the status line', async () => {
    const error = await apiError(403, '<html><h1>403 Forbidden</h1><p>nginx</p></html>', {'content-type': 'text/html'});
    expect([error.code, error.message, error.exitCode]).toEqual(['FORBIDDEN', 'HTTP 403 Forbidden', 5]);
  });

  it('shape 4: an empty 404 body', async () => {
    const error = await apiError(404, '', {});
    expect([error.code, error.message, error.exitCode]).toEqual(['NOT_FOUND', 'HTTP 404 Not Found', 4]);
  });

  it('409 is an input problem (exit 3)', async () => {
    const error = await apiError(409, JSON.stringify({message: 'Conflict', code: 'CONFLICT'}));
    expect(error.exitCode).toBe(3);
  });

  it('422 from report creation carries per-asset errors, exit 7', async () => {
    nock(ORIGIN)
      .post('/api/v2/report/create')
      .reply(422, {
        message: 'Some assets were rejected',
        code: 'UNPROCESSABLE_ENTITY',
        data: {
          errors: [
            {asset: 'a.example', errorType: 'REPORT_ALREADY_EXISTS', message: 'already reported', suggestion: 'see report 12'},
            {asset: 'bad url', errorType: 'INVALID_FORMAT', message: 'not a URL', suggestion: null},
          ],
        },
      });
    const error = (await rejectionOf(makeClient().client.createReport({title: 'abc', description: 'd', assets: [{content: 'a.example'}]}))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(7);
    expect(error.status).toBe(422);
    expect(error.details?.assetErrors).toEqual([
      {asset: 'a.example', errorType: 'REPORT_ALREADY_EXISTS', message: 'already reported', suggestion: 'see report 12'},
      {asset: 'bad url', errorType: 'INVALID_FORMAT', message: 'not a URL'},
    ]);
  });
});

describe('credentials', () => {
  it('no key: CredentialsError (exit 2) and nothing sent', async () => {
    const client = createApiClient({baseUrl: BASE});
    const endpoint = nock(ORIGIN).post('/api/v2/reports/search').reply(200, {reports: []});
    const error = await rejectionOf(client.searchReports(search));
    expect(error).toBeInstanceOf(CredentialsError);
    expect(error.message).toBe('no API key configured');
    expect((error as CredentialsError).exitCode).toBe(2);
    // The endpoint was there to be called, and was not.
    expect(endpoint.isDone()).toBe(false);
    nock.cleanAll();
  });

  it('a key with a newline is refused before sending', async () => {
    const client = createApiClient({baseUrl: BASE, apiKey: 'vk_live_abc\n'});
    const error = await rejectionOf(client.searchReports(search));
    expect(error).toBeInstanceOf(CredentialsError);
    expect(error.message).toContain('cannot be sent in a header');
    expect((error as CredentialsError).hint).toBe('check for a stray newline or quote; log in again with `vigil auth login`');
  });

  it.each([
    ['a leading space', ' vk_live_abc'],
    ['a leading non-ASCII letter', 'ключvk_live_abc'],
    ['a space inside', 'vk_live abc'],
  ])('a key with %s is refused before sending, wherever the bad character is', async (_label, apiKey) => {
    const client = createApiClient({baseUrl: BASE, apiKey});
    const endpoint = nock(ORIGIN).post('/api/v2/reports/search').reply(200, {reports: []});
    const error = await rejectionOf(client.searchReports(search), CredentialsError);
    expect(error.message).toBe('the API key contains spaces or characters that cannot be sent in a header');
    expect(endpoint.isDone()).toBe(false);
    nock.cleanAll();
  });
});
