#!/usr/bin/env node
// `npm run demo`: the sandbox plus, when Redis is reachable, the scheduled worker with
// deploy/demo-checks.yaml and its /metrics endpoint, and, when `prometheus` and
// `alertmanager` are on PATH, both of them with the deploy/ files (demo-alerting.mjs), and
// Grafana with the shipped dashboard when `grafana-server` is too.
// Builds dist/ first when it is missing or older than the sources. Ctrl+C (or SIGTERM,
// SIGHUP) stops everything.
//
// Every file of a run (the env file to `source`, the sandbox's and the worker's logs, the
// Prometheus copies) is in a folder of its own (demo-files.mjs), removed on exit.
//
// Environment: VIGIL_SANDBOX_PORT (default 4010, a free port when taken),
// VIGIL_REDIS_URL (default redis://127.0.0.1:6379), VIGIL_METRICS_PORT (default 9464),
// VIGIL_DEMO_PROMETHEUS_PORT / VIGIL_DEMO_ALERTMANAGER_PORT / VIGIL_DEMO_GRAFANA_PORT
// (default 9090 / 9093 / 3000, a free port when taken),
// VIGIL_SANDBOX_API_KEY / VIGIL_SANDBOX_SCOPED_KEY (default: the fixed DEMO_KEYS below, the
// same at every start, so a shell set up once keeps working after a restart),
// VIGIL_DEMO_ENV_FILE (write the env file there instead; removed on exit too),
// VIGIL_DEMO_NO_BUILD=1 (use dist/ as it is; the tests set it).
// On exit the worker's Redis keys (prefix vigil-demo-<random>, its own) are deleted, however
// it stops: a signal, a forced second Ctrl+C, output that is gone (`npm run demo | tee log`
// then Ctrl+C).
import {spawn, spawnSync} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {existsSync, readdirSync, statSync} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startDemoAlerting} from './demo-alerting.mjs';
import {failingBacklog, failingSentence, gradeChecks, gradeLines, readDemoChecks} from './demo-checks.mjs';
import {createRunDir} from './demo-files.mjs';
import {cleanRedis, pingRedis} from './demo-redis.mjs';
import {shellLines, tryLines} from './demo-try.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist/cli.js');
const checksFile = path.join(root, 'deploy/demo-checks.yaml');
const env = process.env;
const out = text => process.stdout.write(text);
/** The demo's keys: fixed, printed and written to the env file; they guard only fake data. */
const DEMO_KEYS = {all: 'vigil-demo-all-orgs-key', scoped: 'vigil-demo-acme-key'};
// Per run: two demos on one Redis must not share keys (stopping one deleted the other's).
const REDIS_PREFIX = `vigil-demo-${randomBytes(4).toString('hex')}`;
/** Reviews per org per day in the demo's sandbox (upstream: 10): enough to empty acme's queue. */
const DEMO_REVIEW_LIMIT = 1000;
const note = text => process.stderr.write(`demo: ${text}\n`);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

function buildIfNeeded() {
  if (env.VIGIL_DEMO_NO_BUILD === '1') return;
  const built = existsSync(cli) ? statSync(cli).mtimeMs : 0;
  const sources = Math.max(...['src', 'commands', 'jobs', 'scripts/build.mjs', 'package.json'].map(p => newestMtime(path.join(root, p))));
  if (built >= sources) return;
  note(built === 0 ? 'dist/ is missing: building' : 'sources changed since the last build: rebuilding');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {cwd: root, stdio: 'inherit'});
  if (result.status !== 0) {
    note('the build failed (see above); fix it or run `npm run build`');
    process.exit(1);
  }
}

/** A port free right now (for VIGIL_METRICS_PORT=0: the demo must know the URL to print). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address();
      server.close(() => resolve(port));
    });
  });
}

const children = new Set();
const cleanups = [];

function register(name, child) {
  child.name = name;
  children.add(child);
  note(`started ${name} (pid ${child.pid})`);
  child.on('exit', () => children.delete(child));
  return child;
}

/**
 * Children get their own process group: Ctrl+C reaches only the demo, which stops each once.
 * Their stderr (a line per request, per run) goes to a log file, so the banner stays readable.
 */
function launch(name, args, extraEnv, stdout, log) {
  return register(name, spawn(process.execPath, [cli, ...args], {cwd: root, env: {...env, ...extraEnv}, stdio: ['ignore', stdout, log.fd], detached: true}));
}

/** The last lines of a child's log, on the demo's stderr: what it said before it stopped. */
function showTail(name, log) {
  const tail = log.tail();
  note(tail ? `the last lines of ${log.path()}:\n${tail}` : `${name} wrote nothing to ${log.path()}`);
}

