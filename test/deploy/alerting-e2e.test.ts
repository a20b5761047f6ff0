import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {ALERTMANAGER_NAMES, spawnAlerting, startWebhookReceiver, waitReady, type AlertingProcess, type Notification} from '../../scripts/alerting-stack.mjs';
import {ensureBuilt} from '../helpers/build.js';
import {CLI, ROOT, runCli} from '../helpers/cli.js';
import {startSandboxProcess, type SandboxProcess} from '../helpers/sandbox-process.js';
import {freePort, startRedis, type TestRedis} from '../jobs/redis-server.js';
import {requireOneOf, requireProgram} from '../helpers/programs.js';

/*
 * The on-call chain for real, on loopback: the sandbox, the built `vigil worker` checking
 * it every second, Prometheus with the shipped rules (their `for:` divided by 60, the
 * expressions untouched), Alertmanager with the shipped routing and inhibitions (timings
 * shortened, receivers pointed at this test), and a webhook receiver. Each step waits for
 * what a person on call would see arrive.
 */
const prometheusBin = requireProgram('prometheus');
const alertmanagerBin = requireOneOf(ALERTMANAGER_NAMES, 'prometheus-alertmanager');
const amtool = requireProgram('amtool');
const skip = prometheusBin.skipReason ?? alertmanagerBin.skipReason;

interface Received {
  path: string;
  body: Notification;
  at: number;
}

let dir = '';
let redis: TestRedis;
let sandbox: SandboxProcess;
let worker: ChildProcess | undefined;
let workerLog = '';
let prometheus: AlertingProcess;
let alertmanager: AlertingProcess;
let webhook: {url: string; close(): Promise<void>};
const received: Received[] = [];

/** The notifications that carry an alert matching `labels`, with its status. */
function deliveries(labels: Record<string, string>, since = 0) {
  return received
    .filter(item => item.at >= since)
    .flatMap(item => item.body.alerts.filter(alert => Object.entries(labels).every(([key, value]) => alert.labels[key] === value)).map(alert => ({...item, alert})));
}

