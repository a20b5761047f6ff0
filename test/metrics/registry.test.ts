import {describe, expect, it} from 'vitest';
import {gunzipSync} from 'node:zlib';
import {createMetrics, type MetricsBody, type MetricsSources} from '../../src/metrics/registry.js';
import type {StoredCheck} from '../../src/metrics/store.js';
import {COMMIT, VERSION} from '../../src/version.js';
import {metricValue} from '../jobs/harness.js';

const CHECK = 'takedowns.cancelled-count';

function checks(n: number): StoredCheck[] {
  return Array.from({length: n}, (_, i) => {
    const org = `org-${i}`;
    return {spec: {id: `${CHECK}@${org}`, check: CHECK, org, everyMs: 60_000, lookbackHours: 24, warnThreshold: 3, failThreshold: 10}};
  });
}

function sources(items: StoredCheck[], overrides: Partial<MetricsSources> = {}) {
  const reads = {count: 0};
  const source: MetricsSources = {
    store: {
      readAll: async () => {
        reads.count++;
        await new Promise(resolve => setTimeout(resolve, 20));
        return items;
      },
    },
    queueName: 'healthchecks',
    queueCounts: async () => ({waiting: 2}),
    schedulerCount: async () => items.length,
    checks: [CHECK],
    ...overrides,
  };
  return {source, reads};
}

const body = async (parts: Promise<(string | Buffer)[]>) => (await parts).map(part => part.toString()).join('');