function startSandbox(port) {
  return new Promise((resolve, reject) => {
    const keys = {VIGIL_SANDBOX_API_KEY: env.VIGIL_SANDBOX_API_KEY ?? DEMO_KEYS.all, VIGIL_SANDBOX_SCOPED_KEY: env.VIGIL_SANDBOX_SCOPED_KEY ?? DEMO_KEYS.scoped};
    const child = launch('sandbox', ['sandbox', '--port', String(port), '--review-limit', String(DEMO_REVIEW_LIMIT)], keys, 'pipe', sandboxLog);
    let text = '';
    child.stdout.setEncoding('utf8');
    const onData = chunk => {
      text += chunk;
      const match = /^export VIGIL_BASE_URL=(\S+) VIGIL_API_KEY=(\S+) VIGIL_ORG=(\S+)$/m.exec(text);
      if (!match) return;
      child.stdout.off('data', onData);
      child.stdout.pipe(process.stdout);
      resolve({child, banner: text, url: match[1], apiKey: match[2], org: match[3]});
    };
    child.stdout.on('data', onData);
    child.on('exit', code => reject(Object.assign(new Error(`sandbox exited with ${code}`), {code})));
  });
}

async function waitForMetrics(url, child, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      // Bounded: whatever else holds the port may accept and never answer.
      const response = await fetch(url, {signal: AbortSignal.timeout(1000)});
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise(r => setTimeout(r, 300));
  }
  return false;
}

/** The Redis URL the worker was given, whose demo keys go on exit. */
let redisInUse;

let stopping = false;
let finishing;
/**
 * What must happen however the demo ends: its Redis keys and its files removed, then exit.
 * Once, whichever path gets here first; it writes nothing a closed stdout could stop.
 */
function finish(code) {
  finishing ??= (async () => {
    if (redisInUse) await cleanRedis(redisInUse, prefix, note);
    runDir.remove();
    note(`stopped; removed ${runDir.dir}${ownEnvFile ? ` and ${ownEnvFile}` : ''}`);
    process.exit(code);
  })();
  return finishing;
}

async function stopAll(signal, code = signal === 'SIGINT' ? 130 : 0) {
  if (stopping) {
    // Forced (Ctrl+C again, or the SIGINT `npm run` forwards right after the terminal's):
    // no waiting for the children, but the keys still go.
    const exits = [...children].map(child => new Promise(resolve => child.once('exit', resolve)));
    for (const child of children) child.kill('SIGKILL');
    await Promise.all(exits);
    return finish(130);
  }
  stopping = true;
  const names = [...children].map(c => c.name);
  note(`${signal}: stopping ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0] ?? 'nothing'} (Ctrl+C again to force)`);
  const exits = [...children].map(child => new Promise(resolve => child.once('exit', resolve)));
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(exits);
  await Promise.all(cleanups.map(cleanup => cleanup()));
  return finish(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(signal));
// Output is best effort: `npm run demo | tee log` loses its reader at Ctrl+C (EPIPE), a
// closed terminal takes stderr (EIO). Unhandled, the first failed write ended the demo
// before its cleanup; now the cleanup never depends on either stream.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
// Anything else unexpected: stop as on SIGTERM, so the keys and files go too.
process.on('uncaughtException', error => {
  if (finishing) process.exit(1);
  note(`unexpected error: ${error?.stack ?? error}; stopping`);
  void stopAll('error', 1);
});

buildIfNeeded();
const runDir = createRunDir(env);
// However the demo ends (a failed start, an uncaught error), its files go with it.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  runDir.remove();
});
const ownEnvFile = env.VIGIL_DEMO_ENV_FILE;
const sandboxLog = runDir.log('sandbox.log');
const workerLog = runDir.log('worker.log');

const wantedPort = Number(env.VIGIL_SANDBOX_PORT ?? 4010);
let sandbox;
try {
  sandbox = await startSandbox(wantedPort);
} catch (error) {
  if (error.code !== 3 || wantedPort === 0) {
    showTail('the sandbox', sandboxLog);
    note('the sandbox did not start (see above)');
    process.exit(1);
  }
  note(`port ${wantedPort} is taken: using a free port instead`);
  sandbox = await startSandbox(0);
}
runDir.nameByPort(new URL(sandbox.url).port);
sandbox.child.on('exit', code => {
  if (!stopping) {
    showTail('the sandbox', sandboxLog);
    note(`the sandbox exited unexpectedly (${code}); stopping`);
    void stopAll('SIGTERM');
  }
});

