import {vi} from 'vitest';
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {ALERTMANAGER_NAMES, spawnAlerting, startWebhookReceiver, waitReady, type AlertingProcess, type Notification} from '../../scripts/alerting-stack.mjs';
import {ensureBuilt} from '../helpers/build.js';
import {CLI, ROOT, runCli} from '../helpers/cli.js';
import {requireOneOf, requireProgram} from '../helpers/programs.js';
import {startSandboxProcess, type SandboxProcess} from '../helpers/sandbox-process.js';
import {freePort, startRedis, type TestRedis} from '../jobs/redis-server.js';

/*
 * The on-call chain of alerting-e2e.test.ts for the suites that need their own: the
 * sandbox, the built `vigil worker` on a given checks file, Prometheus with the shipped
 * rules (`for:` divided by `ruleSpeedup`, expressions untouched), Alertmanager with the
 * shipped routes and inhibitions, and a webhook receiver recording what arrives.
 */
const prometheusBin = requireProgram('prometheus');
const alertmanagerBin = requireOneOf(ALERTMANAGER_NAMES, 'prometheus-alertmanager');
export const skipAlerting = prometheusBin.skipReason ?? alertmanagerBin.skipReason ?? requireProgram('redis-server').skipReason;

export interface Received {
  path: string;
  body: Notification;
  at: number;
}

export interface AmAlert {
  labels: Record<string, string>;
  fingerprint: string;
  status: {state: string; inhibitedBy: string[]};
}

export interface PromAlert {
  labels: Record<string, string>;
  state: string;
  activeAt: string;
}

export async function startAlertingChain(options: {checksYaml: string; ruleSpeedup: number; prefix: string}) {
  ensureBuilt();
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-alerting-'));
  const received: Received[] = [];
  const [redis, sandbox, webhook]: [TestRedis, SandboxProcess, {url: string; close(): Promise<void>}] = await Promise.all([
    startRedis(),
    startSandboxProcess(),
    startWebhookReceiver((route, body) => received.push({path: route, body, at: Date.now()})),
  ]);
  const checks = path.join(dir, 'checks.yaml');
  writeFileSync(checks, options.checksYaml);
  const env = {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_CONFIG_DIR: dir, VIGIL_API_KEY: sandbox.apiKey, VIGIL_BASE_URL: sandbox.url, VIGIL_REDIS_URL: redis.url, VIGIL_PREFIX: options.prefix, VIGIL_CHECKS: checks};
  const metricsPort = await freePort();
  let worker: ChildProcess | undefined;
  let workerLog = '';
  const startWorker = () => {
    worker = spawn(process.execPath, [CLI, 'worker', '--metrics-port', String(metricsPort), '--grace', '1s'], {cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe']});
    worker.stderr!.setEncoding('utf8').on('data', chunk => (workerLog = (workerLog + chunk).slice(-20_000)));
  };
  const [prometheusPort, alertmanagerPort] = [await freePort(), await freePort()];
  const {prometheus, alertmanager}: {prometheus: AlertingProcess; alertmanager: AlertingProcess} = spawnAlerting({
    dir,
    prometheusBin: prometheusBin.path!,
    alertmanagerBin: alertmanagerBin.path!,
    prometheusPort,
    alertmanagerPort,
    targets: [`127.0.0.1:${metricsPort}`],
    intervalSeconds: 1,
    ruleSpeedup: options.ruleSpeedup,
    receiverUrl: receiver => `${webhook.url}/${receiver}`,
    timings: {group_wait: '1s', group_interval: '2s', repeat_interval: '4s'},
  });

  const diagnostics = () =>
    `\n--- received ---\n${received.map(r => `${r.path} ${r.body.status} ${r.body.alerts.map(a => `${a.labels.alertname}/${a.labels.org ?? '-'}:${a.status}`).join(',')}`).join('\n')}` +
    `\n--- worker ---\n${workerLog.slice(-3000)}\n--- prometheus ---\n${prometheus.log().slice(-2000)}\n--- alertmanager ---\n${alertmanager.log().slice(-2000)}`;
  /** vi.waitFor until `probe` gives a value; a timeout names `what` and carries the chain's logs. */
  const waitFor = <T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number): Promise<T> =>
    vi.waitFor(async () => {
      const value = await probe();
      if (value === undefined || value === false) throw new Error(`timed out waiting for ${what}`);
      return value;
    }, {timeout: timeoutMs, interval: 50}).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}${diagnostics()}`);
    });
  for (const server of [prometheus, alertmanager]) {
    if (!(await waitReady(server.url, server.child))) throw new Error(`${server.url} did not become ready${diagnostics()}`);
  }

  return {
    dir,
    sandbox,
    received,
    diagnostics,
    waitFor,
    /** `vigil <args>` with the worker's settings (Redis, prefix, checks file, key). */
    cli: (args: string[]) => runCli(args, {env}),
    async startWorker() {
      startWorker();
      await waitFor('the worker to serve /healthz', async () => (await fetch(`http://127.0.0.1:${metricsPort}/healthz`).catch(() => undefined))?.ok, 45_000);
    },
    /** The notifications carrying an alert matching `labels`, with its status. */
    deliveries(labels: Record<string, string>, since = 0) {
      return received
        .filter(item => item.at >= since)
        .flatMap(item => item.body.alerts.filter(alert => Object.entries(labels).every(([key, value]) => alert.labels[key] === value)).map(alert => ({...item, alert})));
    },
    async amAlerts(alertname: string): Promise<AmAlert[]> {
      return (await (await fetch(`${alertmanager.url}/api/v2/alerts?filter=alertname%3D%22${alertname}%22`)).json()) as AmAlert[];
    },
    async promAlerts(alertname: string): Promise<PromAlert[]> {
      const body = (await (await fetch(`${prometheus.url}/api/v1/alerts`)).json()) as {data: {alerts: PromAlert[]}};
      return body.data.alerts.filter(alert => alert.labels.alertname === alertname);
    },
    async admin(method: string, route: string, body?: unknown) {
      const response = await fetch(`${sandbox.origin}/_sandbox/${route}`, {
        method,
        headers: {'x-api-key': sandbox.apiKey, ...(body ? {'content-type': 'application/json'} : {})},
        body: body ? JSON.stringify(body) : undefined,
      });
      return {status: response.status, body: (await response.json()) as unknown};
    },
    async stop() {
      for (const child of [worker, prometheus.child, alertmanager.child]) if (child && child.exitCode === null) child.kill('SIGKILL');
      await webhook.close();
      await sandbox.stop();
      await redis.stop();
      rmSync(dir, {recursive: true, force: true});
    },
  };
}
export type AlertingChain = Awaited<ReturnType<typeof startAlertingChain>>;
