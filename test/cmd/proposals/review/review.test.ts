import nock from 'nock';
import {afterEach, describe, expect, it} from 'vitest';
import {useNock} from '../../../helpers/nock.js';
import {createApiClient} from '../../../../src/api/client.js';
import type {CommandContext} from '../../../../src/cli/context.js';
import {runProposalsReview, type ReviewFlags} from '../../../../src/cmd/proposals/review/review.js';
import {formatError} from '../../../../src/output/error-banner.js';
import {clearSecrets} from '../../../../src/secrets.js';
import {localServer} from '../../../api/helpers.js';
import {API_KEY, BASE_URL, fakeContext, interceptApi} from '../../../helpers/fake-context.js';

// The local server of the timeout test is real; everything else is nock.
useNock({allowLoopback: true});
afterEach(() => clearSecrets());

const PATH = 'organization/proposals/41/review';
const REJECT: ReviewFlags = {proposalIds: ['41'], assetId: '7', decision: 'reject', rejectReason: 'irrelevant'};
const OK = {
  proposal: {id: 41, reviewStatus: 'REJECTED', asset: {id: 7, type: 'URL', content: 'scam.example', status: 'UNKNOWN'}},
  review: {id: 900, decision: 'REJECT', label: null, brandId: null, comment: null, createdAt: '2026-11-22T00:00:00.000Z'},
  watchlisted: false,
};

type Ctx = CommandContext & {io: {out(): string; err(): string}};

/** Runs the command as the process would: the exit code and the error banner on stderr. */
async function run(flags: ReviewFlags, ctx: Ctx): Promise<{exit: number; out: string; err: string}> {
  let exit: number;
  try {
    exit = await runProposalsReview(flags, ctx);
  } catch (error) {
    const report = formatError(error);
    ctx.io.stderr.write(report.text);
    exit = report.exitCode;
  }
  const result = {exit, out: ctx.io.out(), err: ctx.io.err()};
  expect(result.out + result.err).not.toContain(API_KEY);
  return result;
}

/** A context whose client retries as in production (3 retries), against `baseUrl`. */
function retryingContext(baseUrl: string, tty = false): Ctx {
  const ctx = fakeContext({org: 'acme', tty, baseUrl});
  return {...ctx, client: () => createApiClient({baseUrl, apiKey: API_KEY, retries: 3, retryBaseDelayMs: 1, maxRetryDelayMs: 5, timeoutMs: 300, signal: ctx.signal})};
}

describe('proposals review: the one request', () => {
  it.each<[string, ReviewFlags, Record<string, unknown>]>([
    ['reject with a reason (any case)', {...REJECT, decision: 'REJECT', rejectReason: 'Irrelevant'}, {assetId: 7, decision: 'REJECT', rejectReason: 'irrelevant'}],
    ['approve with label, brand and note', {proposalIds: ['41'], assetId: '7', decision: 'Approve', label: 'phishing', brandId: '3', note: 'clear clone'}, {assetId: 7, decision: 'APPROVE', label: 'phishing', brandId: 3, note: 'clear clone'}],
    ['watchlist with a reason (any case)', {proposalIds: ['41'], assetId: '7', decision: 'watchlist', watchlistReason: 'parking'}, {assetId: 7, decision: 'WATCHLIST', watchlistReason: 'PARKING'}],
    ['reject without a reason', {proposalIds: ['41'], assetId: '7', decision: 'reject'}, {assetId: 7, decision: 'REJECT'}],
  ])('%s', async (_name, flags, body) => {
    const seen = interceptApi('POST', PATH, [{body: OK}]);
    const {exit} = await run(flags, fakeContext({org: 'acme'}));
    expect(exit).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe(`/api/v2/${PATH}`);
    expect(seen[0]!.headers['x-api-key']).toBe(API_KEY);
    expect(seen[0]!.body).toEqual({slug: 'acme', ...body});
  });

  it('without an org configured, no slug is sent (the key decides)', async () => {
    const seen = interceptApi('POST', PATH, [{body: OK}]);
    await run(REJECT, fakeContext());
    expect(seen[0]!.body).toEqual({assetId: 7, decision: 'REJECT', rejectReason: 'irrelevant'});
  });
});

