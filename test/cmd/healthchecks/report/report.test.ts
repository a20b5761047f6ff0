import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runHealthchecksReport, type HealthchecksReportFlags} from '../../../../src/cmd/healthchecks/report/report.js';
import type {HealthReport} from '../../../../src/report/build.js';
import {runWork} from '../../../../src/ui/use-command.js';
import {waitReady} from '../../../../scripts/alerting-stack.mjs';
import {API_KEY, fakeContext, interceptApi} from '../../../helpers/fake-context.js';
import {fakeIO} from '../../../helpers/fake-io.js';
import {useNock} from '../../../helpers/nock.js';
import {requireProgram} from '../../../helpers/programs.js';
import {freePort} from '../../../jobs/redis-server.js';

/*
 * A known week backfilled into a real Prometheus (`promtool tsdb create-blocks-from
 * openmetrics`), scraped every minute: acme's backlog ok 48h, warn 24h, nothing for 6h (a
 * gap), fail 22h, a run erroring for 1h (graded fail before it), ok again for 67h; globex
 * ok all week. The report must give each within one scrape interval, and the hole as a gap.
 */
// The upstream is nock's; Prometheus and the refusal's closed port are real, on 127.0.0.1.
useNock({allowLoopback: true});

const prometheusBin = requireProgram('prometheus');
const promtool = requireProgram('promtool');
const skip = prometheusBin.skipReason ?? promtool.skipReason;
const HOUR = 3600;
const STEP = 60;
const END = Math.floor(Date.now() / 1000 / HOUR) * HOUR - 2 * HOUR;
const FROM = END - 168 * HOUR;

let dir = '';
let prometheus: ChildProcess | undefined;
let prometheusUrl = '';

/** acme's grade at hour h of the week, or undefined in the gap. */
function acmeAt(hour: number): {severity: number; error: number} | undefined {
  if (hour < 48) return {severity: 0, error: 0};
  if (hour < 72) return {severity: 1, error: 0};
  if (hour < 78) return undefined;
  if (hour < 100) return {severity: 2, error: 0};
  if (hour < 101) return {severity: 2, error: 1};
  return {severity: 0, error: 0};
}

function openMetrics(): string {
  const lines: string[] = [];
  const families: Record<string, string[]> = {vigil_check_severity: [], vigil_check_last_run_error: [], ALERTS: []};
  for (let t = FROM; t < END; t += STEP) {
    const acme = acmeAt((t - FROM) / HOUR);
    if (acme) {
      families.vigil_check_severity!.push(`vigil_check_severity{check="reviewing.backlog",org="acme",job="vigil"} ${acme.severity} ${t}`);
      families.vigil_check_last_run_error!.push(`vigil_check_last_run_error{check="reviewing.backlog",org="acme",job="vigil"} ${acme.error} ${t}`);
    }
    families.vigil_check_severity!.push(`vigil_check_severity{check="reviewing.backlog",org="globex",job="vigil"} 0 ${t}`);
    const hour = (t - FROM) / HOUR;
    if (hour >= 83 && hour < 101) families.ALERTS!.push(`ALERTS{alertname="VigilCheckFailing",alertstate="firing",check="reviewing.backlog",org="acme",job="vigil",severity="warning"} 1 ${t}`);
    if (hour >= 120 && hour < 122) families.ALERTS!.push(`ALERTS{alertname="VigilMaintenance",alertstate="firing",org="acme",scope="org",job="vigil",severity="none"} 1 ${t}`);
  }
  for (const [name, samples] of Object.entries(families)) {
    lines.push(`# TYPE ${name} gauge`);
    // OpenMetrics wants each series' samples together.
    const bySeries = new Map<string, string[]>();
    for (const sample of samples) {
      const series = sample.slice(0, sample.indexOf('}') + 1);
      bySeries.set(series, [...(bySeries.get(series) ?? []), sample]);
    }
    for (const group of bySeries.values()) lines.push(...group);
  }
  return `${lines.join('\n')}\n# EOF\n`;
}

/** Without `keyed`, no API key is configured; with it, the client of a keyed context aimed at nock, not retrying. */
async function report(flags: HealthchecksReportFlags, keyed = false, baseUrl?: string) {
  const io = fakeIO({tty: false, env: {VIGIL_CONFIG_DIR: dir}});
  const upstream = keyed ? {client: fakeContext(baseUrl === undefined ? {} : {baseUrl}).client} : {};
  const code = await runWork(flags, ctx => runHealthchecksReport(flags, {...ctx, ...upstream, now: () => new Date(END * 1000)}), io, new AbortController().signal);
  return {code, out: io.out(), err: io.err()};
}

