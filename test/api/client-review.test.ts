import nock from 'nock';
import {afterEach, describe, expect, it} from 'vitest';
import {ApiError, OutcomeUnknownError, ReviewConflictError, ReviewLimitError, UnavailableError} from '../../src/errors.js';
import type {ReviewRequest} from '../../src/api/wire/index.js';
import {KEY, ORIGIN, everythingAbout, localServer, makeClient} from './helpers.js';
import {useNock} from '../helpers/nock.js';
import {rejectionOf} from '../helpers/thrown.js';
import {clearSecrets} from '../../src/secrets.js';

useNock({allowLoopback: true});
afterEach(() => clearSecrets());

const PATH = '/api/v2/organization/proposals/41/review';
const body: ReviewRequest = {assetId: 7, decision: 'REJECT', rejectReason: 'irrelevant', slug: 'acme'};

/** Answers every POST to the review path with `status`, counting them. */
function always(status: number, reply: unknown) {
  const counter = {count: 0, bodies: [] as unknown[]};
  nock(ORIGIN)
    .post(PATH)
    .times(5)
    .reply(function (_uri, sent) {
      counter.count++;
      counter.bodies.push(sent);
      return [status, JSON.stringify(reply), {'content-type': 'application/json'}];
    });
  return counter;
}

describe('reviewProposal: what is sent and read', () => {
  it('POSTs the body as JSON to organization/proposals/{id}/review and reads proposal.id and reviewStatus', async () => {
    const counter = always(200, {proposal: {id: 41, reviewStatus: 'REJECTED', asset: {id: 7, type: 'URL', content: 'scam.example', status: 'UNKNOWN'}}, review: {id: 3, decision: 'REJECT'}, watchlisted: false, extra: 1});
    const result = await makeClient().client.reviewProposal('41', body);
    expect(counter.bodies).toEqual([body]);
    expect(result).toMatchObject({proposalId: '41', reviewStatus: 'REJECTED', watchlisted: false, asset: {id: '7', content: 'scam.example'}});
    nock.cleanAll();
  });

  it('tolerant reader: only proposal.id is needed; broken optional parts are dropped, not fatal', async () => {
    always(200, {proposal: {id: 'p-41', asset: 'not an object'}, review: 5});
    const result = await makeClient().client.reviewProposal('41', body);
    expect(result).toEqual({proposalId: 'p-41', reviewStatus: undefined, watchlisted: undefined, asset: undefined, review: undefined});
    nock.cleanAll();
  });

  it('escapes the proposal id into one path segment', async () => {
    nock(ORIGIN).post('/api/v2/organization/proposals/a%2Fb/review').reply(200, {proposal: {id: 'a/b'}});
    await expect(makeClient().client.reviewProposal('a/b', body)).resolves.toMatchObject({proposalId: 'a/b'});
  });
});

