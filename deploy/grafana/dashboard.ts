/**
 * The vigil checker dashboard, as code: `npm run dashboard` writes deploy/grafana/dashboard.json
 * from this file, and test/deploy/dashboard.test.ts fails when the two differ. Every panel
 * query names only series the worker exports (the Prometheus end-to-end test runs each one);
 * the alert annotations read Prometheus's own ALERTS series.
 */
import * as common from '@grafana/grafana-foundation-sdk/common';
import * as dashboard from '@grafana/grafana-foundation-sdk/dashboard';
import * as stat from '@grafana/grafana-foundation-sdk/stat';
import * as statetimeline from '@grafana/grafana-foundation-sdk/statetimeline';
import * as table from '@grafana/grafana-foundation-sdk/table';
import * as timeseries from '@grafana/grafana-foundation-sdk/timeseries';
import {datasource, grid, query, scope, SEVERITY_MAPPINGS, tableQuery} from './common.js';
import {withPerCheckPanels} from './per-check.js';

/** Where the runbooks live: the same address the alert rules' runbook_url uses. Replace with your repository's. */
export const DOCS_BASE = 'https://github.com/example/vigil/blob/main/docs';

const thresholds = (steps: [number | null, string][]) =>
  new dashboard.ThresholdsConfigBuilder().mode(dashboard.ThresholdsMode.Absolute).steps(steps.map(([value, color]) => ({value, color})));

const countStat = (title: string, expr: string, color: string, x: number) =>
  new stat.PanelBuilder()
    .title(title)
    .datasource(datasource)
    .gridPos(grid(x, 0, 4, 4))
    .withTarget(query('A', expr))
    .thresholds(thresholds([[null, 'green'], [1, color]]));

