import {describe, expect, it} from 'vitest';
import {createMetrics, type MetricsSources} from '../../src/metrics/registry.js';
import type {StoredCheck} from '../../src/metrics/store.js';
import {VERSION} from '../../src/version.js';
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
    expect(metricValue(text, 'vigil_build_info', {version: VERSION, node_version: process.version})).toBe(1);
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
    const {source, reads} = sources(checks(2000));
    const metrics = await createMetrics(source);
    const bodies = await Promise.all(Array.from({length: 50}, () => body(metrics.render())));
    expect(reads.count).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    expect(metricValue(bodies[0]!, 'vigil_check_fail_threshold', {check: CHECK, org: 'org-1999'})).toBe(10);
    // A scrape after that one finished reads Redis again: values are never older than the scrape.
    await metrics.render();
    expect(reads.count).toBe(2);
  });
});