const redisUrl = env.VIGIL_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Printed, and put in the line to paste, only when it can hold neither a credential (no
// userinfo, no query) nor a character a shell acts on: masking text patterns missed
// passwords with a bare "@", "#" or "?" in them (vigil itself masks by what it parsed).
const plainRedisUrl = /^[a-z+]+:\/\/[A-Za-z0-9.:[\],_/-]+$/i.test(redisUrl);
const shownRedisUrl = plainRedisUrl ? redisUrl : 'VIGIL_REDIS_URL (not repeated: it may hold a password)';
const metricsPort = env.VIGIL_METRICS_PORT === '0' ? String(await freePort()) : (env.VIGIL_METRICS_PORT ?? '9464');
const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
// On Redis Cluster the prefix must be a hash tag (see docs/checker.md).
const prefix = /^rediss?\+cluster:/i.test(redisUrl) ? `{${REDIS_PREFIX}}` : REDIS_PREFIX;
let workerEnv = '';
const workerBuilt = existsSync(path.join(root, 'dist/commands/worker.js'));
const redis = workerBuilt ? await pingRedis(redisUrl) : {ok: false};
const demoChecks = readDemoChecks(checksFile);
const graded = await gradeChecks(demoChecks, sandbox);
const backlog = failingBacklog(graded);
// The sandbox's own banner up to its env line: the demo prints a fuller one below.
out(sandbox.banner.split('\nPaste into your shell:')[0]);
const lines = ['', '--- vigil demo ----------------------------------------------------------', ''];
lines.push(`Sandbox   ${sandbox.url}   (OpenAPI: ${sandbox.url}/openapi.json)`);
const checkCount = new Set(graded.map(pair => pair.check)).size;
lines.push(
  `Checks    deploy/demo-checks.yaml discovers the registry's ${checkCount} implemented checks for ${demoChecks.orgs.length} orgs; graded now:`,
  ...gradeLines(graded).map(line => `          ${line}`),
  `Reviews   ${DEMO_REVIEW_LIMIT} a day per org in this sandbox (upstream and \`vigil sandbox\`: 10), so a whole queue can be emptied`,
);
let workerRunning = false;
/** Set when Alertmanager runs: the tour's "see the alert" step points at it. */
let alertmanagerUrl;
const notStarted = 'so these did not start either: /metrics, Prometheus, Alertmanager, Grafana';

if (!workerBuilt) {
  lines.push('Worker    not started: this build has no `vigil worker` command yet', `          ${notStarted}`);
} else if (!redis.ok) {
  lines.push(`Worker    not started: no Redis at ${shownRedisUrl} (${redis.reason})`);
  lines.push(`          ${notStarted}`);
  lines.push('          start one:  redis-server --daemonize yes   (install: sudo apt-get install redis-server)');
  lines.push('          or use another:  VIGIL_REDIS_URL=redis://host:6379 npm run demo');
  lines.push('          The sandbox keeps serving the one-shot commands below.');
} else {
  redisInUse = redisUrl;
  const worker = launch('worker', ['worker', '--checks', checksFile, '--base-url', sandbox.url, '--redis-url', redisUrl, '--metrics-port', metricsPort, '--prefix', prefix, '--grace', '5s'], {VIGIL_API_KEY: sandbox.apiKey}, 'ignore', workerLog);
  worker.on('exit', code => {
    if (stopping) return;
    showTail('the worker', workerLog);
    note(`the worker exited (${code}); the sandbox keeps serving`);
  });
  const up = await waitForMetrics(metricsUrl, worker);
  if (up) {
    workerRunning = true;
    lines.push(`Worker    running deploy/demo-checks.yaml (${demoChecks.orgs.join(', ')}, every ${demoChecks.every}; Redis ${shownRedisUrl}, prefix ${prefix})`);
    lines.push(`Metrics   ${metricsUrl}`);
    // A URL that may hold credentials is left out: the user set it (it is in their
    // environment), and a password is never printed.
    workerEnv = `${plainRedisUrl ? ` VIGIL_REDIS_URL=${redisUrl}` : ''} VIGIL_PREFIX=${prefix}`;
    const alerting = await startDemoAlerting({
      env,
      dir: runDir.dir,
      metricsTarget: `127.0.0.1:${metricsPort}`,
      failing: failingSentence(graded),
      note,
      register,
      onClose: cleanup => cleanups.push(cleanup),
    });
    lines.push(...alerting.lines);
    alertmanagerUrl = alerting.alertmanagerUrl;
  } else {
    showTail('the worker', workerLog);
    lines.push(`Worker    did not serve ${metricsUrl} (its last log lines are above); the sandbox keeps serving`, `          ${notStarted}`);
  }
}

const exports = `export VIGIL_BASE_URL=${sandbox.url} VIGIL_API_KEY=${sandbox.apiKey} VIGIL_ORG=${sandbox.org}${workerEnv}`;
const envFile = ownEnvFile ?? path.join(runDir.dir, 'env');
const envText = `# written by npm run demo (removed when it stops); the keys are the same at every start\n${exports}\nalias vigil="node ${cli}"\n`;
runDir.writeOwned(envFile, envText);
lines.push(
  `Logs      ${path.join(runDir.dir, 'sandbox.log')} (a line per request)${workerRunning ? `\n          ${path.join(runDir.dir, 'worker.log')} (a line per run):  tail -f ${path.join(runDir.dir, 'worker.log')}` : ''}`,
  `Files     ${runDir.dir} (removed when the demo stops)`,
  '',
  `Paste into another shell (or: source ${envFile}):`,
  // Two columns of indent: every line fits 80 columns, broken between words.
  ...shellLines(exports).map(line => `  ${line}`),
  `  alias vigil="node ${cli}"`,
  '',
  ...(await tryLines({sandbox, workerRunning, every: demoChecks.every, backlog, alertmanagerUrl})),
  '',
  'Ctrl+C stops everything.',
  '',
);
out(lines.join('\n'));