export function buildDashboard(): dashboard.Dashboard {
  const builder = new dashboard.DashboardBuilder('vigil checker')
    .uid('vigil-checker')
    .tags(['vigil'])
    .timezone('utc')
    .editable()
    .refresh('30s')
    .time({from: 'now-6h', to: 'now'})
    .link(new dashboard.DashboardLinkBuilder('Runbooks').type(dashboard.DashboardLinkType.Link).url(`${DOCS_BASE}/runbooks.md`).icon('doc').targetBlank(true))
    .link(new dashboard.DashboardLinkBuilder('Checker and metrics').type(dashboard.DashboardLinkType.Link).url(`${DOCS_BASE}/checker.md`).icon('info').targetBlank(true))
    .withVariable(new dashboard.DatasourceVariableBuilder('datasource').label('Data source').type('prometheus'))
    .withVariable(
      new dashboard.QueryVariableBuilder('check')
        .label('Check')
        .datasource(datasource)
        // The interval: every scheduled check exports it, thresholds only when stated.
        .query('label_values(vigil_check_interval_seconds, check)')
        .definition('label_values(vigil_check_interval_seconds, check)')
        .refresh(dashboard.VariableRefresh.OnTimeRangeChanged)
        .includeAll(true)
        .allValue('.*')
        .multi(true),
    )
    .withVariable(
      new dashboard.QueryVariableBuilder('org')
        .label('Org')
        .datasource(datasource)
        .query('label_values(vigil_check_interval_seconds{check=~"$check"}, org)')
        .definition('label_values(vigil_check_interval_seconds{check=~"$check"}, org)')
        .refresh(dashboard.VariableRefresh.OnTimeRangeChanged)
        .includeAll(true)
        .allValue('.*')
        .multi(true),
    )
    .annotation(
      new dashboard.AnnotationQueryBuilder()
        .name('Vigil alerts')
        .datasource(datasource)
        .enable(true)
        .iconColor('red')
        .expr('ALERTS{alertname=~"Vigil.*", alertstate="firing"}')
        .titleFormat('{{alertname}}')
        .textFormat('{{org}} {{check}} ({{severity}})')
        .tagKeys('severity,org')
        .step('60s'),
    )
    // Now: what needs attention, and whether the checker itself runs.
    .withPanel(countStat('Checks failing', `sum(max by (check, org) (vigil_check_severity{${scope}}) == bool 2)`, 'red', 0))
    .withPanel(countStat('Checks warning', `sum(max by (check, org) (vigil_check_severity{${scope}}) == bool 1)`, 'orange', 4))
    .withPanel(
      new stat.PanelBuilder()
        .title('Workers up')
        .description('Worker processes Prometheus scrapes now (one vigil_build_info series each). 0: see the VigilWorkersDown runbook.')
        .datasource(datasource)
        .gridPos(grid(8, 0, 4, 4))
        .withTarget(query('A', 'count(vigil_build_info)'))
        .noValue('0')
        .thresholds(thresholds([[null, 'red'], [1, 'green']])),
    )
    .withPanel(
      new stat.PanelBuilder()
        .title('Result store up')
        .datasource(datasource)
        .gridPos(grid(12, 0, 4, 4))
        .withTarget(query('A', 'min(vigil_store_up)'))
        .mappings([{type: dashboard.MappingType.ValueToText, options: {'0': {text: 'down', color: 'red', index: 0}, '1': {text: 'up', color: 'green', index: 1}}}]),
    )
    .withPanel(new stat.PanelBuilder().title('Scheduled checks').datasource(datasource).gridPos(grid(16, 0, 4, 4)).withTarget(query('A', 'max(vigil_queue_schedulers)')))
    .withPanel(
      new stat.PanelBuilder()
        .title('Jobs waiting')
        .datasource(datasource)
        .gridPos(grid(20, 0, 4, 4))
        .withTarget(query('A', 'max(vigil_queue_jobs{state=~"waiting|prioritized"})'))
        .thresholds(thresholds([[null, 'green'], [100, 'orange']])),
    )
    // Checks: severity over time, the count against its thresholds, freshness.
    .withPanel(
      new statetimeline.PanelBuilder()
        .title('Severity per org')
        .datasource(datasource)
        .gridPos(grid(0, 4, 12, 9))
        .withTarget(query('A', `max by (org) (vigil_check_severity{${scope}})`, '{{org}}'))
        .mappings(SEVERITY_MAPPINGS)
        .showValue(common.VisibilityMode.Never)
        .mergeValues(true),
    )
    .withPanel(
      new timeseries.PanelBuilder()
        .title('Count against thresholds')
        .datasource(datasource)
        .gridPos(grid(12, 4, 12, 9))
        .withTarget(query('A', `max by (org, key) (vigil_check_observed{${scope}, key=~".*[Cc]ount.*"})`, '{{org}} {{key}}'))
        .withTarget(query('B', `max by (org) (vigil_check_warn_threshold{${scope}})`, '{{org}} warn threshold'))
        .withTarget(query('C', `max by (org) (vigil_check_fail_threshold{${scope}})`, '{{org}} fail threshold'))
        .min(0)
        .overrideByRegexp('.*threshold', [{id: 'custom.lineStyle', value: {fill: 'dash', dash: [10, 10]}}]),
    )
    .withPanel(
      new table.PanelBuilder()
        .title('Age of last success')
        .description('Stale when the age passes 3 intervals (VigilCheckStale). "Last run errored" 1: the result shown is older than the last attempt.')
        .datasource(datasource)
        .gridPos(grid(0, 13, 12, 9))
        .withTarget(tableQuery('A', `time() - max by (check, org) (vigil_check_last_success_timestamp_seconds{${scope}})`))
        .withTarget(tableQuery('B', `3 * max by (check, org) (vigil_check_interval_seconds{${scope}})`))
        .withTarget(tableQuery('C', `max by (check, org) (vigil_check_last_run_error{${scope}})`))
        .withTransformation({id: 'merge', options: {}})
        .withTransformation({
          id: 'organize',
          options: {
            excludeByName: {Time: true},
            indexByName: {check: 0, org: 1, 'Value #A': 2, 'Value #B': 3, 'Value #C': 4},
            renameByName: {check: 'Check', org: 'Org', 'Value #A': 'Since last success', 'Value #B': 'Stale after', 'Value #C': 'Last run errored'},
          },
        })
        .overrideByName('Since last success', [{id: 'unit', value: 's'}])
        .overrideByName('Stale after', [{id: 'unit', value: 's'}])
        .sortBy([new common.TableSortByFieldStateBuilder().displayName('Since last success').desc(true)]),
    )
    // Workers and queue: is the checker keeping up?
    .withPanel(
      new table.PanelBuilder()
        .title('Workers')
        .datasource(datasource)
        .gridPos(grid(12, 13, 12, 9))
        .withTarget(tableQuery('A', 'time() - (process_start_time_seconds * on (instance, job) group_left (version, node_version) vigil_build_info)'))
        .withTransformation({
          id: 'organize',
          options: {
            excludeByName: {Time: true, __name__: true},
            renameByName: {instance: 'Worker', job: 'Job', version: 'vigil', node_version: 'Node.js', Value: 'Up for'},
          },
        })
        .overrideByName('Up for', [{id: 'unit', value: 's'}]),
    )
    .withPanel(
      new timeseries.PanelBuilder()
        .title('Queue jobs by state')
        .datasource(datasource)
        .gridPos(grid(0, 22, 8, 8))
        .withTarget(query('A', 'max by (state) (vigil_queue_jobs{state=~"waiting|active|delayed|prioritized|failed"})', '{{state}}')),
    )
    .withPanel(
      new timeseries.PanelBuilder()
        .title('Event loop lag p99 per worker')
        .description('High while runs are slow to start: the worker is CPU-bound (or a scrape blocks it).')
        .datasource(datasource)
        .gridPos(grid(8, 22, 8, 8))
        .withTarget(query('A', 'max by (instance) (nodejs_eventloop_lag_p99_seconds * on (instance, job) group_left vigil_build_info)', '{{instance}}'))
        .unit('s'),
    )
    .withPanel(
      new timeseries.PanelBuilder()
        .title('Runs per second by outcome')
        .datasource(datasource)
        .gridPos(grid(16, 22, 8, 8))
        .withTarget(query('A', 'sum by (outcome) (rate(vigil_check_runs_total[$__rate_interval]))', '{{outcome}}'))
        .unit('ops'),
    )
    .withPanel(
      new timeseries.PanelBuilder()
        .title('Errors per second by kind')
        .datasource(datasource)
        .gridPos(grid(0, 30, 12, 8))
        .withTarget(query('A', 'sum by (kind) (rate(vigil_check_errors_total[$__rate_interval]))', '{{kind}}'))
        .unit('ops'),
    )
    .withPanel(
      new timeseries.PanelBuilder()
        .title('Run duration')
        .datasource(datasource)
        .gridPos(grid(12, 30, 12, 8))
        .withTarget(query('A', 'histogram_quantile(0.5, sum by (le) (rate(vigil_check_run_duration_seconds_bucket[$__rate_interval])))', 'median'))
        .withTarget(query('B', 'histogram_quantile(0.95, sum by (le) (rate(vigil_check_run_duration_seconds_bucket[$__rate_interval])))', 'p95'))
        .unit('s'),
    );
  const built = withPerCheckPanels(builder, 38).build();
  // Grafana wants a unique id per panel; number them in reading order.
  built.panels?.forEach((panel, index) => {
    panel.id = index + 1;
  });
  return built;
}

/** The file's exact text: stable key order, two-space indent, final newline. */
export function dashboardJson(): string {
  return `${JSON.stringify(buildDashboard(), null, 2)}\n`;
}
