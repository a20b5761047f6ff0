/**
 * The dashboard's view by check: a severity matrix of org by check (every check the workers
 * grade, discovered ones included), then a row per selected check, repeated by Grafana for
 * each value of $check, with that check's severity, observed values against its thresholds,
 * and its runs and errors.
 */
import * as common from '@grafana/grafana-foundation-sdk/common';
import * as dashboard from '@grafana/grafana-foundation-sdk/dashboard';
import * as statetimeline from '@grafana/grafana-foundation-sdk/statetimeline';
import * as table from '@grafana/grafana-foundation-sdk/table';
import * as timeseries from '@grafana/grafana-foundation-sdk/timeseries';
import {datasource, grid, query, scope, SEVERITY_MAPPINGS, tableQuery} from './common.js';

/** Inside the repeated row $check is one check; $org still filters. */
const oneCheck = 'check=~"$check", org=~"$org"';

/** Adds the matrix at row `y` and the repeated drill-down row below it. */
export function withPerCheckPanels(builder: dashboard.DashboardBuilder, y: number): dashboard.DashboardBuilder {
  return builder
    .withPanel(
      new table.PanelBuilder()
        .title('Severity matrix: org by check')
        .description('The last grade of every (check, org): one row per org, one column per check. Empty: never graded (see Age of last success).')
        .datasource(datasource)
        .gridPos(grid(0, y, 24, 10))
        .withTarget(tableQuery('A', `max by (check, org) (vigil_check_severity{${scope}})`))
        .withTransformation({id: 'groupingToMatrix', options: {columnField: 'check', rowField: 'org', valueField: 'Value', emptyValue: 'null'}})
        .withTransformation({id: 'organize', options: {renameByName: {'org\\check': 'Org'}}})
        .mappings(SEVERITY_MAPPINGS)
        .cellOptions({type: common.TableCellDisplayMode.ColorBackground, mode: common.TableCellBackgroundDisplayMode.Basic})
        .sortBy([new common.TableSortByFieldStateBuilder().displayName('Org')]),
    )
    .withRow(new dashboard.RowBuilder('Check: $check').repeat('check').gridPos(grid(0, y + 10, 24, 1)))
    .withPanel(
      new statetimeline.PanelBuilder()
        .title('$check: severity per org')
        .datasource(datasource)
        .gridPos(grid(0, y + 11, 12, 8))
        .withTarget(query('A', `max by (org) (vigil_check_severity{${oneCheck}})`, '{{org}}'))
        .mappings(SEVERITY_MAPPINGS)
        .showValue(common.VisibilityMode.Never)
        .mergeValues(true),
    )
    .withPanel(
      new timeseries.PanelBuilder()
        .title('$check: observed against thresholds')
        .description('Every numeric value the check observed, by key, and its thresholds (configured, else stated by the result).')
        .datasource(datasource)
        .gridPos(grid(12, y + 11, 12, 8))
        .withTarget(query('A', `max by (org, key) (vigil_check_observed{${oneCheck}})`, '{{org}} {{key}}'))
        .withTarget(query('B', `max by (org) (vigil_check_warn_threshold{${oneCheck}})`, '{{org}} warn threshold'))
        .withTarget(query('C', `max by (org) (vigil_check_fail_threshold{${oneCheck}})`, '{{org}} fail threshold'))
        .overrideByRegexp('.*threshold', [{id: 'custom.lineStyle', value: {fill: 'dash', dash: [10, 10]}}]),
    )
    .withPanel(
      new timeseries.PanelBuilder()
        .title('$check: runs per second by outcome')
        .datasource(datasource)
        .gridPos(grid(0, y + 19, 12, 7))
        .withTarget(query('A', 'sum by (outcome) (rate(vigil_check_runs_total{check=~"$check"}[$__rate_interval]))', '{{outcome}}'))
        .unit('ops'),
    )
    .withPanel(
      new timeseries.PanelBuilder()
        .title('$check: errors per second by kind')
        .datasource(datasource)
        .gridPos(grid(12, y + 19, 12, 7))
        .withTarget(query('A', 'sum by (kind) (rate(vigil_check_errors_total{check=~"$check"}[$__rate_interval]))', '{{kind}}'))
        .unit('ops'),
    );
}
