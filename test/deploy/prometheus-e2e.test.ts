import {spawn, execFileSync, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync, copyFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {requireProgram} from '../helpers/programs.js';
import {panelQueries} from './dashboard-queries.js';
import {freePort, startRedis, type TestRedis} from '../jobs/redis-server.js';
import {startStubUpstream, type StubUpstream} from '../jobs/stub-upstream.js';
import {launchWorker, scrape, spec, type TestWorker} from '../jobs/harness.js';

/*
 * A real Prometheus (Debian's package) scrapes a running worker every second; then every
 * query of the Grafana dashboard must return data, the alert rules must load, and
 * `promtool check metrics` must accept what the worker exports.
 */
const prometheusBin = requireProgram('prometheus');
const promtoolBin = requireProgram('promtool');
const skip = prometheusBin.skipReason ?? promtoolBin.skipReason;

let redis: TestRedis;
let stub: StubUpstream;
let worker: TestWorker;
let prometheus: ChildProcess | undefined;
let promUrl = '';
let dir = '';

async function query(expr: string): Promise<unknown[]> {
  const response = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await response.json()) as {status: string; error?: string; data?: {result: unknown[]}};
  if (body.status !== 'success') throw new Error(`query failed: ${expr}: ${body.error}`);
  return body.data!.result;
}

describe.skipIf(skip !== undefined)('Prometheus scraping a worker', () => {
  beforeAll(async () => {
    redis = await startRedis();
    stub = await startStubUpstream();
    stub.counts.set('e2e-ok', 1).set('e2e-warn', 4).set('e2e-fail', 12);
    // One org errors now and then, so error counters exist for the errors panel.
    stub.failures.set('e2e-flaky', [500, 200, 500, 200, 500, 200, 500, 200, 500, 200]);
    worker = await launchWorker({
      redisUrl: redis.url,
      baseUrl: stub.baseUrl,
      prefix: 'e2e',
      specs: ['e2e-ok', 'e2e-warn', 'e2e-fail', 'e2e-flaky'].map(org => spec(org, {everyMs: 1000})),
      retry: {attempts: 2, backoffMs: 50},
    });
    dir = mkdtempSync(path.join(tmpdir(), 'vigil-prom-'));
    copyFileSync('deploy/prometheus/alerts.yml', path.join(dir, 'alerts.yml'));
    const target = new URL(worker.metricsUrl).host;
    writeFileSync(
      path.join(dir, 'prometheus.yml'),
      `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nrule_files:\n  - alerts.yml\nscrape_configs:\n  - job_name: vigil\n    static_configs:\n      - targets: ['${target}']\n`,
    );
    const port = await freePort();
    promUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      prometheusBin.path!,
      [`--config.file=${path.join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
      {stdio: 'ignore'},
    );
    await vi.waitFor(async () => expect((await fetch(`${promUrl}/-/ready`).catch(() => undefined))?.ok, 'prometheus to be ready').toBe(true), {timeout: 30_000, interval: 50});
  }, 60_000);

  afterAll(async () => {
    prometheus?.kill('SIGKILL');
    await worker?.shutdown(500);
    await stub?.close();
    await redis?.stop();
    if (dir) rmSync(dir, {recursive: true, force: true});
  });

  it('scrapes the worker and loads the alert rules', async () => {
    await expect.poll(async () => (await query('up{job="vigil"} == 1')).length === 1, {message: 'the target to be up', timeout: 20_000}).toBe(true);
    const rules = (await (await fetch(`${promUrl}/api/v1/rules`)).json()) as {data: {groups: {rules: {name: string; health: string}[]}[]}};
    const loaded = rules.data.groups.flatMap(group => group.rules);
    expect(loaded.map(rule => rule.name)).toEqual(expect.arrayContaining(['VigilCheckFailing', 'VigilCheckWarning', 'VigilCheckStale', 'VigilQueueStuck']));
    expect(loaded.every(rule => rule.health !== 'err')).toBe(true);
  }, 30_000);

  it('returns data for every dashboard panel query', async () => {
    const queries = panelQueries();
    expect(queries.length).toBeGreaterThan(10);
    const emptyPanels = async () => {
      const empty: string[] = [];
      for (const {panel, expr} of queries) if ((await query(expr)).length === 0) empty.push(`${panel}: ${expr}`);
      return empty;
    };
    await expect.poll(emptyPanels, {message: 'every panel to have data', timeout: 40_000}).toEqual([]);
    const severity = (await query('max by (org) (vigil_check_severity)')) as {metric: {org: string}; value: [number, string]}[];
    const byOrg = Object.fromEntries(severity.map(item => [item.metric.org, item.value[1]]));
    expect(byOrg).toMatchObject({'e2e-ok': '0', 'e2e-warn': '1', 'e2e-fail': '2'});
  }, 60_000);

  it('exports vigil families that pass promtool check metrics, beside the Node.js defaults', async () => {
    const text = await scrape(worker);
    // prom-client's default nodejs_* gauges end in _total, which promtool's lint rejects:
    // lint vigil's own families only (notes/bullmq-prometheus.md).
    const own = text
      .split('\n')
      .filter(line => /^(# (HELP|TYPE) )?vigil_/.test(line))
      .join('\n');
    expect(own).toContain('vigil_build_info{');
    expect(text).toContain('# TYPE process_resident_memory_bytes gauge');
    const lint = execFileSync(promtoolBin.path!, ['check', 'metrics'], {input: `${own}\n`, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe']});
    expect(lint.trim()).toBe('');
  });
});
