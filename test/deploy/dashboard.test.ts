import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {DOCS_BASE, dashboardJson} from '../../deploy/grafana/dashboard.js';

interface Panel {
  id: number;
  title: string;
  type: string;
  datasource: {uid: string};
  gridPos: {x: number; y: number; w: number; h: number};
  targets: {refId: string; expr: string}[];
  transformations?: {id: string; options: {renameByName?: Record<string, string>; columnField?: string; rowField?: string}}[];
  repeat?: string;
  fieldConfig?: {defaults: {mappings?: unknown[]; custom?: {cellOptions?: {type: string}}}};
}

const committed = readFileSync('deploy/grafana/dashboard.json', 'utf8');
const dashboard = JSON.parse(committed) as {
  uid: string;
  panels: Panel[];
  templating: {list: {name: string}[]};
  annotations: {list: {name: string; expr: string}[]};
  links: {title: string; url: string}[];
};
const panel = (title: string) => dashboard.panels.find(p => p.title === title);

describe('deploy/grafana/dashboard.json', () => {
  it('is exactly what deploy/grafana/dashboard.ts generates (run `npm run dashboard` after editing it)', () => {
    expect(committed).toBe(dashboardJson());
  });

  it('has unique panel ids, a data source variable and a query in every panel', () => {
    expect(dashboard.uid).toBe('vigil-checker');
    const ids = dashboard.panels.map(p => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(dashboard.templating.list.map(variable => variable.name)).toEqual(['datasource', 'check', 'org']);
    for (const p of dashboard.panels.filter(candidate => candidate.type !== 'row')) {
      expect(p.datasource.uid).toBe('${datasource}');
      expect(p.targets.length).toBeGreaterThan(0);
      for (const target of p.targets) expect(target.expr).toMatch(/vigil_/);
      expect(p.gridPos.x + p.gridPos.w).toBeLessThanOrEqual(24);
    }
  });

  it('shows severity per org as a state timeline, the count against thresholds, and workers up', () => {
    expect(panel('Severity per org')).toMatchObject({type: 'state-timeline', targets: [{expr: expect.stringContaining('vigil_check_severity')}]});
    const count = panel('Count against thresholds')!.targets.map(t => t.expr).join('\n');
    for (const metric of ['vigil_check_observed', 'vigil_check_warn_threshold', 'vigil_check_fail_threshold']) expect(count).toContain(metric);
    expect(panel('Workers up')!.targets[0]!.expr).toBe('count(vigil_build_info)');
    expect(panel('Queue jobs by state')!.targets[0]!.expr).toContain('vigil_queue_jobs');
  });

  it('offers every graded check in $check, thresholds stated or not', () => {
    const check = (dashboard.templating.list as unknown as {name: string; query: string}[]).find(variable => variable.name === 'check')!;
    expect(check.query).toBe('label_values(vigil_check_interval_seconds, check)');
  });

  it('shows a severity matrix of org by check, coloured by grade', () => {
    const matrix = panel('Severity matrix: org by check')!;
    expect(matrix.type).toBe('table');
    expect(matrix.targets[0]!.expr).toBe('max by (check, org) (vigil_check_severity{check=~"$check", org=~"$org"})');
    expect(matrix.transformations![0]).toMatchObject({id: 'groupingToMatrix', options: {columnField: 'check', rowField: 'org'}});
    expect(matrix.fieldConfig!.defaults.mappings).toHaveLength(1);
    expect(matrix.fieldConfig!.defaults.custom!.cellOptions!.type).toBe('color-background');
  });

  it('drills down per check: a row repeated for each $check with its severity, observed values, runs and errors', () => {
    const rowIndex = dashboard.panels.findIndex(p => p.type === 'row');
    expect(dashboard.panels[rowIndex]).toMatchObject({title: 'Check: $check', repeat: 'check'});
    const inRow = dashboard.panels.slice(rowIndex + 1);
    expect(inRow.map(p => p.title)).toEqual(['$check: severity per org', '$check: observed against thresholds', '$check: runs per second by outcome', '$check: errors per second by kind']);
    for (const p of inRow) for (const target of p.targets) expect(target.expr).toContain('check=~"$check"');
    expect(inRow[1]!.targets.map(t => t.expr).join('\n')).toContain('vigil_check_fail_threshold');
  });

  it('lists the age of last success as a table with named columns', () => {
    const age = panel('Age of last success')!;
    expect(age.type).toBe('table');
    const renamed = age.transformations!.find(t => t.id === 'organize')!.options.renameByName!;
    expect(Object.values(renamed)).toEqual(['Check', 'Org', 'Since last success', 'Stale after', 'Last run errored']);
  });

  it('marks firing vigil alerts and links to the runbooks', () => {
    expect(dashboard.annotations.list).toContainEqual(expect.objectContaining({name: 'Vigil alerts', expr: 'ALERTS{alertname=~"Vigil.*", alertstate="firing"}'}));
    expect(dashboard.links).toContainEqual(expect.objectContaining({title: 'Runbooks', url: `${DOCS_BASE}/runbooks.md`}));
  });

  it('is provisioned by the files beside it', () => {
    expect(readFileSync('deploy/grafana/provisioning/dashboards/vigil.yml', 'utf8')).toContain('type: file');
    expect(readFileSync('deploy/grafana/provisioning/datasources/prometheus.yml', 'utf8')).toContain('type: prometheus');
  });
});
