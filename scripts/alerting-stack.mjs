// Runs the shipped alerting chain (deploy/prometheus, deploy/alertmanager) on loopback for
// `npm run demo` and the end-to-end test: a real Prometheus and Alertmanager started from
// copies of the deploy/ files in a temporary folder. The copies change only what a demo or
// a test cannot wait for (rule `for:` durations, scrape and grouping intervals) and where
// things are (targets, ports, receiver URLs); the alert expressions, routes, grouping and
// inhibitions are the shipped ones. Types: alerting-stack.d.mts.
import {spawn, execFileSync} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync} from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse, stringify} from 'yaml';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RULES = path.join(ROOT, 'deploy/prometheus/alerts.yml');
const PROMETHEUS_CONFIG = path.join(ROOT, 'deploy/prometheus/prometheus.yml');
const ALERTMANAGER_CONFIG = path.join(ROOT, 'deploy/alertmanager/alertmanager.yml');

/** The first of `names` on PATH (Debian names the Alertmanager binary prometheus-alertmanager). */
export function whichBinary(names) {
  for (const name of names) {
    try {
      const found = execFileSync('sh', ['-c', `command -v ${name}`], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim();
      if (found) return found;
    } catch {
      // not this one
    }
  }
  return undefined;
}

export const PROMETHEUS_NAMES = ['prometheus'];
export const ALERTMANAGER_NAMES = ['alertmanager', 'prometheus-alertmanager'];
export const GRAFANA_NAMES = ['grafana-server'];
const GRAFANA_DIR = path.join(ROOT, 'deploy/grafana');

const UNITS = {ms: 0.001, s: 1, m: 60, h: 3600, d: 86_400};

/** Seconds in a Prometheus duration such as `5m` or `1h30m`. */
export function durationSeconds(text) {
  let total = 0;
  const rest = String(text).replace(/(\d+)(ms|s|m|h|d)/g, (_, n, unit) => ((total += Number(n) * UNITS[unit]), ''));
  if (rest !== '' || String(text) === '') throw new Error(`not a duration: ${text}`);
  return total;
}

/** A duration as the rules' texts say it: "5 minutes", "1 minute", "45 seconds". */
export function durationWords(seconds) {
  const [amount, unit] = seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/**
 * The shipped rules with every `for` and `keep_firing_for` divided by `factor` (at least
 * `minSeconds`), and nothing else changed: the expressions stay the shipped ones. Annotations
 * that say the `for:` in words ("has graded warn for 15 minutes") say the new one, so the
 * demo's alert text does not claim 15 minutes of a 45-second wait.
 */
export function scaleRuleDurations(rulesText, factor, minSeconds = 1) {
  const doc = parse(rulesText);
  for (const group of doc.groups) {
    for (const rule of group.rules) {
      for (const key of ['for', 'keep_firing_for']) {
        if (rule[key] === undefined) continue;
        const before = durationSeconds(rule[key]);
        const seconds = Math.max(minSeconds, Math.round(before / factor));
        rule[key] = `${seconds}s`;
        if (key !== 'for') continue;
        const said = new RegExp(`\\b([Ff]or) ${durationWords(before)}\\b`, 'g');
        for (const [name, text] of Object.entries(rule.annotations ?? {})) rule.annotations[name] = text.replace(said, `$1 ${durationWords(seconds)}`);
      }
    }
  }
  return stringify(doc, {lineWidth: 0});
}

/**
 * The shipped Prometheus config aimed at `targets` and `alertmanager` (host:port); the shared
 * part from `checksTarget` (a Service's address), or from the first target when not given.
 */
export function prometheusConfig({targets, checksTarget = targets[0], alertmanager, intervalSeconds}) {
  const doc = parse(readFileSync(PROMETHEUS_CONFIG, 'utf8'));
  doc.global = {...doc.global, scrape_interval: `${intervalSeconds}s`, evaluation_interval: `${intervalSeconds}s`};
  for (const job of doc.scrape_configs) {
    job.scrape_timeout = `${intervalSeconds}s`;
    // Every replica's own part; the shared part from one of them (the shipped config's rule).
    job.static_configs = [{...job.static_configs?.[0], targets: job.job_name === 'vigil' ? targets : [checksTarget]}];
  }
  doc.alerting.alertmanagers = [{static_configs: [{targets: [alertmanager]}]}];
  return stringify(doc, {lineWidth: 0});
}

/**
 * The shipped Alertmanager config with each receiver's webhooks sent to `receiverUrl(name)`
 * and the grouping timings of every route replaced by `timings` (when given).
 */
export function alertmanagerConfig({receiverUrl, timings}) {
  const doc = parse(readFileSync(ALERTMANAGER_CONFIG, 'utf8'));
  doc.templates = doc.templates.map(file => path.resolve(path.dirname(ALERTMANAGER_CONFIG), file));
  for (const receiver of doc.receivers) {
    for (const webhook of receiver.webhook_configs ?? []) webhook.url = receiverUrl(receiver.name);
  }
  if (timings) {
    const retime = route => {
      for (const [key, value] of Object.entries(timings)) if (route === doc.route || route[key] !== undefined) route[key] = value;
      for (const child of route.routes ?? []) retime(child);
    };
    retime(doc.route);
  }
  return stringify(doc, {lineWidth: 0});
}

/** The most bytes of one webhook body: Alertmanager's are a few KB; anything else is not read. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

// Terminal controls (C0 but tab and newline, DEL, C1) and bidi controls: any local process can POST here.
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/** Every string of a parsed body (keys too) without terminal or bidi controls, cut at 2,000 characters. */
function cleanDeep(value) {
  if (typeof value === 'string') return value.replace(UNPRINTABLE, '').slice(0, 2000);
  if (Array.isArray(value)) return value.map(cleanDeep);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [cleanDeep(key), cleanDeep(item)]));
  return value;
}