describe('proposals review: 200 in every output format', () => {
  it('on a terminal: what was done, the new review status', async () => {
    interceptApi('POST', PATH, [{body: OK}]);
    const {exit, out, err} = await run(REJECT, fakeContext({org: 'acme', tty: true}));
    expect(exit).toBe(0);
    expect(out).toBe('Rejected proposal 41 (asset 7 scam.example)\n  review status: REJECTED\n  watchlisted:   no\n');
    expect(err).toBe('');
  });

  it('piped: one TSV row, no header', async () => {
    interceptApi('POST', PATH, [{body: OK}]);
    const {out} = await run(REJECT, fakeContext({org: 'acme'}));
    expect(out).toBe('41\tREJECTED\tno\tscam.example\n');
  });

  it('--json: the normalised result, keys sorted', async () => {
    interceptApi('POST', PATH, [{body: OK}]);
    const {out} = await run({...REJECT, json: true}, fakeContext({org: 'acme'}));
    expect(JSON.parse(out)).toEqual({
      proposalId: '41', reviewStatus: 'REJECTED', watchlisted: false,
      asset: {id: '7', type: 'URL', content: 'scam.example', status: 'UNKNOWN'},
      review: {id: '900', decision: 'REJECT', createdAt: '2026-11-22T00:00:00.000Z'},
    });
  });

  it('upstream text is stripped of terminal control sequences', async () => {
    interceptApi('POST', PATH, [{body: {proposal: {id: 41, reviewStatus: 'REJECTED\u001b[2J', asset: {id: 7, content: 'evil\u001b]0;pwned\u0007.example'}}}}]);
    const {out} = await run(REJECT, fakeContext({org: 'acme', tty: true}));
    expect(out).not.toContain('\u001b');
    expect(out).toContain('evil');
  });
});

describe('proposals review: every documented refusal, one request each, a next step', () => {
  it.each<[number, string, number, string]>([
    [400, 'BAD_REQUEST', 3, 'error: rejectReason: invalid (HTTP 400 BAD_REQUEST)'],
    [403, 'FORBIDDEN', 5, 'hint: the key has no access to this organization'],
    [404, 'NOT_FOUND', 4, 'error: Proposal not found (HTTP 404 NOT_FOUND)'],
    [409, 'CONFLICT', 9, "hint: --asset-id must be the proposal's asset.id, and the proposal must still be pending; see both with `vigil reports list --needs-customer-review --org acme --json`"],
    [429, 'TOO_MANY_REQUESTS', 10, 'error: Review limit of 10 per day reached for this organization. (HTTP 429 TOO_MANY_REQUESTS)'],
  ])('%i %s: exit %i', async (status, code, exit, says) => {
    const messages: Record<number, string> = {400: 'rejectReason: invalid', 403: 'Forbidden', 404: 'Proposal not found', 409: 'Asset does not match the proposal', 429: 'Review limit of 10 per day reached for this organization.'};
    const seen = interceptApi('POST', PATH, [{status, body: {message: messages[status], code}}], 4);
    const result = await run(REJECT, retryingContext(BASE_URL));
    expect(result.exit).toBe(exit);
    expect(result.err).toContain(says);
    expect(result.out).toBe('');
    expect(seen).toHaveLength(1);
    nock.cleanAll();
  });

  it('429: says why retrying does not help', async () => {
    interceptApi('POST', PATH, [{status: 429, body: {message: 'Review limit of 10 per day reached for this organization.', code: 'TOO_MANY_REQUESTS'}}], 4);
    const {err} = await run(REJECT, retryingContext(BASE_URL));
    expect(err).toContain('hint: every key of the organization shares 10 reviews per rolling 24 hours; trying again now fails the same way');
    nock.cleanAll();
  });

  it.each([500, 502])('%i: not retried, exit 8, may have acted, and how to check', async status => {
    const seen = interceptApi('POST', PATH, [{status, body: {message: 'upstream trouble', code: 'INTERNAL_SERVER_ERROR'}}], 4);
    const {exit, err} = await run(REJECT, retryingContext(BASE_URL));
    expect(seen).toHaveLength(1);
    expect(exit).toBe(8);
    expect(err).toContain('the review may or may not have been recorded');
    expect(err).toContain(`hint: do not send it again before checking the proposal's reviewStatus: \`vigil reports list --org acme --all --json | jq -c 'select(any(.proposals[]?; .id == "41"))'\``);
    nock.cleanAll();
  });

  it('no answer after the body was sent: exactly one request reached the server, exit 8, how to check', async () => {
    const server = await localServer(() => {});
    try {
      const {exit, err} = await run(REJECT, retryingContext(`${server.url}/api/v2`));
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.url).toBe(`/api/v2/${PATH}`);
      expect(exit).toBe(8);
      expect(err).toContain('no response from');
      expect(err).toContain('the review may or may not have been recorded');
      expect(err).toContain('vigil reports list --org acme --all --json');
    } finally {
      await server.close();
    }
  });
});