async function admin(method: string, route: string, body?: unknown) {
  const response = await fetch(`${sandbox.origin}/_sandbox/${route}`, {
    method,
    headers: {'x-api-key': sandbox.apiKey, ...(body ? {'content-type': 'application/json'} : {})},
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {defaultHealthcheck: {severity: string; cancelledCount: number}};
}

function diagnostics(): string {
  return `\n--- received ---\n${received.map(r => `${r.path} ${r.body.status} ${r.body.alerts.map(a => `${a.labels.alertname}/${a.labels.org ?? '-'}:${a.status}`).join(',')}`).join('\n')}` +
    `\n--- worker ---\n${workerLog.slice(-3000)}\n--- prometheus ---\n${prometheus?.log().slice(-3000)}\n--- alertmanager ---\n${alertmanager?.log().slice(-3000)}`;
}

describe.skipIf(skip !== undefined)('alerts from a check to a receiver, through Prometheus and Alertmanager', () => {
  beforeAll(async () => {
    ensureBuilt();
    dir = mkdtempSync(path.join(tmpdir(), 'vigil-alerting-'));
    [redis, sandbox, webhook] = await Promise.all([
      startRedis(),
      // Above the upstream's 10 reviews a day: acme's 14-proposal queue is emptied below.
      startSandboxProcess({args: ['--review-limit', '100']}),
      startWebhookReceiver((route, body) => received.push({path: route, body, at: Date.now()})),
    ]);
    // umbrella is ok in the seed (made to fail below); initech is seeded failing; acme's
    // review backlog is seeded failing (14 proposals await its review, fail at 10).
    const checks = path.join(dir, 'checks.yaml');
    writeFileSync(checks, 'defaults: {every: 1s}\nretry: {attempts: 2, backoff: 100ms}\nchecks:\n  - {check: takedowns.cancelled-count, org: umbrella}\n  - {check: takedowns.cancelled-count, org: initech}\n  - {check: reviewing.backlog, org: acme}\n');
    const metricsPort = await freePort();
    worker = spawn(process.execPath, [CLI, 'worker', '--checks', checks, '--redis-url', redis.url, '--metrics-port', String(metricsPort), '--prefix', 'e2e-alerting', '--grace', '1s'], {
      cwd: ROOT,
      env: {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_CONFIG_DIR: dir, VIGIL_API_KEY: sandbox.apiKey, VIGIL_BASE_URL: sandbox.url},
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    worker.stderr!.setEncoding('utf8').on('data', chunk => (workerLog = (workerLog + chunk).slice(-20_000)));

    const [prometheusPort, alertmanagerPort] = [await freePort(), await freePort()];
    ({prometheus, alertmanager} = spawnAlerting({
      dir,
      prometheusBin: prometheusBin.path!,
      alertmanagerBin: alertmanagerBin.path!,
      prometheusPort,
      alertmanagerPort,
      targets: [`127.0.0.1:${metricsPort}`],
      intervalSeconds: 1,
      ruleSpeedup: 60,
      receiverUrl: receiver => `${webhook.url}/${receiver}`,
      timings: {group_wait: '1s', group_interval: '2s', repeat_interval: '4s'},
    }));
    for (const server of [prometheus, alertmanager]) {
      if (!(await waitReady(server.url, server.child))) throw new Error(`${server.url} did not become ready${diagnostics()}`);
    }
    await vi.waitFor(
      async () => {
        const found = await (await fetch(`http://127.0.0.1:${metricsPort}/healthz`).catch(() => undefined))?.ok;
        if (!found) throw new Error(`the worker to serve /healthz${diagnostics()}`);
        return found;
      },
      {timeout: 45_000, interval: 250},
    );
  }, 90_000);

  afterAll(async () => {
    for (const child of [worker, prometheus?.child, alertmanager?.child]) if (child && child.exitCode === null) child.kill('SIGKILL');
    await webhook?.close();
    await sandbox?.stop();
    await redis?.stop();
    if (dir) rmSync(dir, {recursive: true, force: true});
  });

  it('delivers a failing org as a ticket with org, count and runbook, and its recovery as resolved', async () => {
    expect((await admin('POST', 'orgs/umbrella/takedowns/cancellations', {count: 12})).defaultHealthcheck).toMatchObject({severity: 'fail', cancelledCount: 12});
    const firing = await vi.waitFor(
      async () => {
        const found = deliveries({alertname: 'VigilCheckFailing', org: 'umbrella'}).find(d => d.alert.status === 'firing');
        if (!found) throw new Error(`umbrella firing at the webhook${diagnostics()}`);
        return found;
      },
      {timeout: 60_000, interval: 250},
    );
    expect(firing.path).toBe('ticket');
    expect(firing.alert.labels).toMatchObject({check: 'takedowns.cancelled-count', severity: 'warning', job: 'vigil'});
    expect(firing.alert.annotations.observed).toContain('cancelledCount=12');
    expect(firing.alert.annotations.thresholds).toBe('warn 3, fail 10');
    expect(firing.alert.annotations.description).toContain('observed cancelledCount=12');
    expect(firing.alert.annotations.description).toContain('warn threshold 3, fail threshold 10');
    expect(firing.alert.annotations.runbook_url).toMatch(/\/docs\/runbooks\.md#vigilcheckfailing$/);
    expect(firing.alert.annotations.dashboard_url).toContain('var-org=umbrella');

    if (amtool.path) {
      // What a text receiver (email, PagerDuty, ...) shows, rendered from this very payload.
      const payload = path.join(dir, 'payload.json');
      writeFileSync(payload, JSON.stringify(firing.body));
      const text = execFileSync(amtool.path, ['template', 'render', `--template.glob=${path.join(ROOT, 'deploy/alertmanager/vigil.tmpl')}`, '--template.text={{ template "vigil.text" . }}', `--template.data=${payload}`], {encoding: 'utf8'});
      expect(text).toMatch(/org: +umbrella\n/);
      expect(text).toMatch(/observed: +cancelledCount=12/);
      expect(text).toMatch(/thresholds: +warn 3, fail 10\n/);
      expect(text).toMatch(/runbook: +https:\/\/\S+#vigilcheckfailing\n/);
    }

    expect((await admin('DELETE', 'orgs/umbrella/takedowns')).defaultHealthcheck).toMatchObject({severity: 'ok', cancelledCount: 0});
    const resolved = await vi.waitFor(
      async () => {
        const found = deliveries({alertname: 'VigilCheckFailing', org: 'umbrella'}, firing.at).find(d => d.alert.status === 'resolved');
        if (!found) throw new Error(`umbrella resolved at the webhook${diagnostics()}`);
        return found;
      },
      {timeout: 60_000, interval: 250},
    );
    expect(resolved.path).toBe('ticket');
    expect(resolved.body.status).toBe('resolved');
  }, 130_000);

  it('fires the review backlog for acme, and resolves it in Alertmanager once reviews empty the queue', async () => {
    const backlogInAlertmanager = async () =>
      (await (await fetch(`${alertmanager.url}/api/v2/alerts?filter=alertname%3D%22VigilCheckFailing%22&filter=org%3D%22acme%22&filter=check%3D%22reviewing.backlog%22`)).json()) as {
        annotations: Record<string, string>;
        status: {state: string};
      }[];
    const firing = await vi.waitFor(
      async () => {
        const found = deliveries({alertname: 'VigilCheckFailing', org: 'acme', check: 'reviewing.backlog'}).find(d => d.alert.status === 'firing');
        if (!found) throw new Error(`acme backlog firing at the webhook${diagnostics()}`);
        return found;
      },
      {timeout: 60_000, interval: 250},
    );
    expect(firing.path).toBe('ticket');
    expect(firing.alert.annotations.observed).toBe('pendingCount=14');
    expect(firing.alert.annotations.thresholds).toBe('warn 5, fail 10');
    expect(firing.alert.annotations.runbook_url).toMatch(/\/docs\/runbooks\.md#/);
    expect((await backlogInAlertmanager()).map(alert => alert.status.state)).toEqual(['active']);

    // The queue, as `reports list --json` gives it, reviewed through the built CLI: what `a`
    // does on each proposal of the review browser (test/e2e/tmux-review-queue.test.ts).
    const env = {...sandbox.env, VIGIL_CONFIG_DIR: dir};
    const listed = await runCli(['reports', 'list', '--needs-customer-review', '--org', 'acme', '--json'], {env});
    expect(listed.code, listed.stderr).toBe(0);
    const pending = (JSON.parse(listed.stdout) as {reports: {proposals: {id: number; reviewStatus: string; asset: {id: number}}[]}[]}).reports
      .flatMap(report => report.proposals)
      .filter(proposal => proposal.reviewStatus === 'PENDING_CUSTOMER_REVIEW');
    expect(pending).toHaveLength(14);
    for (const proposal of pending) {
      const reviewed = await runCli(['proposals', 'review', String(proposal.id), '--asset-id', String(proposal.asset.id), '--decision', 'approve', '--org', 'acme'], {env});
      expect(reviewed.stderr).toBe('');
      expect(reviewed.code).toBe(0);
    }
    const emptiedAt = Date.now();
    const after = await runCli(['healthchecks', 'run', 'reviewing.backlog', '--org', 'acme', '--json'], {env});
    expect(JSON.parse(after.stdout)).toMatchObject({severity: 'ok', observed: {pendingCount: 0}});

    // The acceptance: resolved in Alertmanager within two minutes of the last review, and
    // the resolution delivered to the receiver it fired to.
    await vi.waitFor(
      async () => {
        const found = await (await backlogInAlertmanager()).length === 0;
        if (!found) throw new Error(`acme backlog resolved in Alertmanager${diagnostics()}`);
        return found;
      },
      {timeout: 120_000, interval: 250},
    );
    expect(Date.now() - emptiedAt).toBeLessThan(120_000);
    const resolved = await vi.waitFor(
      async () => {
        const found = deliveries({alertname: 'VigilCheckFailing', org: 'acme', check: 'reviewing.backlog'}, firing.at).find(d => d.alert.status === 'resolved');
        if (!found) throw new Error(`acme backlog resolved at the webhook${diagnostics()}`);
        return found;
      },
      {timeout: 30_000, interval: 250},
    );
    expect(resolved.path).toBe('ticket');
  }, 200_000);

  it('pages VigilWorkersDown when every worker stops, and inhibits the per-check alerts meanwhile', async () => {
    // initech has been failing since the start: its alert is firing when the worker stops.
    await vi.waitFor(
      async () => {
        const found = deliveries({alertname: 'VigilCheckFailing', org: 'initech'}).some(d => d.alert.status === 'firing');
        if (!found) throw new Error(`initech firing at the webhook${diagnostics()}`);
        return found;
      },
      {timeout: 30_000, interval: 250},
    );
    const exited = new Promise(resolve => worker!.once('exit', resolve));
    const stoppedAt = Date.now();
    worker!.kill('SIGTERM');
    await exited;

    // Alertmanager holds initech's alert but mutes it, naming the workers-down alert.
    const suppressed = await vi.waitFor(
      async () => {
        const alerts = (await (await fetch(`${alertmanager.url}/api/v2/alerts?filter=alertname%3D%22VigilCheckFailing%22`)).json()) as {labels: Record<string, string>; status: {state: string; inhibitedBy: string[]}}[];
        const found = alerts.find(alert => alert.labels.org === 'initech' && alert.status.state === 'suppressed' && alert.status.inhibitedBy.length > 0);
        if (!found) throw new Error(`initech suppressed in Alertmanager${diagnostics()}`);
        return found;
      },
      {timeout: 30_000, interval: 250},
    );
    const down = await vi.waitFor(
      async () => {
        const found = deliveries({alertname: 'VigilWorkersDown'}, stoppedAt).find(d => d.alert.status === 'firing');
        if (!found) throw new Error(`VigilWorkersDown at the webhook${diagnostics()}`);
        return found;
      },
      {timeout: 30_000, interval: 250},
    );
    expect(down.path).toBe('page');
    expect(down.alert.labels).toMatchObject({job: 'vigil', severity: 'critical'});
    expect(down.alert.annotations.summary).toBe('No vigil worker answers scrapes (0 of 1 targets up)');
    expect(down.alert.annotations.runbook_url).toMatch(/#vigilworkersdown$/);
    const inhibitor = (await (await fetch(`${alertmanager.url}/api/v2/alerts?filter=alertname%3D%22VigilWorkersDown%22`)).json()) as {fingerprint: string}[];
    expect(suppressed.status.inhibitedBy).toEqual([inhibitor[0]!.fingerprint]);

    // Without the inhibition initech would now be re-sent every 4 s, and its resolution
    // (its series went stale with the worker) sent too. Wait until Prometheus resolved it
    // and two more heartbeats went out: nothing about a check may have arrived since.
    await vi.waitFor(
      async () => {
        const body = (await (await fetch(`${prometheus.url}/api/v1/alerts`)).json()) as {data: {alerts: {labels: Record<string, string>}[]}};
        const found = !body.data.alerts.some(alert => alert.labels.alertname === 'VigilCheckFailing' && alert.labels.org === 'initech');
        if (!found) throw new Error(`initech resolved in Prometheus${diagnostics()}`);
        return found;
      },
      {timeout: 30_000, interval: 250},
    );
    const beats = deliveries({alertname: 'VigilWatchdog'}).length;
    await vi.waitFor(
      async () => {
        const found = deliveries({alertname: 'VigilWatchdog'}).length >= beats + 2;
        if (!found) throw new Error(`two more heartbeats${diagnostics()}`);
        return found;
      },
      {timeout: 30_000, interval: 250},
    );
    const checkNotifications = received.filter(item => item.at > down.at && item.body.alerts.some(alert => alert.labels.alertname?.startsWith('VigilCheck')));
    expect(checkNotifications, diagnostics()).toEqual([]);
  }, 100_000);
});