/**
 * A node:http receiver of Alertmanager webhooks: each POST body (the notification, JSON)
 * is passed to `onNotification`, cleaned, with the receiver name taken from the path
 * (/<token>/page, ...). The random token in the path keeps other local processes from
 * posting what the demo prints; a body over MAX_WEBHOOK_BYTES is refused (413) unread.
 */
export function startWebhookReceiver(onNotification) {
  const token = randomBytes(16).toString('hex');
  const server = http.createServer((request, response) => {
    const prefix = `/${token}/`;
    if (request.method !== 'POST' || !request.url?.startsWith(prefix)) {
      response.writeHead(404).end();
      request.resume();
      return;
    }
    let body = '';
    let size = 0;
    request.setEncoding('utf8');
    request.on('data', chunk => {
      size += Buffer.byteLength(chunk);
      if (size > MAX_WEBHOOK_BYTES) {
        response.writeHead(413, {connection: 'close'}).end();
        request.destroy();
        return;
      }
      body += chunk;
    });
    request.on('end', () => {
      if (size > MAX_WEBHOOK_BYTES) return;
      try {
        onNotification(cleanDeep(request.url.slice(prefix.length)), cleanDeep(JSON.parse(body)));
      } catch {
        // a malformed body is Alertmanager's bug, not ours: answer anyway
      }
      response.writeHead(200).end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address();
      resolve({url: `http://127.0.0.1:${port}/${token}`, close: () => new Promise(done => server.close(() => done()))});
    });
  });
}

/** Polls `${url}${page}` until it answers 200, the child exits, or the deadline passes. */
export async function waitReady(url, child, timeoutMs = 30_000, page = '/-/ready') {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    const response = await fetch(`${url}${page}`).catch(() => undefined);
    if (response?.ok) return true;
    await new Promise(resolve => setTimeout(resolve, 200));
  }
  return false;
}

function keepTail(child) {
  let log = '';
  const append = chunk => (log = (log + chunk).slice(-20_000));
  child.stdout?.setEncoding('utf8').on('data', append);
  child.stderr?.setEncoding('utf8').on('data', append);
  return () => log;
}

/**
 * Writes the copies into `dir` and spawns Prometheus and Alertmanager (not waiting for
 * them: see waitReady). Alertmanager's clustering is off, so nothing listens beyond the
 * two loopback ports.
 */
export function spawnAlerting(options) {
  const {dir, prometheusBin, alertmanagerBin, prometheusPort, alertmanagerPort, targets, checksTarget, intervalSeconds, ruleSpeedup, receiverUrl, timings, spawnOptions = {}} = options;
  mkdirSync(path.join(dir, 'prometheus'), {recursive: true});
  mkdirSync(path.join(dir, 'alertmanager'), {recursive: true});
  const rules = readFileSync(RULES, 'utf8');
  writeFileSync(path.join(dir, 'prometheus/alerts.yml'), ruleSpeedup > 1 ? scaleRuleDurations(rules, ruleSpeedup) : rules);
  const alertmanagerAddress = `127.0.0.1:${alertmanagerPort}`;
  writeFileSync(path.join(dir, 'prometheus/prometheus.yml'), prometheusConfig({targets, checksTarget, alertmanager: alertmanagerAddress, intervalSeconds}));
  writeFileSync(path.join(dir, 'alertmanager/alertmanager.yml'), alertmanagerConfig({receiverUrl, timings}));
  copyFileSync(path.join(ROOT, 'deploy/alertmanager/vigil.tmpl'), path.join(dir, 'alertmanager/vigil.tmpl'));

  const stdio = ['ignore', 'pipe', 'pipe'];
  const prometheus = spawn(
    prometheusBin,
    [
      `--config.file=${path.join(dir, 'prometheus/prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'prometheus/data')}`,
      `--web.listen-address=127.0.0.1:${prometheusPort}`,
      `--rules.alert.resend-delay=${Math.max(1, Math.round(intervalSeconds))}s`,
    ],
    {stdio, ...spawnOptions},
  );
  const alertmanager = spawn(
    alertmanagerBin,
    [
      `--config.file=${path.join(dir, 'alertmanager/alertmanager.yml')}`,
      `--storage.path=${path.join(dir, 'alertmanager/data')}`,
      `--web.listen-address=${alertmanagerAddress}`,
      '--cluster.listen-address=',
    ],
    {stdio, ...spawnOptions},
  );
  return {
    prometheus: {child: prometheus, url: `http://127.0.0.1:${prometheusPort}`, log: keepTail(prometheus)},
    alertmanager: {child: alertmanager, url: `http://${alertmanagerAddress}`, log: keepTail(alertmanager)},
  };
}

