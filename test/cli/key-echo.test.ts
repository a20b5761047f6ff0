import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ensureBuilt} from '../helpers/build.js';
import {runCli} from '../helpers/cli.js';
import {startReportsStub, type ReportsStub} from './reports-stub.js';

/*
 * An upstream (or a proxy in front of it) that echoes the key it was sent: in `observed`, in
 * `appUrl` (percent-encoded, as a URL carries it), in finding messages, in report titles, and
 * a title long enough that a table cuts it inside the key. stdout is where cron mail and CI
 * logs come from: no format may carry the key, whole, encoded or cut.
 */

// Base64-like, as many keys are: `+`, `/` and `=` change under percent-encoding.
const KEY = 'vk_live+Q2hlY2tLZXk/0123456789=';
const FORMS = [KEY, encodeURIComponent(KEY), encodeURIComponent(KEY).toLowerCase(), KEY.slice(0, 12), encodeURIComponent(KEY).slice(0, 12)];

let stub: ReportsStub;
let dir: string;

const healthcheck = () => ({
  id: 'takedowns.cancelled-count',
  title: `Cancelled takedowns for ${KEY}`,
  category: 'takedowns',
  generatedAt: '2026-11-27T12:00:00.000Z',
  scope: {slug: 'acme'},
  ok: false,
  severity: 'fail',
  observed: {cancelledCount: 12, echo: KEY},
  threshold: {warnThreshold: 3, failThreshold: 10},
  findings: [{kind: 'cancelled-takedowns', ref: KEY, message: `key ${KEY} cancelled 12 takedowns`, severity: 'fail'}],
  suggestedAction: `rotate ${KEY}`,
  appUrl: `https://app.example/orgs/acme/takedowns?key=${encodeURIComponent(KEY)}`,
});

const report = (id: number, title: string) => ({
  id,
  title,
  status: 'TODO',
  createdAt: '2026-11-20T10:00:00.000Z',
  latestReviewDecision: null,
  proposals: [{id: id * 10, reviewStatus: 'PENDING', asset: {id: id * 100, content: `https://evil.example/login?token=${encodeURIComponent(KEY)}`}}],
});

beforeAll(async () => {
  ensureBuilt();
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-key-echo-'));
  stub = await startReportsStub(req => {
    if (req.path.endsWith('/healthchecks/takedowns/cancelled-count')) return {body: healthcheck()};
    if (req.path.endsWith('/organization/reports')) {
      // The second title is cut by a table of 80 columns in the middle of the key.
      return {body: {reports: [report(1, `Report ${KEY}`), report(2, `Phishing kit found on a page that names the key ${KEY} twice: ${KEY}`)], nextCursor: null, totalCount: 2}};
    }
    return {status: 404, body: {error: {message: `no route for key ${KEY}`, status: 404, retry: false, detail: null}}};
  });
}, 60_000);
afterAll(() => stub?.close());

const vigil = (...args: string[]) =>
  runCli(args, {env: {VIGIL_CONFIG_DIR: dir, VIGIL_API_KEY: KEY, VIGIL_BASE_URL: stub.baseUrl, VIGIL_ORG: 'acme', NO_COLOR: '1', COLUMNS: '80'}, timeoutMs: 30_000});

function expectNoKey(result: {stdout: string; stderr: string}, what: string) {
  for (const [stream, text] of [['stdout', result.stdout], ['stderr', result.stderr]] as const) {
    for (const form of FORMS) expect(text.includes(form), `${what}: ${stream} holds ${JSON.stringify(form)}:\n${text}`).toBe(false);
  }
}

/** Every format, and --debug's traces on stderr. */
const FORMATS: [string, string[]][] = [
  ['table', ['--output', 'table']],
  ['TSV', []],
  ['markdown', ['--output', 'markdown']],
  ['--json', ['--json']],
  ['--debug', ['--json', '--debug']],
];

describe('an upstream that echoes the key: it appears in no byte of stdout or stderr', () => {
  it.each(FORMATS)('healthchecks run, %s', async (what, flags) => {
    const result = await vigil('healthchecks', 'run', 'takedowns.cancelled-count', ...flags);
    // The run did happen and print what the upstream said (a FAIL: exit 6), the key masked.
    expect(result.code, result.stderr).toBe(6);
    expect(result.stdout).toContain('vk_…789=');
    expectNoKey(result, `healthchecks run ${what}`);
  });

  it.each(FORMATS)('reports list, %s', async (what, flags) => {
    const result = await vigil('reports', 'list', '--no-interactive', ...flags);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Report vk_…789=');
    expectNoKey(result, `reports list ${what}`);
  });
});