describe('reviewProposal is never repeated once the upstream may have acted', () => {
  it.each([500, 502, 503])('%i: one request, OutcomeUnknownError (exit 8) with the command that shows the state', async status => {
    const counter = always(status, {message: 'boom', code: 'INTERNAL_SERVER_ERROR'});
    const error = (await rejectionOf(makeClient({retries: 3}).client.reviewProposal('41', body))) as OutcomeUnknownError;
    expect(counter.count).toBe(1);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.exitCode).toBe(8);
    expect(error.status).toBe(status);
    expect(error.message).toContain('the review may or may not have been recorded');
    expect(error.hint).toContain(`vigil reports list --org acme --all --json | jq -c 'select(any(.proposals[]?; .id == "41"))'`);
    nock.cleanAll();
  });

  it('without --org, the state check names no org', async () => {
    always(500, {message: 'boom'});
    const {slug: _slug, ...noSlug} = body;
    const error = (await rejectionOf(makeClient().client.reviewProposal('41', noSlug), OutcomeUnknownError));
    expect(error.hint).toBe(`do not send it again before checking the proposal's reviewStatus: \`vigil reports list --all --json | jq -c 'select(any(.proposals[]?; .id == "41"))'\``);
    nock.cleanAll();
  });

  it('409 without --org: the hint names no org', async () => {
    always(409, {message: 'Asset does not belong to this proposal', code: 'CONFLICT'});
    const {slug: _slug, ...noSlug} = body;
    const error = await rejectionOf(makeClient().client.reviewProposal('41', noSlug), ReviewConflictError);
    expect(error.hint).toContain('see both with `vigil reports list --needs-customer-review --json`');
    nock.cleanAll();
  });

  it('409 keeps the per-asset details the upstream sent', async () => {
    always(409, {message: 'conflict', code: 'CONFLICT', data: {errors: [{asset: 'scam.example', errorType: 'NOT_PENDING', message: 'already reviewed'}]}});
    const error = await rejectionOf(makeClient().client.reviewProposal('41', body), ReviewConflictError);
    expect(error.details).toEqual({assetErrors: [{asset: 'scam.example', errorType: 'NOT_PENDING', message: 'already reviewed'}]});
    expect([error.status, error.code, error.message]).toEqual([409, 'CONFLICT', 'conflict']);
    nock.cleanAll();
  });

  it('429 (the daily limit): one request, ReviewLimitError exit 10, never retried even with Retry-After', async () => {
    let count = 0;
    nock(ORIGIN).post(PATH).times(4).reply(() => {
      count++;
      return [429, JSON.stringify({message: 'Review limit of 10 per day reached for this organization.', code: 'TOO_MANY_REQUESTS'}), {'retry-after': '1'}];
    });
    const error = (await rejectionOf(makeClient({retries: 3}).client.reviewProposal('41', body))) as ReviewLimitError;
    expect(count).toBe(1);
    expect(error).toBeInstanceOf(ReviewLimitError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(10);
    expect(error.message).toBe('Review limit of 10 per day reached for this organization.');
    expect(error.hint).toContain('10 reviews per rolling 24 hours');
    nock.cleanAll();
  });

  it.each([
    ['without a Retry-After', {}],
    ['with a Retry-After vigil would wait for', {'retry-after': '1'}],
  ])('429 %s is not retried either: a review is repeated only when its body never left', async (_label, headers) => {
    let count = 0;
    nock(ORIGIN).post(PATH).times(4).reply(() => {
      count++;
      return [429, JSON.stringify({message: 'Review limit of 10 per day reached for this organization.', code: 'TOO_MANY_REQUESTS'}), headers];
    });
    const error = await rejectionOf(makeClient({retries: 3, maxRetryDelayMs: 5_000}).client.reviewProposal('41', body), ReviewLimitError);
    expect(count).toBe(1);
    expect(error.exitCode).toBe(10);
    nock.cleanAll();
  });

  it('409: ReviewConflictError exit 9, with where to see the asset id', async () => {
    always(409, {message: 'Asset does not belong to this proposal', code: 'CONFLICT'});
    const error = (await rejectionOf(makeClient().client.reviewProposal('41', body))) as ReviewConflictError;
    expect(error).toBeInstanceOf(ReviewConflictError);
    expect(error.exitCode).toBe(9);
    expect(error.code).toBe('CONFLICT');
    expect(error.hint).toContain('vigil reports list --needs-customer-review --org acme --json');
    nock.cleanAll();
  });

  it.each([[400, 3], [403, 5], [404, 4]])('%i stays an ApiError with its usual exit code %i', async (status, exit) => {
    const counter = always(status, {message: 'no', code: 'X'});
    const error = (await rejectionOf(makeClient().client.reviewProposal('41', body))) as ApiError;
    expect(counter.count).toBe(1);
    expect(error.constructor).toBe(ApiError);
    expect(error.exitCode).toBe(exit);
    nock.cleanAll();
  });

  it('connection reset after sending: one request, outcome unknown', async () => {
    const server = await localServer(req => req.socket.destroy());
    try {
      const error = await rejectionOf(makeClient({baseUrl: `${server.url}/api/v2`, retries: 3}).client.reviewProposal('41', body));
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error.message).toContain('connection reset');
      expect(error.message).toContain('may or may not have been recorded');
      expect(server.requests).toHaveLength(1);
      expect(await everythingAbout(error)).not.toContain(KEY);
    } finally {
      await server.close();
    }
  });

  it('no response in time after sending: one request, outcome unknown', async () => {
    const server = await localServer(() => {});
    try {
      const error = await rejectionOf(makeClient({baseUrl: `${server.url}/api/v2`, timeoutMs: 100, retries: 3}).client.reviewProposal('41', body));
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('connection refused: retried, since nothing reached the server, and not called an unknown outcome', async () => {
    const server = await localServer(() => {});
    const port = Number(new URL(server.url).port);
    await server.close();
    const {client, lines} = makeClient({baseUrl: `http://127.0.0.1:${port}/api/v2`, retries: 2});
    const error = await rejectionOf(client.reviewProposal('41', body));
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error).not.toBeInstanceOf(OutcomeUnknownError);
    expect(lines.filter(line => line.includes('ECONNREFUSED'))).toHaveLength(3);
  });
});

describe('reviewProposal: an answer that cannot be read', () => {
  it('a 2xx the schema refuses says the review was recorded, with the command that shows it', async () => {
    const counter = always(200, {unexpected: true});
    const error = await rejectionOf(makeClient({retries: 3}).client.reviewProposal('41', body));
    expect(counter.count).toBe(1);
    expect(error.message).toContain('the upstream did record the review');
    expect((error as {hint?: string}).hint).toMatch(/^do not send it again: see the proposal's reviewStatus with `vigil reports list --org acme --all --json/);
    nock.cleanAll();
  });

  it('a 5xx whose body cannot be decoded is told by its status: the review may or may not have been recorded', async () => {
    nock(ORIGIN).post(PATH).reply(502, 'not gzip at all', {'content-encoding': 'gzip'});
    const error = await rejectionOf(makeClient({retries: 3}).client.reviewProposal('41', body), OutcomeUnknownError);
    expect(error.message).toBe('HTTP 502 Bad Gateway (HTTP 502 BAD_GATEWAY); the review may or may not have been recorded');
    expect(error.hint).toMatch(/^do not send it again before checking/);
  });
});
