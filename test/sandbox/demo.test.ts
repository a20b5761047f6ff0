import {existsSync, mkdtempSync, readFileSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Redis} from 'ioredis';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI, ROOT, runCli} from '../helpers/cli.js';
import {startRedis, type TestRedis} from '../jobs/redis-server.js';
import {requireProgram, requirePrograms} from '../helpers/programs.js';
import {CHECKS_FILE_GRADES, demoEntries, filesOf, gradesOf, isAlive, ready, run, startDemo, useDemos} from './demo-harness.js';

// The whole demo: sandbox, worker, metrics, alerting and Grafana, and Ctrl+C stopping them all.

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');
// The demo starts the machine's Prometheus and Alertmanager where it can, so its files run
// on one Node line in CI (asking for them puts a file in the "once" group, test/ci-groups.ts).
const alerting = !requirePrograms('prometheus', 'prometheus-alertmanager').skipReason;

useDemos();
let redis: TestRedis | undefined;
afterEach(async () => {
  await redis?.stop();
  redis = undefined;
});

describe.skipIf(redisServer.skipReason)('npm run demo', () => {
  it('serves the sandbox, runs the worker with metrics (and alerting when installed), and stops everything on Ctrl+C', async () => {
    redis = await startRedis();
    const demo = startDemo({VIGIL_REDIS_URL: redis.url});
    await ready(demo);
    const out = demo.out();
    const url = /^Sandbox\s+(\S+)/m.exec(out)![1]!;
    const metrics = /^Metrics\s+(\S+)/m.exec(out)![1]!;
    const key = /VIGIL_API_KEY=(\S+)/.exec(out)![1]!;
    expect(out).toMatch(/^Worker\s+running deploy\/demo-checks\.yaml \(acme, globex, initech\b/m);
    // A prefix of this run's own: two demos on one Redis must not delete each other's keys.
    const joined = out.replace(/ \\\n +/g, ' ');
    const prefix = /VIGIL_PREFIX=(vigil-demo-[0-9a-f]{8})\b/.exec(joined)![1]!;
    const exported = `export VIGIL_BASE_URL=${url} VIGIL_API_KEY=${key} VIGIL_ORG=acme VIGIL_REDIS_URL=${redis.url} VIGIL_PREFIX=${prefix}`;
    // The banner breaks it between words (` \` and an indent), to fit 80 columns.
    expect(joined).toContain(exported);
    // The same keys at every start (documented in the script), and an env file to source,
    // in the demo's own folder, named by its port.
    expect(key).toBe('vigil-demo-all-orgs-key');
    const {dir, envFile} = filesOf(out);
    expect(path.dirname(dir)).toBe(demo.tmp);
    expect(path.basename(dir)).toMatch(new RegExp(`^vigil-demo-${new URL(url).port}-`));
    expect(envFile).toBe(path.join(dir, 'env'));
    expect(readFileSync(envFile, 'utf8')).toContain(`${exported}\n`);
    expect(out).toMatch(/initech\s+Initech\s+50 reports\s+fail/);

    const reply = await fetch(`${url}/organization/reports?slug=acme&limit=1`, {headers: {'x-api-key': key}});
    expect(reply.status).toBe(200);
    // What the banner says fails and warns is what the file's comment says and what the
    // worker's first runs of every discovered (check, org) pair export.
    expect(out).toMatch(/^Checks\s+deploy\/demo-checks\.yaml discovers the registry's 10 implemented checks for 5 orgs; graded now:$/m);
    const said = gradesOf(out, ' {10}');
    expect(Object.keys(said)).toEqual(['acme', 'globex', 'initech', 'umbrella', 'hooli']);
    expect(said.acme).toEqual({'reviewing.backlog': 'fail', 'takedowns.cancelled-count': 'warn'});
    expect(CHECKS_FILE_GRADES()).toEqual(said);
    expect(out).toMatch(/^Reviews\s+1000 a day per org in this sandbox \(upstream and `vigil sandbox`: 10\)/m);
    const severities = async () => {
      const text = await (await fetch(metrics)).text();
      return [...text.matchAll(/^vigil_check_severity\{check="([\w.-]+)",org="(\w+)"\} (\d)$/gm)].map(m => ({check: m[1]!, org: m[2]!, severity: Number(m[3])}));
    };
    const expected = Object.entries(said).flatMap(([org, checks]) => Object.entries(checks).map(([check, severity]) => ({check, org, severity: severity === 'fail' ? 2 : 1})));
    // Once every pair has had its first run: all 50 exported, the not-ok ones as the banner says.
    const notOk = (pairs: {check: string; org: string; severity: number}[]) => pairs.filter(pair => pair.severity > 0).map(pair => `${pair.org} ${pair.check} ${pair.severity}`).sort();
    await expect.poll(async () => (await severities()).length, {timeout: 40_000, interval: 500}).toBe(50);
    expect(notOk(await severities())).toEqual(notOk(expected));

    // The per-run lines are in the log file the banner names, not on the terminal.
    const workerLog = /^ {10}(\S+worker\.log) \(a line per run\)/m.exec(out)![1]!;
    expect(path.dirname(workerLog)).toBe(dir);
    expect(readFileSync(workerLog, 'utf8')).toMatch(/"msg":"run".*"org":"hooli".*"outcome":"fail"/);
    expect(demo.err()).not.toContain('"msg":"run"');
    expect(demo.err()).not.toMatch(/POST \/api\/v2\/healthchecks/);
    expect(readFileSync(path.join(dir, 'sandbox.log'), 'utf8')).toMatch(/POST \/api\/v2\/healthchecks\/takedowns\/cancelled-count 200/);

    // `vigil schedules list` works with the environment the demo prints.
    const exportLine = /^ {2}export (.*)$/m.exec(out.replace(/ \\\n +/g, ' '))![1]!;
    const printed = Object.fromEntries([...exportLine.matchAll(/(VIGIL_\w+)=(\S+)/g)].map(m => [m[1]!, m[2]!]));
    const configDir = mkdtempSync(path.join(tmpdir(), 'vigil-demo-config-'));
    const listed = await runCli(['schedules', 'list', '--json'], {env: {...printed, VIGIL_CONFIG_DIR: configDir}});
    expect(listed.stderr).toBe('');
    const scheduled = JSON.parse(listed.stdout) as {org: string; check: string}[];
    expect(scheduled).toHaveLength(50);
    expect([...new Set(scheduled.map(row => row.org))].sort()).toEqual(['acme', 'globex', 'hooli', 'initech', 'umbrella']);
    expect(scheduled).toContainEqual(expect.objectContaining({check: 'reviewing.backlog', org: 'acme'}));

    // The suggested commands work as printed: the review names a proposal awaiting acme, and
    // the jq line lists the pending ones as review's arguments.
    const shell = {...printed, VIGIL_CONFIG_DIR: configDir};
    const asPrinted = (line: string) => line.replace(/^ {2}vigil /, `node ${CLI} `).replace(/\s+# .*$/, '');
    const jqLine = asPrinted(/^ {2}vigil reports list --needs-customer-review --json \| jq .*$/m.exec(out)![0]!);
    const pending = await run(jqLine, shell);
    expect(pending).toMatchObject({code: 0, stderr: ''});
    const review = /^ {2}vigil proposals review (\d+) --asset-id (\d+) --decision reject\s+# its first proposal/m.exec(out)!;
    expect(pending.stdout.split('\n')).toContain(`${review[1]} --asset-id ${review[2]}`);
    const reviewed = await run(asPrinted(review[0]), shell);
    expect(reviewed.stderr).toBe('');
    expect(reviewed).toMatchObject({code: 0, stdout: expect.stringMatching(new RegExp(`^${review[1]}\\tREJECTED\\t`))});
    // The loop: acme's backlog fails (and its alert fires when alerting runs); the printed
    // steps empty the queue; the worker grades it ok and the alert resolves.
    expect(out).toContain('The loop: acme fails reviewing.backlog (14 proposals await its review; fail at 10, warn at 5).');
    const all = await run(asPrinted(/^ {2}vigil healthchecks run --all --org acme .*$/m.exec(out)![0]!), shell);
    expect(all.code).toBe(6);
    expect(all.stdout).toMatch(/^reviewing\.backlog\tfail\tpendingCount=13\b/m);
    expect(out).toContain('  vigil reports list --needs-customer-review --org acme    # the review browser: a, Enter, y approves the highlighted proposal; 14 times');
    const backlog = async () => (await severities()).find(pair => pair.check === 'reviewing.backlog' && pair.org === 'acme')?.severity;
    const alertmanagerOrigin = alerting ? /^Alertmanager\s+(http:\/\/[\d.:]+)\S*alerts /m.exec(out)![1]! : undefined;
    const backlogAlerts = async () =>
      ((await (await fetch(`${alertmanagerOrigin}/api/v2/alerts?filter=alertname%3D%22VigilCheckFailing%22&filter=org%3D%22acme%22&filter=check%3D%22reviewing.backlog%22`)).json()) as unknown[]).length;
    if (alertmanagerOrigin) {
      expect(out).toContain(`  amtool alert query --alertmanager.url=${alertmanagerOrigin} alertname=VigilCheckFailing org=acme    # firing within about a minute`);
      await expect.poll(backlogAlerts, {timeout: 90_000, interval: 1000}).toBe(1);
    }
    // Every remaining proposal approved (what `a` does in the browser), past upstream's 10 a day.
    const remaining = (await run(jqLine, shell)).stdout.trim().split('\n');
    expect(remaining).toHaveLength(13);
    for (const args of remaining) {
      const approved = await run(`node ${CLI} proposals review ${args} --decision approve`, shell);
      expect(approved.stderr).toBe('');
      expect(approved.code).toBe(0);
    }
    const emptiedAt = Date.now();
    expect((await run(asPrinted(/^ {2}vigil healthchecks run reviewing\.backlog --org acme .*$/m.exec(out)![0]!), shell)).stdout).toMatch(/^severity\tok\n(.*\n)*observed\.pendingCount\t0$/m);
    await expect.poll(backlog, {timeout: 30_000, interval: 500}).toBe(0);
    if (alertmanagerOrigin) {
      await expect.poll(backlogAlerts, {timeout: 120_000 - (Date.now() - emptiedAt), interval: 1000}).toBe(0);
      expect(Date.now() - emptiedAt).toBeLessThan(120_000);
      await expect.poll(() => demo.err(), {timeout: 30_000}).toContain('demo: notification ticket <- VigilCheckFailing reviewing.backlog org=acme (resolved)');
    }

    let alertingUrls: string[] = [];
    if (alerting) {
      const prometheus = /^Prometheus\s+(http:\/\/[\d.:]+)\S*alerts /m.exec(out)![1]!;
      const alertmanager = /^Alertmanager\s+(http:\/\/[\d.:]+)\S*alerts /m.exec(out)![1]!;
      expect(out).toContain('acme, initech, umbrella and hooli fail a check: VigilCheckFailing fires within about a minute');
      // The printed pages open (Debian's packages: /classic/alerts and the API).
      for (const page of [/^Prometheus\s+(\S+)/m.exec(out)![1]!, /^Alertmanager\s+(\S+)/m.exec(out)![1]!]) expect((await fetch(page)).status, page).toBe(200);
      alertingUrls = [prometheus, alertmanager];
      // The shipped rules are loaded and the shipped routing is in place.
      const rules = (await (await fetch(`${prometheus}/api/v1/rules`)).json()) as {data: {groups: {rules: {name: string}[]}[]}};
      expect(rules.data.groups.flatMap(group => group.rules.map(rule => rule.name))).toContain('VigilCheckFailing');
      const status = (await (await fetch(`${alertmanager}/api/v2/status`)).json()) as {config: {original: string}};
      expect(status.config.original).toContain('VigilWorkersDown');
      // Their files are in the demo's folder, not elsewhere in the temp folder.
      expect(existsSync(path.join(dir, 'prometheus/prometheus.yml'))).toBe(true);
    } else {
      expect(out).toContain('apt-get install prometheus prometheus-alertmanager');
    }
    expect(demoEntries(demo.tmp)).toEqual([path.basename(dir)]);

    const pids = [...demo.err().matchAll(/demo: started (?:sandbox|worker|prometheus|alertmanager) \(pid (\d+)\)/g)].map(m => Number(m[1]));
    expect(pids).toHaveLength(alerting ? 4 : 2);
    demo.child.kill('SIGINT');
    expect(await demo.exited).toBe(130);
    expect(demo.err()).toMatch(alerting ? /demo: SIGINT: stopping sandbox, worker, prometheus and alertmanager/ : /demo: SIGINT: stopping sandbox and worker/);
    expect(demo.err()).toContain(`demo: stopped; removed ${dir}`);
    await expect(fetch(url)).rejects.toThrow();
    await expect(fetch(metrics)).rejects.toThrow();
    for (const alertingUrl of alertingUrls) await expect(fetch(alertingUrl)).rejects.toThrow();
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    expect(demoEntries(demo.tmp)).toEqual([]);
    // The worker's queues and results are gone from Redis.
    expect(demo.err()).toMatch(/demo: removed \d+ Redis keys? \(vigil-demo-[0-9a-f]{8}:\*\)/);
    const client = new Redis(redis.url, {lazyConnect: true});
    await client.connect();
    try {
      expect(await client.keys('vigil-demo*')).toEqual([]);
    } finally {
      client.disconnect();
    }
  }, 300_000);

  it.skipIf(!alerting)('with grafana-server on PATH provisions the shipped dashboard on the demo\'s Prometheus and starts it', async () => {
    redis = await startRedis();
    const bin = mkdtempSync(path.join(tmpdir(), 'vigil-grafana-bin-'));
    symlinkSync(path.join(ROOT, 'test/fixtures/grafana/grafana-server.mjs'), path.join(bin, 'grafana-server'));
    const demo = startDemo({VIGIL_REDIS_URL: redis.url, PATH: `${bin}:${process.env.PATH}`, VIGIL_DEMO_GRAFANA_PORT: '0'});
    await ready(demo, 60_000);
    const out = demo.out();
    const dashboard = /^Grafana\s+(http:\/\/[\d.:]+)\/d\/vigil-checker\s+\(deploy\/grafana\/dashboard\.json, provisioned/m.exec(out);
    expect(dashboard, out).not.toBeNull();
    const grafana = dashboard![1]!;
    await expect.poll(() => demo.err(), {timeout: 20_000}).toContain(`demo: grafana answers: ${grafana}/d/vigil-checker`);
    const prometheus = /^Prometheus\s+(http:\/\/[\d.:]+)/m.exec(out)![1]!;
    const sources = (await (await fetch(`${grafana}/api/datasources`)).json()) as {uid: string; type: string; url: string}[];
    expect(sources).toEqual([expect.objectContaining({uid: 'prometheus', type: 'prometheus', url: prometheus})]);
    const shipped = JSON.parse(readFileSync(path.join(ROOT, 'deploy/grafana/dashboard.json'), 'utf8')) as unknown;
    const served = (await (await fetch(`${grafana}/api/dashboards/uid/vigil-checker`)).json()) as {dashboard: unknown; meta: {folderTitle: string}};
    expect(served).toEqual({dashboard: shipped, meta: {folderTitle: 'vigil'}});
    const launch = (await (await fetch(`${grafana}/api/fake/launch`)).json()) as {env: Record<string, string>};
    expect(launch.env).toMatchObject({GF_SERVER_HTTP_ADDR: '127.0.0.1', GF_ANALYTICS_REPORTING_ENABLED: 'false', GF_ANALYTICS_CHECK_FOR_UPDATES: 'false', GF_PLUGINS_PREINSTALL_DISABLED: 'true'});
    expect(launch.env.GF_PATHS_DATA!.startsWith(filesOf(out).dir)).toBe(true);
    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);
    expect(demo.err()).toMatch(/stopping sandbox, worker, prometheus, alertmanager and grafana/);
    await expect(fetch(grafana)).rejects.toThrow();
    expect(demoEntries(demo.tmp)).toEqual([]);
  }, 90_000);
});
