import {mkdtempSync} from 'node:fs';
import type {IncomingMessage, ServerResponse} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {ensureBuilt} from '../helpers/build.js';
import {runCli} from '../helpers/cli.js';
import {localServer, type LocalServer} from '../api/helpers.js';

/*
 * A POST that is not safe to repeat (a review, a report) is sent once whatever the upstream
 * answers: after it, only a 303 is followed (as a GET); any other redirect is refused as
 * "outcome unknown" (exit 8) with the command that shows the state, and a 2xx whose body
 * cannot be read says the upstream acted. The built CLI against a real local server that
 * counts what it receives.
 */

const KEY = 'vk_redirect_0f1e2d3c4b5a69788796';
let server: LocalServer | undefined;

beforeAll(() => ensureBuilt(), 120_000);
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const REVIEW = ['proposals', 'review', '41', '--asset-id', '7', '--decision', 'reject', '--reject-reason', 'irrelevant'];
const CREATE = ['reports', 'create', '--title', 'Fake login', '--description', 'kit', '--asset', 'evil.example'];
const REVIEWED = {
  proposal: {id: 41, reviewStatus: 'REJECTED', asset: {id: 7, type: 'URL', content: 'scam.example', status: 'UNKNOWN'}},
  review: {id: 900, decision: 'REJECT', label: null, brandId: null, comment: null, createdAt: '2026-11-22T00:00:00.000Z'},
  watchlisted: false,
};

async function upstream(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalServer> {
  // Read every body, so a request counts once it is whole.
  server = await localServer((req, res) => {
    req.resume();
    req.on('end', () => handler(req, res));
  });
  return server;
}

async function vigil(args: string[]) {
  const result = await runCli(args, {
    env: {VIGIL_BASE_URL: `${server!.url}/api/v2`, VIGIL_API_KEY: KEY, VIGIL_ORG: 'acme', VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-redirect-'))},
    timeoutMs: 30_000,
  });
  expect(result.stdout + result.stderr).not.toContain(KEY);
  return result;
}

// `reports create` first checks each asset (POST /asset/check, a read that may be retried):
// what must be sent once is the create.
const posts = () => server!.requests.filter(req => req.method === 'POST' && !req.url?.endsWith('/asset/check')).length;

describe('an upstream that answers every POST with 307 to the same path', () => {
  const sameTarget = (req: IncomingMessage, res: ServerResponse) => res.writeHead(307, {location: req.url}).end();

  it('`proposals review` sends exactly one POST and exits 8 with the command that shows the review status', async () => {
    await upstream(sameTarget);
    const result = await vigil(REVIEW);
    expect(posts()).toBe(1);
    expect(server!.requests).toHaveLength(1);
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('307 redirect to');
    expect(result.stderr).toContain('the review may or may not have been recorded');
    expect(result.stderr).toContain(`hint: do not send it again before checking the proposal's reviewStatus: \`vigil reports list --org acme --all --json | jq -c 'select(any(.proposals[]?; .id == "41"))'\``);
  });

  it('`reports create` sends exactly one POST and exits 8 with the command that shows whether the report exists', async () => {
    await upstream(sameTarget);
    const result = await vigil(CREATE);
    expect(posts()).toBe(1);
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('the report may or may not have been created');
    expect(result.stderr).toContain('hint: check with `vigil reports search <asset>` before trying again');
  });
});

describe('other answers to the review POST', () => {
  it('302 then 409: the redirect is not followed, so vigil never reports its own review as "not awaiting review"', async () => {
    let n = 0;
    await upstream((req, res) => {
      if (n++ === 0) res.writeHead(302, {location: req.url}).end();
      else res.writeHead(409, {'content-type': 'application/json'}).end(JSON.stringify({message: 'proposal is not awaiting review', code: 'CONFLICT'}));
    });
    const result = await vigil(REVIEW);
    expect(server!.requests).toHaveLength(1);
    expect(result.code).toBe(8);
    expect(result.stderr).not.toContain('not awaiting review');
    expect(result.stderr).toContain('the review may or may not have been recorded');
  });

  it('303 is followed as a GET without the body, and its answer is the result', async () => {
    await upstream((req, res) => {
      if (req.method === 'POST') res.writeHead(303, {location: '/api/v2/organization/proposals/41/review-result'}).end();
      else res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(REVIEWED));
    });
    const result = await vigil(REVIEW);
    expect(server!.requests.map(req => [req.method, req.url, req.headers['content-length']])).toEqual([
      ['POST', '/api/v2/organization/proposals/41/review', expect.any(String)],
      ['GET', '/api/v2/organization/proposals/41/review-result', undefined],
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('41');
  });

  it('a 2xx whose body cannot be read says the upstream acted and how to see it, never to run again', async () => {
    await upstream((_req, res) => res.writeHead(200, {'content-type': 'text/html'}).end('<html>done</html>'));
    const result = await vigil(REVIEW);
    expect(posts()).toBe(1);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the upstream did record the review');
    expect(result.stderr).toContain(`hint: do not send it again: see the proposal's reviewStatus with \`vigil reports list --org acme --all --json`);
    expect(result.stderr).not.toMatch(/run again|try again/);
  });

  it('a created report whose answer is cut off says it was created', async () => {
    await upstream((_req, res) => {
      res.writeHead(201, {'content-type': 'application/json', 'content-length': '200'});
      res.write('{"id":', () => setTimeout(() => res.socket?.destroy(), 20));
    });
    const result = await vigil(CREATE);
    expect(posts()).toBe(1);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the upstream answered 201 but its answer could not be read');
    expect(result.stderr).toContain('the upstream did create the report');
    expect(result.stderr).toContain('hint: do not create it again: see it with `vigil reports search <asset>`');
    expect(result.stderr).not.toMatch(/run again|try again/);
  });
});
