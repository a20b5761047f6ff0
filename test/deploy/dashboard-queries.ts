import {readFileSync} from 'node:fs';

interface Dashboard {
  panels: {title: string; targets?: {refId: string; expr: string}[]}[];
}

const dashboard = JSON.parse(readFileSync('deploy/grafana/dashboard.json', 'utf8')) as Dashboard;

/** Each panel query with Grafana's variables replaced, as Prometheus receives it. */
export function panelQueries(): {panel: string; expr: string}[] {
  return dashboard.panels.flatMap(panel =>
    (panel.targets ?? []).map(target => ({
      panel: `${panel.title} (${target.refId})`,
      expr: target.expr.replaceAll('$check', '.*').replaceAll('$org', '.*').replaceAll('$__rate_interval', '1m'),
    })),
  );
}
