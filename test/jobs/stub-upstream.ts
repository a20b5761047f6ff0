import {createServer, type IncomingMessage, type Server} from 'node:http';

/**
 * A local stand-in for the healthcheck endpoint: grades `count` per org with the project's
 * rule, records every request, and lets a test script failures per org
 * (status codes, delays) to exercise the retry and no-retry paths.
 */

export interface StubRequest {
  at: number;
  path: string;
  apiKey: string | undefined;
  body: Record<string, unknown>;
}

export interface StubUpstream {
  baseUrl: string;
  requests: StubRequest[];
  /** Cancelled count the stub reports for an org (default 0). */
  counts: Map<string, number>;
  /** Statuses to answer for an org's next requests, consumed in order (then 200). */
  failures: Map<string, number[]>;
  /** Milliseconds before answering, for every request (default 0). */
  latencyMs: number;
  /** Milliseconds before answering, per org (overrides latencyMs). */
  latencyByOrg: Map<string, number>;
  /** A 200 answer per org, sent as is instead of a graded result (hostile or broken upstreams). */
  bodies: Map<string, unknown>;
  /** What `POST /healthchecks/list` answers (as `{checks}`); default: cancelled-count alone. */
  registry: {id: string; implemented: boolean; notImplementedReason?: string}[];
  /** Statuses to answer the registry's next reads with, consumed in order (then 200). */
  registryFailures: number[];
  /** The main count of a check other than cancelled-count, keyed `<check>@<org>` (default 0). */
  checkCounts: Map<string, number>;
  /** Orgs the key cannot reach: every request for them (a run, the key check's report page) is 403. */
  forbidden: Set<string>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise(resolve => {
    const chunks: Buffer[] = [];
    req.on('data', chunk => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

export function healthcheckResult(org: string, count: number, warn: number, fail: number, id = 'takedowns.cancelled-count') {
  const severity = count >= fail ? 'fail' : count >= warn ? 'warn' : 'ok';
  const cancelled = id === 'takedowns.cancelled-count';
  return {
    id,
    title: 'Cancelled takedowns',
    category: 'takedowns',
    generatedAt: new Date().toISOString(),
    scope: {slug: org},
    ok: severity === 'ok',
    severity,
    observed: (cancelled ? {cancelledCount: count, windowStart: '2026-11-15T00:00:00Z'} : {count}) as Record<string, number | string>,
    threshold: {warnThreshold: warn, failThreshold: fail},
    findings: severity === 'ok' ? [] : [{kind: 'cancelled-takedowns', ref: null, message: `${count} takedowns cancelled`, severity}],
    suggestedAction: severity === 'ok' ? null : 'Review recent cancellations',
    appUrl: `https://app.example/orgs/${org}/takedowns`,
  };
}

export async function startStubUpstream(): Promise<StubUpstream> {
  const stub: Omit<StubUpstream, 'baseUrl' | 'close'> = {
    requests: [],
    counts: new Map(),
    failures: new Map(),
    latencyMs: 0,
    latencyByOrg: new Map(),
    bodies: new Map(),
    registry: [{id: 'takedowns.cancelled-count', implemented: true}],
    registryFailures: [],
    checkCounts: new Map(),
    forbidden: new Set(),
  };
  const server: Server = createServer(async (req, res) => {
    const text = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // recorded as empty
    }
    const org = String(body.slug ?? '');
    stub.requests.push({at: Date.now(), path: req.url ?? '', apiKey: req.headers['x-api-key'] as string | undefined, body});
    const check = /\/healthchecks\/([^/]+)\/([^/?]+)$/.exec(req.url ?? '');
    const id = check ? `${check[1]}.${check[2]}` : '';
    if (req.url?.endsWith('/healthchecks/list')) {
      const failure = stub.registryFailures.shift();
      if (failure !== undefined && failure !== 200) {
        res.writeHead(failure, {'content-type': 'application/json'}).end(JSON.stringify({message: `stub ${failure}`, code: 'INTERNAL_SERVER_ERROR', issues: []}));
        return;
      }
      res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({checks: stub.registry}));
      return;
    }
    // The key check asks for a page of reports: its org is the query's slug.
    if (stub.forbidden.has(org || (new URL(req.url ?? '/', 'http://stub').searchParams.get('slug') ?? ''))) {
      res.writeHead(403, {'content-type': 'application/json'}).end(JSON.stringify({message: 'stub: no access to this org', code: 'FORBIDDEN', issues: []}));
      return;
    }
    const delay = stub.latencyByOrg.get(org) ?? stub.latencyMs;
    if (delay > 0) await new Promise(resolve => setTimeout(resolve, delay));
    const status = stub.failures.get(org)?.shift();
    if (status !== undefined && status !== 200) {
      const code = {400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 429: 'TOO_MANY_REQUESTS'}[status] ?? 'INTERNAL_SERVER_ERROR';
      res.writeHead(status, {'content-type': 'application/json'}).end(JSON.stringify({message: `stub ${status}`, code, issues: []}));
      return;
    }
    if (stub.bodies.has(org)) {
      res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(stub.bodies.get(org)));
      return;
    }
    const warn = Number(body.warnThreshold ?? 3);
    const fail = Number(body.failThreshold ?? 10);
    const count = id === 'takedowns.cancelled-count' || id === '' ? (stub.counts.get(org) ?? 0) : (stub.checkCounts.get(`${id}@${org}`) ?? 0);
    res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(healthcheckResult(org, count, warn, fail, id || undefined)));
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(stub as StubUpstream, {
    baseUrl: `http://127.0.0.1:${port}/api/v2`,
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
