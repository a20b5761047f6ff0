import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';

interface Panel {
  id: number;
  title: string;
  type: string;
  datasource: {uid: string};
  gridPos: {x: number; y: number; w: number; h: number};
  targets: {refId: string; expr: string}[];
}

const dashboard = JSON.parse(readFileSync('deploy/grafana/dashboard.json', 'utf8')) as {uid: string; panels: Panel[]; templating: {list: {name: string}[]}};

describe('deploy/grafana/dashboard.json', () => {
  it('has unique panel ids, a data source variable and a query in every panel', () => {
    const ids = dashboard.panels.map(panel => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(dashboard.templating.list.map(variable => variable.name)).toEqual(['datasource', 'check', 'org']);
    for (const panel of dashboard.panels) {
      expect(panel.datasource.uid).toBe('${datasource}');
      expect(panel.targets.length).toBeGreaterThan(0);
      for (const target of panel.targets) expect(target.expr).toMatch(/vigil_/);
      expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
    }
  });

  it('covers severity per org, count vs thresholds, age of last success and queue health', () => {
    const exprs = dashboard.panels.flatMap(panel => panel.targets.map(target => target.expr)).join('\n');
    for (const metric of [
      'vigil_check_severity',
      'vigil_check_observed',
      'vigil_check_warn_threshold',
      'vigil_check_fail_threshold',
      'vigil_check_last_success_timestamp_seconds',
      'vigil_queue_jobs',
      'vigil_check_runs_total',
    ]) {
      expect(exprs).toContain(metric);
    }
  });

  it('is provisioned by the files beside it', () => {
    expect(readFileSync('deploy/grafana/provisioning/dashboards/vigil.yml', 'utf8')).toContain('type: file');
    expect(readFileSync('deploy/grafana/provisioning/datasources/prometheus.yml', 'utf8')).toContain('type: prometheus');
  });
});
