// The shipped alerting chain (scripts/alerting-stack.mjs) scraping every replica every 15 s,
// rules' `for` scaled to the run's length; at the end, which alerts fired, in which fault
// window, and whether each resolved, read from Prometheus's own ALERTS series. Alertmanager
// sits in the chain with a webhook receiver counting its notifications.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {ALERTMANAGER_NAMES, PROMETHEUS_NAMES, spawnAlerting, startWebhookReceiver, waitReady, whichBinary} from '../../scripts/alerting-stack.mjs';
import {freePort} from '../processes.mjs';

export const SCRAPE_SECONDS = 15;

/** Undefined (with the reason printed by the caller) when Prometheus or Alertmanager is missing. */
export async function startAlerting({targets, checksTarget, ruleSpeedup}) {
  const prometheusBin = whichBinary(PROMETHEUS_NAMES);
  const alertmanagerBin = whichBinary(ALERTMANAGER_NAMES);
  if (!prometheusBin || !alertmanagerBin) return {missing: `${prometheusBin ? '' : 'prometheus '}${alertmanagerBin ? '' : 'alertmanager'}`.trim()};
  const notifications = [];
  const receiver = await startWebhookReceiver((name, body) => {
    for (const alert of body.alerts ?? []) notifications.push({receiver: name, status: alert.status, alertname: alert.labels.alertname, at: Date.now()});
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-soak-alerting-'));
  const stack = spawnAlerting({
    dir,
    prometheusBin,
    alertmanagerBin,
    prometheusPort: await freePort(),
    alertmanagerPort: await freePort(),
    targets,
    checksTarget,
    intervalSeconds: SCRAPE_SECONDS,
    ruleSpeedup,
    receiverUrl: name => `${receiver.url}/${name}`,
    timings: {group_wait: '5s', group_interval: '15s'},
  });
  // Never outlive the soak, Ctrl+C included (bench/processes.mjs exits on SIGINT).
  process.on('exit', () => [stack.prometheus, stack.alertmanager].forEach(part => part.child.kill('SIGKILL')));
  for (const part of [stack.prometheus, stack.alertmanager]) {
    if (!(await waitReady(part.url, part.child, 60_000))) throw new Error(`${part.url} did not get ready:\n${part.log()}`);
  }
  return {
    prometheusUrl: stack.prometheus.url,
    notifications,
    /** Firing spans of every alert between `from` and `to` (ms), from the ALERTS series. */
    async firings(from, to) {
      const url = new URL('/api/v1/query_range', stack.prometheus.url);
      url.search = new URLSearchParams({query: 'ALERTS{alertstate="firing"}', start: String(from / 1000), end: String(to / 1000), step: String(SCRAPE_SECONDS)}).toString();
      const body = await (await fetch(url)).json();
      const spans = [];
      for (const series of body.data?.result ?? []) {
        const {alertname, alertstate, __name__, ...labels} = series.metric;
        let span;
        for (const [seconds] of series.values) {
          const at = seconds * 1000;
          if (span && at - span.to <= SCRAPE_SECONDS * 1000 * 1.5) span.to = at;
          else spans.push((span = {alertname, labels, from: at, to: at}));
        }
      }
      // Firing at the last step: not resolved.
      for (const span of spans) span.resolved = span.to < to - SCRAPE_SECONDS * 1000 * 1.5;
      return spans;
    },
    /** Alerts firing now, VigilWatchdog aside. */
    async firingNow() {
      const url = new URL('/api/v1/query', stack.prometheus.url);
      url.search = new URLSearchParams({query: 'ALERTS{alertstate="firing",alertname!="VigilWatchdog"}'}).toString();
      const body = await (await fetch(url)).json();
      return (body.data?.result ?? []).map(series => series.metric.alertname);
    },
    async stop() {
      for (const part of [stack.prometheus, stack.alertmanager]) part.child.kill('SIGTERM');
      await receiver.close();
      rmSync(dir, {recursive: true, force: true});
    },
  };
}