describe('the metrics an operator expects', () => {
  it('say which vigil and Node.js run, with the process and Node.js defaults', async () => {
    const metrics = await createMetrics(sources(checks(1)).source);
    const text = await body(metrics.render());
    expect(metricValue(text, 'vigil_build_info', {version: VERSION, commit: COMMIT, node_version: process.version})).toBe(1);
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('start every counter at 0 for the checks of the file, before any run', async () => {
    const metrics = await createMetrics(sources(checks(1)).source);
    const text = await body(metrics.render());
    for (const outcome of ['ok', 'warn', 'fail', 'error']) {
      expect(metricValue(text, 'vigil_check_runs_total', {check: CHECK, outcome})).toBe(0);
      expect(metricValue(text, 'vigil_check_run_duration_seconds_count', {check: CHECK, outcome})).toBe(0);
    }
    for (const kind of ['timeout', 'unavailable', 'rate_limited', 'server_error', 'rejected', 'auth', 'contract', 'internal']) {
      expect(metricValue(text, 'vigil_check_errors_total', {check: CHECK, kind})).toBe(0);
    }
    metrics.recordRun(CHECK, 'error', 0.2, 'rate_limited');
    const after = await body(metrics.render());
    expect(metricValue(after, 'vigil_check_errors_total', {check: CHECK, kind: 'rate_limited'})).toBe(1);
    expect(after).toContain(`vigil_check_run_duration_seconds_bucket{le="+Inf",check="${CHECK}",outcome="error"} 1`);
  });

  it('report the store down, not a failed scrape, when Redis does not answer', async () => {
    const {source} = sources([], {store: {readAll: () => new Promise(() => {})}, timeoutMs: 50});
    const metrics = await createMetrics(source);
    const text = await body(metrics.render());
    expect(metricValue(text, 'vigil_store_up')).toBe(0);
    expect(text).not.toContain('vigil_check_warn_threshold{');
  });
});

describe('scrapes under load', () => {
  it('share one read and one render when they arrive together', async () => {
    const {source, reads} = sources(checks(2000), {refreshMs: 0});
    const metrics = await createMetrics(source);
    const bodies = await Promise.all(Array.from({length: 50}, () => body(metrics.render())));
    expect(reads.count).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    expect(metricValue(bodies[0]!, 'vigil_check_fail_threshold', {check: CHECK, org: 'org-1999'})).toBe(10);
    // refreshMs 0: a scrape after that one finished reads Redis again.
    await metrics.render();
    expect(reads.count).toBe(2);
  });

  it('/metrics/checks is answered from the part kept built: Redis is read at the pace of the asks, not per scrape; /metrics per scrape', async () => {
    let items = checks(2);
    const reads = {count: 0};
    const {source} = sources([], {refreshMs: 200, store: {readAll: async () => (reads.count++, items)}});
    const metrics = await createMetrics(source);
    const shared = async () => {
      const parts = await metrics.body('checks', false);
      return Array.isArray(parts) ? parts.map(part => part.toString()).join('') : '';
    };
    // The first scrape waits for the first build.
    expect(metricValue(await shared(), 'vigil_check_fail_threshold', {check: CHECK, org: 'org-1'})).toBe(10);
    for (let i = 0; i < 20; i++) await shared();
    expect(reads.count).toBe(1);
    items = [items[0]!, {spec: {...items[1]!.spec, failThreshold: 12}}];
    await expect.poll(async () => metricValue(await shared(), 'vigil_check_fail_threshold', {check: CHECK, org: 'org-1'}) === 12, {message: 'a rebuild to show the change', timeout: 15_000}).toBe(true);
    expect(reads.count).toBeGreaterThan(1);
    // /metrics, what one worker's Prometheus scrapes, is as fresh as the scrape.
    items = [items[0]!, {spec: {...items[1]!.spec, failThreshold: 14}}];
    expect(metricValue(await body(metrics.render()), 'vigil_check_fail_threshold', {check: CHECK, org: 'org-1'})).toBe(14);
    metrics.stop();
  });
});

describe('the two parts of /metrics, for several replicas', () => {
  const text = async (body: MetricsBody) => (Array.isArray(body) ? body.map(part => part.toString()).join('') : gunzipSync(Buffer.concat(body.gzip)).toString());

  it('process: this process only, no pair of the store; checks: the shared state only', async () => {
    const {source, reads} = sources(checks(3), {refreshMs: 0});
    const metrics = await createMetrics(source);
    const own = await text(await metrics.body('process', false));
    expect(own).toContain('vigil_build_info{');
    expect(own).toContain('vigil_check_runs_total{');
    expect(own).not.toMatch(/^vigil_(check_severity|check_interval_seconds|store_up|queue_jobs)\b/m);
    expect(reads.count).toBe(0);
    const shared = await text(await metrics.body('checks', false));
    expect(metricValue(shared, 'vigil_check_interval_seconds', {check: CHECK, org: 'org-2'})).toBe(60);
    expect(metricValue(shared, 'vigil_store_up')).toBe(1);
    expect(metricValue(shared, 'vigil_queue_schedulers', {queue: 'healthchecks'})).toBe(3);
    expect(shared).not.toContain('vigil_build_info');
    expect(shared).not.toContain('process_cpu_seconds_total');
  });

  it('gzipped: the same text as plain, as concatenated gzip members', async () => {
    const metrics = await createMetrics(sources(checks(5000), {refreshMs: 0}).source);
    const gzipped = await metrics.body('all', true);
    expect(Array.isArray(gzipped)).toBe(false);
    expect((gzipped as {gzip: Buffer[]}).gzip.length).toBeGreaterThan(2);
    const plain = await text(await metrics.body('all', false));
    // The process part's own counters (CPU, GC) move between the two renders: compare the shared part.
    const shared = (t: string) => t.slice(t.indexOf('# HELP vigil_store_up'));
    expect(shared(await text(gzipped))).toBe(shared(plain));
    expect(metricValue(plain, 'vigil_check_fail_threshold', {check: CHECK, org: 'org-4999'})).toBe(10);
  });
});

describe('what a scrape reports about the queue, the store and the runs', () => {
  it('the store up, the queue jobs by state and the schedulers, labelled with the queue', async () => {
    const metrics = await createMetrics(sources(checks(3)).source);
    const text = await body(metrics.render());
    expect(metricValue(text, 'vigil_store_up')).toBe(1);
    expect(metricValue(text, 'vigil_queue_jobs', {queue: 'healthchecks', state: 'waiting'})).toBe(2);
    expect(metricValue(text, 'vigil_queue_jobs', {queue: 'healthchecks', state: 'failed'})).toBe(0);
    expect(metricValue(text, 'vigil_queue_schedulers', {queue: 'healthchecks'})).toBe(3);
  });

  it('counts a run by check and outcome, and an error only when the run had an error kind', async () => {
    const metrics = await createMetrics(sources(checks(1)).source);
    metrics.recordRun(CHECK, 'ok', 0.07);
    const text = await body(metrics.render());
    expect(metricValue(text, 'vigil_check_runs_total', {check: CHECK, outcome: 'ok'})).toBe(1);
    const errorLines = text.split('\n').filter(line => line.startsWith('vigil_check_errors_total'));
    expect(errorLines).toHaveLength(8);
    expect(errorLines.every(line => / 0$/.test(line) && line.includes(`check="${CHECK}"`) && line.includes('kind="'))).toBe(true);
    // Bucketed at the documented bounds: 0.07 s is above 0.05 and within 0.1.
    expect(metricValue(text, 'vigil_check_run_duration_seconds_bucket', {le: '0.05', check: CHECK, outcome: 'ok'})).toBe(0);
    expect(metricValue(text, 'vigil_check_run_duration_seconds_bucket', {le: '0.1', check: CHECK, outcome: 'ok'})).toBe(1);
    expect(metricValue(text, 'vigil_check_run_duration_seconds_bucket', {le: '30', check: CHECK, outcome: 'ok'})).toBe(1);
  });

  it('has no per-check counters before a run when the checks file is not given', async () => {
    const metrics = await createMetrics(sources(checks(1), {checks: undefined}).source);
    const text = await body(metrics.render());
    expect(text.split('\n').filter(line => /^vigil_check_(runs|errors)_total\{/.test(line))).toEqual([]);
  });

  it('reports the store down as soon as a read fails, without waiting out the timeout', async () => {
    const {source} = sources([], {store: {readAll: () => Promise.reject(new Error('READONLY'))}, timeoutMs: 10_000});
    const metrics = await createMetrics(source);
    const started = Date.now();
    const text = await body(metrics.render());
    // Not the 10 s timeout: the failed read itself ends the wait.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(metricValue(text, 'vigil_store_up')).toBe(0);
    // Still a valid exposition: nothing but comments and samples.
    for (const line of text.split('\n').filter(Boolean)) expect(line).toMatch(/^(# (HELP|TYPE) \w+ .*|\w+(\{.*\})? \S+)$/);
  });
});