describe.skipIf(skip !== undefined)('vigil healthchecks report over a backfilled Prometheus', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vigil-report-'));
    writeFileSync(path.join(dir, 'week.om'), openMetrics());
    execFileSync(promtool.path!, ['tsdb', 'create-blocks-from', 'openmetrics', path.join(dir, 'week.om'), path.join(dir, 'data')], {stdio: 'ignore'});
    writeFileSync(path.join(dir, 'prometheus.yml'), 'global: {scrape_interval: 1m}\n');
    const port = await freePort();
    prometheus = spawn(prometheusBin.path!, [`--config.file=${path.join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], {stdio: 'ignore'});
    prometheusUrl = `http://127.0.0.1:${port}`;
    if (!(await waitReady(prometheusUrl, prometheus, 60_000))) throw new Error('prometheus did not become ready');
  }, 120_000);
  afterAll(() => {
    if (prometheus && prometheus.exitCode === null) prometheus.kill('SIGKILL');
    if (dir) rmSync(dir, {recursive: true, force: true});
  });

  it('gives each severity\'s time within one scrape interval, the hole as a gap, errored runs as error', async () => {
    const {code, out, err} = await report({org: 'acme', json: true, prometheusUrl});
    expect(err).toBe('');
    expect(code).toBe(0);
    const parsed = JSON.parse(out) as HealthReport;
    expect(parsed.scrapeIntervalSeconds).toBe(STEP);
    expect(parsed.checks.map(item => item.org)).toEqual(['acme']);
    const {seconds, gaps, worst} = parsed.checks[0]!;
    const expected = {ok: 115 * HOUR, warn: 24 * HOUR, fail: 22 * HOUR, error: 1 * HOUR, gap: 6 * HOUR};
    for (const [key, value] of Object.entries(expected)) expect(Math.abs(seconds[key as keyof typeof seconds] - value), `${key}: ${seconds[key as keyof typeof seconds]}`).toBeLessThanOrEqual(STEP);
    expect(gaps).toHaveLength(1);
    expect(Math.abs(Date.parse(gaps[0]!.from) / 1000 - (FROM + 72 * HOUR))).toBeLessThanOrEqual(STEP);
    expect(worst).toMatchObject({severity: 'fail', at: new Date((FROM + 78 * HOUR) * 1000).toISOString()});
    expect(parsed.alerts).toMatchObject([{alertname: 'VigilCheckFailing', org: 'acme', check: 'reviewing.backlog'}]);
    expect(Math.abs(parsed.alerts[0]!.seconds - 18 * HOUR)).toBeLessThanOrEqual(STEP);
    expect(parsed.maintenance).toMatchObject([{org: 'acme', check: null, from: new Date((FROM + 120 * HOUR) * 1000).toISOString()}]);
  });

  it('prints markdown for the weekly review by default, and CSV rows for every org with --all-orgs', async () => {
    const markdown = await report({org: 'acme', prometheusUrl});
    expect(markdown.code).toBe(0);
    expect(markdown.out).toContain('| org | check | ok | warn | fail | error | gap | worst |');
    expect(markdown.out).toMatch(/\| acme \| reviewing\.backlog \| 4d 19h \| 1d \| 22h \| 1h \| 6h \| fail from \S+ for 22h \|/);
    expect(markdown.out).toContain('## Gaps');
    expect(markdown.out).toMatch(/- VigilCheckFailing reviewing\.backlog for acme: \S+ to \S+ \(18h\)/);
    expect(markdown.out).toMatch(/## Maintenance windows\n\n- acme, every check: /);
    const csv = await report({allOrgs: true, output: 'csv', prometheusUrl});
    expect(csv.code).toBe(0);
    const rows = csv.out.trimEnd().split('\n');
    expect(rows[0]).toBe('org,check,ok_seconds,warn_seconds,fail_seconds,error_seconds,gap_seconds,worst,worst_at,figure,value');
    expect(rows.slice(1, 3).map(row => row.split(',').slice(0, 2).join(' '))).toEqual(['acme reviewing.backlog', 'globex reviewing.backlog']);
    expect(Number(rows[2]!.split(',')[2])).toBeGreaterThanOrEqual(168 * HOUR - STEP);
    // No key configured: the upstream's figures are one note, the report is still Prometheus's.
    expect(rows.slice(3)).toEqual([',,,,,,,,,note,upstream figures: not readable with this key (no API key configured)']);
  });

  it("adds the upstream's detections and organization metrics over the same window, the key only in its header", async () => {
    const detections = interceptApi('POST', 'detection/list', [{body: {detections: [{id: 'd1'}, {id: 'd2'}], nextCursor: null}}]);
    const metrics = interceptApi('GET', 'organization/metrics', [{body: {metrics: {reports: 12, newThreats: 5}, blockedByType: [{type: 'URL', count: 4}]}}]);
    const {code, out, err} = await report({org: 'acme', json: true, prometheusUrl}, true);
    expect(err).toBe('');
    expect(code).toBe(0);
    const window = {from: new Date(FROM * 1000).toISOString(), to: new Date(END * 1000).toISOString()};
    expect(detections.map(seen => seen.body)).toEqual([{slug: 'acme', startDate: window.from, endDate: window.to, limit: 100}]);
    expect(metrics.map(seen => seen.query)).toEqual([{startDate: window.from, endDate: window.to}]);
    for (const seen of [...detections, ...metrics]) expect(seen.headers['x-api-key']).toBe(API_KEY);
    expect(out).not.toContain(API_KEY);
    expect((JSON.parse(out) as HealthReport).upstream).toEqual({
      detections: [{org: 'acme', inWindow: 2, atLeast: false}],
      organization: {org: 'acme', figures: [{group: 'metrics', name: 'reports', value: 12}, {group: 'metrics', name: 'newThreats', value: 5}, {group: 'blockedByType', name: 'URL', value: 4}]},
      notes: [],
    });
    interceptApi('POST', 'detection/list', [{body: {detections: [{id: 'd1'}], nextCursor: 7}}]);
    interceptApi('GET', 'organization/metrics', [{body: {metrics: {reports: 12}}}]);
    const markdown = await report({org: 'acme', prometheusUrl}, true);
    expect(markdown.out).toMatch(/## Upstream figures\n\n- acme: 1\+ detections in the window \(detection\/list, more than one page\)\n\nOrganization metrics of acme over the window \(organization\/metrics\):\n\n\| group \| name \| value \|\n\|---\|---\|---\|\n\| metrics \| reports \| 12 \|\n$/);
  });

  it('says in one line when the key cannot read them, and still reports Prometheus with exit 0', async () => {
    interceptApi('POST', 'detection/list', [{status: 403, body: {message: 'Forbidden\u001b[2J', code: 'FORBIDDEN', issues: []}}]);
    interceptApi('GET', 'organization/metrics', [{status: 401, body: {error: {message: 'API key with organization access required', code: 'UNAUTHORIZED', issues: []}}}]);
    const {code, out} = await report({org: 'acme', output: 'csv', prometheusUrl}, true);
    expect(code).toBe(0);
    const rows = out.trimEnd().split('\n');
    expect(rows[1]).toMatch(/^acme,reviewing\.backlog,/);
    expect(rows.slice(2).map(row => row.split(',').slice(9, 10).join())).toEqual(['note', 'note']);
    expect(rows[2]).toContain('upstream figures: not readable with this key (detection/list for acme: HTTP 403');
    expect(rows[3]).toContain('upstream figures: not readable with this key (organization/metrics: HTTP 401');
    expect(out).not.toContain(API_KEY);
    expect(out).not.toContain('\u001b');
  });

  it("leaves the organization metrics out when the key's org is not the one reported, and an unreachable upstream is a note", async () => {
    interceptApi('POST', 'detection/list', [{status: 403, body: {message: 'Forbidden', code: 'FORBIDDEN', issues: []}}]);
    interceptApi('GET', 'organization/metrics', [{body: {metrics: {reports: 99}}}]);
    const other = await report({org: 'acme', json: true, prometheusUrl}, true);
    const figures = (JSON.parse(other.out) as HealthReport).upstream!;
    expect(figures.organization).toBeNull();
    expect(figures.notes[1]).toBe("upstream figures: not readable with this key (organization/metrics answers for the key's own organization, which is not the reported org)");
    // A closed port: refused at once (nock's replyWithError would wait out the connect timeout).
    const down = await report({org: 'acme', prometheusUrl}, true, `http://127.0.0.1:${await freePort()}/api/v2`);
    expect(down.code).toBe(0);
    // One note: after the first call finds no upstream, the report waits on no further one.
    expect(down.out).toMatch(/## Upstream figures\n\nupstream figures: the upstream did not answer \(detection\/list for acme: .+\)\n$/);
  });
});

describe('vigil healthchecks report refusals', () => {
  it('is exit 8 naming the URL when no Prometheus answers there', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const {code, err} = await report({org: 'acme', prometheusUrl: url});
    expect(code).toBe(8);
    expect(err).toContain(`Prometheus at ${url} did not answer`);
  });

  it('names each bad flag, exit 3, and asks nothing', async () => {
    const bad = await report({org: 'acme', allOrgs: true, output: 'yaml', since: 'soon', prometheusUrl: 'ftp://x'});
    expect(bad.code).toBe(3);
    for (const flag of ['--output', '--all-orgs', '--since', '--prometheus-url']) expect(bad.err).toContain(`${flag}:`);
  });
});
