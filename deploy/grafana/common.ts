/** What the dashboard's panels share: the data source, the variable scope, query builders. */
import * as dashboard from '@grafana/grafana-foundation-sdk/dashboard';
import * as prometheus from '@grafana/grafana-foundation-sdk/prometheus';

export const datasource = {type: 'prometheus', uid: '${datasource}'};
export const scope = 'check=~"$check", org=~"$org"';
export const grid = (x: number, y: number, w: number, h: number) => ({x, y, w, h});

export function query(refId: string, expr: string, legend?: string) {
  const builder = new prometheus.DataqueryBuilder().refId(refId).expr(expr).datasource(datasource);
  return legend === undefined ? builder : builder.legendFormat(legend);
}

/** An instant query as table rows: one row per series, labels as columns. */
export const tableQuery = (refId: string, expr: string) => query(refId, expr).instant().format(prometheus.PromQueryFormat.Table);

export const SEVERITY_MAPPINGS: dashboard.ValueMapping[] = [
  {
    type: dashboard.MappingType.ValueToText,
    options: {
      '0': {text: 'ok', color: 'green', index: 0},
      '1': {text: 'warn', color: 'orange', index: 1},
      '2': {text: 'fail', color: 'red', index: 2},
    },
  },
];

