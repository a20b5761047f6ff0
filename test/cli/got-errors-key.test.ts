import {mkdtempSync} from 'node:fs';
import type {IncomingMessage, ServerResponse} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ensureBuilt} from '../helpers/build.js';
import {runCli} from '../helpers/cli.js';
import {localServer, type LocalServer} from '../api/helpers.js';

/*
 * Every error got can raise carries the request's options, headers and so the API key.
 * Each one is forced here against the built CLI (a timeout, a reset, a 5xx, a redirect
 * elsewhere and too many, a body that is not JSON, an oversized body), with and without
 * --debug: the key appears in none of what the user sees, while the failure itself is named.
 */

const KEY = 'vk_goterr_c0ffee00deadbeef1234';
let server: LocalServer;
let other: LocalServer;

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  timeout: () => {},
  reset: req => req.socket.destroy(),
  '5xx': (_req, res) => res.writeHead(503, {'content-type': 'application/json'}).end(JSON.stringify({message: `busy (${KEY})`, code: 'BUSY'})),
  elsewhere: (_req, res) => res.writeHead(302, {location: `${other.url}/api/v2/organization/reports`}).end(),
  loop: (req, res) => res.writeHead(302, {location: `${req.url}x`}).end(),
  'bad-json': (_req, res) => res.writeHead(200, {'content-type': 'text/html'}).end(`<html>${KEY}</html>`),
  oversized: (_req, res) => res.writeHead(200, {'content-type': 'application/json'}).end(`{"reports":[],"pad":"${'x'.repeat(4096)}"}`),
};

beforeAll(async () => {
  await ensureBuilt();
  other = await localServer((_req, res) => res.writeHead(200).end('{}'));
  // The scenario is the first path segment after /api/v2 of the base URL.
  server = await localServer((req, res) => {
    const scenario = /^\/api\/v2\/([^/]+)\//.exec(req.url ?? '')?.[1] ?? '';
    routes[scenario]?.(req, res);
  });
}, 120_000);
afterAll(async () => {
  await server.close();
  await other.close();
});

const expected: Record<string, RegExp> = {
  timeout: /no answer from 127\.0\.0\.1:\d+ within 2 s/,
  reset: /connection reset by 127\.0\.0\.1:\d+/,
  '5xx': /busy \(vk_…1234\) \(after \d attempts\)/,
  elsewhere: /to another origin/,
  loop: /too many redirects from/,
  'bad-json': /body is not JSON \(text\/html\)/,
  oversized: /larger than the limit of 1 KiB/,
};

describe.each([false, true])('every got error, --debug %s', debug => {
  it.each(Object.keys(routes))('%s: named, and the key nowhere', async scenario => {
    const result = await runCli(['reports', 'list', '--timeout', '2s', ...(debug ? ['--debug'] : [])], {
      env: {
        VIGIL_BASE_URL: `${server.url}/api/v2/${scenario}`,
        VIGIL_API_KEY: KEY,
        VIGIL_ORG: 'acme',
        VIGIL_MAX_RESPONSE_BYTES: '1KiB',
        VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-goterr-')),
      },
      timeoutMs: 30_000,
    });
    expect(result.code, result.stderr).not.toBe(0);
    expect(result.stderr).toMatch(expected[scenario]!);
    // --debug traced the attempts: proof that the lines under test were written.
    if (debug) expect(result.stderr).toMatch(/debug: GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/.+ -> /);
    expect(result.stdout + result.stderr).not.toContain(KEY);
    // Nor a piece of it long enough to matter.
    expect(result.stdout + result.stderr).not.toContain(KEY.slice(6, 22));
  }, 30_000);
});

describe('proxies', () => {
  it('proxy variables are ignored: the request goes straight to the base URL, the proxy sees nothing', async () => {
    const proxy = await localServer((_req, res) => res.writeHead(502).end());
    const api = await localServer((_req, res) => res.writeHead(200, {'content-type': 'application/json'}).end('{"reports":[],"nextCursor":null,"totalCount":0}'));
    try {
      const proxyUrl = proxy.url;
      const result = await runCli(['reports', 'list', '--json'], {
        env: {
          VIGIL_BASE_URL: `${api.url}/api/v2`,
          VIGIL_API_KEY: KEY,
          VIGIL_ORG: 'acme',
          VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-proxy-')),
          HTTP_PROXY: proxyUrl,
          HTTPS_PROXY: proxyUrl,
          ALL_PROXY: proxyUrl,
          http_proxy: proxyUrl,
          https_proxy: proxyUrl,
        },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(api.requests).toHaveLength(1);
      expect(proxy.requests).toHaveLength(0);
    } finally {
      await Promise.all([proxy.close(), api.close()]);
    }
  });
});