describe('proposals review: invalid input, every problem named by its flag, nothing sent', () => {
  it.each<[string, ReviewFlags, string[]]>([
    ['a watchlist reason with reject (the acceptance case)', {proposalIds: ['1'], assetId: '2', decision: 'reject', watchlistReason: 'DEAD'}, ['--watchlist-reason: only allowed with --decision watchlist (--decision is reject)']],
    ['a reject reason with approve', {proposalIds: ['1'], assetId: '2', decision: 'approve', rejectReason: 'decayed'}, ['--reject-reason: only allowed with --decision reject (--decision is approve)']],
    ['a label with watchlist', {proposalIds: ['1'], assetId: '2', decision: 'watchlist', label: 'x'}, ['--label: only allowed with --decision approve (--decision is watchlist)']],
    ['nothing given', {}, ['<proposal-id>: required', '--asset-id: required', '--decision: required']],
    [
      'ids not positive whole numbers, unknown decision and reasons, all at once',
      {proposalIds: ['0'], assetId: '2.5', decision: 'maybe', rejectReason: 'nope', watchlistReason: 'later', brandId: '-3', note: ' '},
      ['<proposal-id>: must be a whole number at least 1', '--asset-id: must be a whole number', '--decision: must be one of APPROVE, REJECT, WATCHLIST', '--reject-reason: must be one of irrelevant', '--watchlist-reason: must be one of DEAD', '--brand-id: must be a whole number', '--note: must not be empty'],
    ],
    ['two proposal ids', {proposalIds: ['1', '2'], assetId: '2', decision: 'reject'}, ['<proposal-id>: one proposal per review (got 2: 1 2)']],
    ['--json with --output', {...REJECT, json: true, output: 'tsv'}, ['--json: cannot be combined with --output']],
  ])('%s: exit 3', async (_name, flags, expected) => {
    const seen = interceptApi('POST', PATH, [{body: OK}]);
    const {exit, out, err} = await run(flags, fakeContext({org: 'acme'}));
    expect(exit).toBe(3);
    expect(out).toBe('');
    for (const line of expected) expect(err).toContain(`  - ${line}`);
    expect(err.match(/^ {2}- /gm)).toHaveLength(expected.length);
    expect(seen).toHaveLength(0);
    nock.cleanAll();
  });
});

describe('proposals review --dry-run', () => {
  it('prints the body under the JSON output rules, says where it would go, sends nothing', async () => {
    const seen = interceptApi('POST', PATH, [{body: OK}]);
    const ctx = fakeContext({org: 'acme', tty: true});
    const {exit, out, err} = await run({...REJECT, note: 'dup of 40', dryRun: true}, ctx);
    expect(exit).toBe(0);
    expect(seen).toHaveLength(0);
    expect(err).toBe(`dry run: POST ${BASE_URL}/${PATH} (nothing sent)\n`);
    // Pretty on a terminal, keys sorted, as every --json output.
    expect(out).toBe('{\n  "assetId": 7,\n  "decision": "REJECT",\n  "note": "dup of 40",\n  "rejectReason": "irrelevant",\n  "slug": "acme"\n}\n');
    nock.cleanAll();
  });

  it('piped: one line; needs neither key nor base URL', async () => {
    const {exit, out, err} = await run({...REJECT, dryRun: true}, fakeContext({org: 'acme', apiKey: null, baseUrl: null}));
    expect(exit).toBe(0);
    expect(out).toBe('{"assetId":7,"decision":"REJECT","rejectReason":"irrelevant","slug":"acme"}\n');
    expect(err).toBe('dry run: POST <base-url>/organization/proposals/41/review (nothing sent)\n');
  });
});
