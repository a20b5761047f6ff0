// The alerting part of `npm run demo`: when `prometheus` and `alertmanager` are on PATH,
// start them on loopback with the deploy/ files (rules' `for:` shortened so a failing org
// fires within a minute, and resolves within one of being ok again), and print every
// notification Alertmanager sends; when
// `grafana-server` is on PATH too, Grafana with the shipped dashboard provisioned. Without
// them, say how to get them.
import net from 'node:net';
import {ALERTMANAGER_NAMES, GRAFANA_NAMES, PROMETHEUS_NAMES, dashboardUid, spawnAlerting, spawnGrafana, startWebhookReceiver, waitReady, whichBinary} from './alerting-stack.mjs';

/** Rule `for:` and `keep_firing_for:` are divided by this: VigilCheckFailing's 5m becomes 15s. */
export const DEMO_RULE_SPEEDUP = 20;

function listenable(port) {
  return new Promise(resolve => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const {port: bound} = server.address();
      server.close(() => resolve(bound));
    });
  });
}

/** The wanted port when free, else (or for "0") any free one. */
async function pickPort(wanted) {
  return (wanted !== 0 && (await listenable(wanted))) || (await listenable(0));
}

/** The first of `paths` that answers 200 (Debian's Prometheus serves only /classic/...). */
async function firstPage(base, paths) {
  for (const page of paths) {
    const response = await fetch(`${base}${page}`).catch(() => undefined);
    if (response?.ok) return {page, text: await response.text()};
  }
  return {page: paths[0], text: ''};
}

function describe(receiver, body) {
  const alerts = body.alerts.map(alert => `${alert.labels.alertname}${alert.labels.check ? ` ${alert.labels.check}` : ''}${alert.labels.org ? ` org=${alert.labels.org}` : ''} (${alert.status})`);
  // A resolved alert keeps the annotations of its last firing evaluation: not repeated.
  const first = body.status === 'firing' ? (body.alerts[0]?.annotations ?? {}) : {};
  return `${receiver} <- ${alerts.join(', ')}${first.summary ? `: ${first.summary}` : ''}${first.observed ? `; ${first.observed}; ${first.thresholds}` : ''}`;
}

const DASHBOARD_FILE = 'deploy/grafana/dashboard.json';

/** Where the dashboard is when the demo cannot show it: the file and how to load it. */
function dashboardLines(why) {
  return [
    `Dashboard ${DASHBOARD_FILE}   (Grafana not started: ${why})`,
    '          load it in a Grafana of yours: Dashboards > New > Import, or the provisioning files (README, "Grafana")',
  ];
}

/** Starts Grafana on the demo's Prometheus without waiting: its first start takes a while. */
async function startDemoGrafana({env, dir, prometheusUrl, note, register}) {
  const grafanaBin = whichBinary(GRAFANA_NAMES);
  if (!grafanaBin) return dashboardLines('no grafana-server on PATH');
  const port = await pickPort(Number(env.VIGIL_DEMO_GRAFANA_PORT ?? 3000));
  const grafana = spawnGrafana({dir, grafanaBin, port, prometheusUrl, spawnOptions: {detached: true}});
  register('grafana', grafana.child);
  const dashboard = `${grafana.url}/d/${dashboardUid()}`;
  void waitReady(grafana.url, grafana.child, 120_000, '/api/health').then(ready => {
    if (ready) note(`grafana answers: ${dashboard}`);
    else if (grafana.child.exitCode !== null || grafana.child.signalCode !== null) note(`grafana stopped: ${grafana.log().trim().split('\n').slice(-5).join('\n')}`);
  });
  return [`Grafana       ${dashboard}   (${DASHBOARD_FILE}, provisioned; starting, a line below says when it answers)`];
}

/**
 * Starts Prometheus scraping `metricsTarget` and Alertmanager (and Grafana), or explains
 * why not. Returns the lines for the demo's banner. Their files go in `dir` (the demo's
 * own folder, removed on exit); the processes are given to `register`.
 */
export async function startDemoAlerting({env, dir, metricsTarget, failing, note, register, onClose}) {
  const prometheusBin = whichBinary(PROMETHEUS_NAMES);
  const alertmanagerBin = whichBinary(ALERTMANAGER_NAMES);
  if (!prometheusBin || !alertmanagerBin) {
    const missing = [prometheusBin ? undefined : 'prometheus', alertmanagerBin ? undefined : 'alertmanager'].filter(Boolean);
    return {
      lines: [
        `Alerting  not started: ${missing.join(' and ')} not on PATH`,
        '          install both to see the alerts fire:  sudo apt-get install prometheus prometheus-alertmanager',
        ...dashboardLines('it needs Prometheus'),
      ],
    };
  }

  let heartbeats = 0;
  const webhook = await startWebhookReceiver((receiver, body) => {
    // The Watchdog arrives every minute: show that the chain works once, not every time.
    if (receiver === 'heartbeat' && heartbeats++ > 0) return;
    note(`notification ${describe(receiver, body)}`);
  });
  const prometheusPort = await pickPort(Number(env.VIGIL_DEMO_PROMETHEUS_PORT ?? 9090));
  const alertmanagerPort = await pickPort(Number(env.VIGIL_DEMO_ALERTMANAGER_PORT ?? 9093));
  const {prometheus, alertmanager} = spawnAlerting({
    dir,
    prometheusBin,
    alertmanagerBin,
    prometheusPort,
    alertmanagerPort,
    targets: [metricsTarget],
    intervalSeconds: 5,
    ruleSpeedup: DEMO_RULE_SPEEDUP,
    receiverUrl: receiver => `${webhook.url}/${receiver}`,
    // A resolved alert is sent at the next group interval: 10s, not the shipped 5m, so the
    // demo prints it soon after the check is ok again.
    timings: {group_wait: '5s', group_interval: '10s'},
    spawnOptions: {detached: true},
  });
  register('prometheus', prometheus.child);
  register('alertmanager', alertmanager.child);
  onClose(() => webhook.close());
  const ready = await Promise.all([waitReady(prometheus.url, prometheus.child), waitReady(alertmanager.url, alertmanager.child)]);
  if (!ready.every(Boolean)) {
    for (const [name, server] of [['prometheus', prometheus], ['alertmanager', alertmanager]]) note(`${name}: ${server.log().trim().split('\n').slice(-5).join('\n')}`);
    return {lines: ['Alerting  Prometheus or Alertmanager did not start (their last log lines are above)', ...dashboardLines('it needs Prometheus')]};
  }
  const alertsPage = (await firstPage(prometheus.url, ['/alerts', '/classic/alerts'])).page;
  // Debian's Alertmanager package has no web UI (its / says so): point at the API instead.
  const withUi = (await firstPage(alertmanager.url, ['/'])).text.includes('script.js');
  const alertmanagerPage = `${alertmanager.url}${withUi ? '/#/alerts' : '/api/v2/alerts'}`;
  return {
    alertmanagerUrl: alertmanagerPage,
    lines: [
      `Prometheus    ${prometheus.url}${alertsPage}   (deploy/prometheus/alerts.yml; for: ${DEMO_RULE_SPEEDUP}x shorter in the demo)`,
      `Alertmanager  ${alertmanagerPage}   (deploy/alertmanager routing; notifications print here)`,
      ...(failing ? [`              ${failing}: VigilCheckFailing fires within about a minute; then`] : ['              then']),
      `              amtool alert query --alertmanager.url=${alertmanager.url}`,
      ...(await startDemoGrafana({env, dir, prometheusUrl: prometheus.url, note, register})),
    ],
  };
}