/**
 * Grafana's home (conf/defaults.ini, public/): beside the binary in a tarball
 * (<home>/bin/grafana-server), /usr/share/grafana in the deb and rpm packages.
 */
export function grafanaHome(binary) {
  const candidates = [path.resolve(path.dirname(realpathSync(binary)), '..'), '/usr/share/grafana'];
  return candidates.find(dir => existsSync(path.join(dir, 'conf/defaults.ini')));
}

/**
 * The shipped provisioning files, copied into `dir` with the data source aimed at
 * `prometheusUrl` and the dashboard provider at a copy of deploy/grafana/dashboard.json.
 * Returns the provisioning folder.
 */
export function provisionGrafana({dir, prometheusUrl}) {
  const provisioning = path.join(dir, 'grafana/provisioning');
  const dashboards = path.join(dir, 'grafana/dashboards');
  for (const sub of ['datasources', 'dashboards']) mkdirSync(path.join(provisioning, sub), {recursive: true});
  mkdirSync(dashboards, {recursive: true});
  const datasources = parse(readFileSync(path.join(GRAFANA_DIR, 'provisioning/datasources/prometheus.yml'), 'utf8'));
  for (const source of datasources.datasources) if (source.type === 'prometheus') source.url = prometheusUrl;
  writeFileSync(path.join(provisioning, 'datasources/prometheus.yml'), stringify(datasources, {lineWidth: 0}));
  const providers = parse(readFileSync(path.join(GRAFANA_DIR, 'provisioning/dashboards/vigil.yml'), 'utf8'));
  for (const provider of providers.providers) provider.options.path = dashboards;
  writeFileSync(path.join(provisioning, 'dashboards/vigil.yml'), stringify(providers, {lineWidth: 0}));
  copyFileSync(path.join(GRAFANA_DIR, 'dashboard.json'), path.join(dashboards, 'dashboard.json'));
  return provisioning;
}

/** The uid of the shipped dashboard: its URL is /d/<uid>. */
export function dashboardUid() {
  return JSON.parse(readFileSync(path.join(GRAFANA_DIR, 'dashboard.json'), 'utf8')).uid;
}

/**
 * Provisions (provisionGrafana) and spawns grafana-server on 127.0.0.1:`port`, its data,
 * logs and plugins in `dir`, anonymous viewers allowed (a demo has no accounts), and no
 * call home: no usage reports, update checks, news or plugin downloads.
 */
export function spawnGrafana({dir, grafanaBin, port, prometheusUrl, spawnOptions = {}}) {
  const provisioning = provisionGrafana({dir, prometheusUrl});
  const home = grafanaHome(grafanaBin);
  const data = path.join(dir, 'grafana/data');
  const env = {
    ...process.env,
    GF_PATHS_PROVISIONING: provisioning,
    GF_PATHS_DATA: data,
    GF_PATHS_LOGS: path.join(data, 'log'),
    GF_PATHS_PLUGINS: path.join(data, 'plugins'),
    GF_SERVER_HTTP_ADDR: '127.0.0.1',
    GF_SERVER_HTTP_PORT: String(port),
    GF_AUTH_ANONYMOUS_ENABLED: 'true',
    GF_AUTH_ANONYMOUS_ORG_ROLE: 'Viewer',
    GF_ANALYTICS_REPORTING_ENABLED: 'false',
    GF_ANALYTICS_CHECK_FOR_UPDATES: 'false',
    GF_ANALYTICS_CHECK_FOR_PLUGIN_UPDATES: 'false',
    GF_NEWS_NEWS_FEED_ENABLED: 'false',
    GF_PLUGINS_PREINSTALL_DISABLED: 'true',
  };
  const child = spawn(grafanaBin, home ? [`--homepath=${home}`] : [], {stdio: ['ignore', 'pipe', 'pipe'], env, cwd: home ?? dir, ...spawnOptions});
  return {child, url: `http://127.0.0.1:${port}`, log: keepTail(child)};
}
