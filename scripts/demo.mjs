#!/usr/bin/env node
// `npm run demo`: the sandbox plus, when Redis is reachable, the scheduled worker with
// deploy/demo-checks.yaml and its /metrics endpoint. Builds dist/ first when it is missing
// or older than the sources. Ctrl+C (or SIGTERM) stops everything.
//
// Environment: VIGIL_SANDBOX_PORT (default 4010, a free port when taken),
// VIGIL_REDIS_URL (default redis://127.0.0.1:6379), VIGIL_METRICS_PORT (default 9464),
// VIGIL_SANDBOX_API_KEY / VIGIL_SANDBOX_SCOPED_KEY (fixed keys instead of random ones),
// VIGIL_DEMO_NO_BUILD=1 (use dist/ as it is; the tests set it).
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist/cli.js');
const checksFile = path.join(root, 'deploy/demo-checks.yaml');
const env = process.env;
const out = text => process.stdout.write(text);
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

/** Reachable when something at host:port answers PING (any reply counts, even NOAUTH). */
function pingRedis(url, timeoutMs = 1500) {
  return new Promise(resolve => {
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      return resolve({ok: false, reason: 'not a URL'});
    }
    const socket = net.connect({host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 6379)});
    const done = result => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done({ok: false, reason: 'no answer within 1.5s'}));
    socket.on('error', error => done({ok: false, reason: error.code ?? error.message}));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', () => done({ok: true}));
  });
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

/** Children get their own process group: Ctrl+C reaches only the demo, which stops each once. */
function launch(name, args, extraEnv, stdout) {
  const child = spawn(process.execPath, [cli, ...args], {cwd: root, env: {...env, ...extraEnv}, stdio: ['ignore', stdout, 'inherit'], detached: true});
  child.name = name;
  children.add(child);
  note(`started ${name} (pid ${child.pid})`);
  child.on('exit', () => children.delete(child));
  return child;
}

function startSandbox(port) {
  return new Promise((resolve, reject) => {
    const child = launch('sandbox', ['sandbox', '--port', String(port)], {}, 'pipe');
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
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise(r => setTimeout(r, 300));
  }
  return false;
}

let stopping = false;
async function stopAll(signal) {
  if (stopping) {
    for (const child of children) child.kill('SIGKILL');
    process.exit(130);
  }
  stopping = true;
  note(`${signal}: stopping ${[...children].map(c => c.name).join(' and ') || 'nothing'} (Ctrl+C again to force)`);
  const exits = [...children].map(child => new Promise(resolve => child.once('exit', resolve)));
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(exits);
  note('stopped');
  process.exit(signal === 'SIGINT' ? 130 : 0);
}
process.on('SIGINT', () => void stopAll('SIGINT'));
process.on('SIGTERM', () => void stopAll('SIGTERM'));
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

buildIfNeeded();

const wantedPort = Number(env.VIGIL_SANDBOX_PORT ?? 4010);
let sandbox;
try {
  sandbox = await startSandbox(wantedPort);
} catch (error) {
  if (error.code !== 3 || wantedPort === 0) {
    note('the sandbox did not start (see above)');
    process.exit(1);
  }
  note(`port ${wantedPort} is taken: using a free port instead`);
  sandbox = await startSandbox(0);
}
const origin = sandbox.url.replace(/\/api\/v2$/, '');
sandbox.child.on('exit', code => {
  if (!stopping) {
    note(`the sandbox exited unexpectedly (${code}); stopping`);
    void stopAll('SIGTERM');
  }
});

const redisUrl = env.VIGIL_REDIS_URL ?? 'redis://127.0.0.1:6379';
const metricsPort = env.VIGIL_METRICS_PORT === '0' ? String(await freePort()) : (env.VIGIL_METRICS_PORT ?? '9464');
const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
const workerBuilt = existsSync(path.join(root, 'dist/commands/worker.js'));
const redis = workerBuilt ? await pingRedis(redisUrl) : {ok: false};
// The sandbox's own banner up to its env line: the demo prints a fuller one below.
out(sandbox.banner.split('\nPaste into your shell:')[0]);
const lines = ['', '--- vigil demo ----------------------------------------------------------', ''];
lines.push(`Sandbox   ${sandbox.url}   (OpenAPI: ${sandbox.url}/openapi.json)`);

if (!workerBuilt) {
  lines.push('Worker    not started: this build has no `vigil worker` command yet');
} else if (!redis.ok) {
  lines.push(`Worker    not started: no Redis at ${redisUrl} (${redis.reason})`);
  lines.push('          start one:  redis-server --daemonize yes   (install: sudo apt-get install redis-server)');
  lines.push('          or use another:  VIGIL_REDIS_URL=redis://host:6379 npm run demo');
  lines.push('          The sandbox keeps serving the one-shot commands below.');
} else {
  const worker = launch('worker', ['worker', '--checks', checksFile, '--base-url', sandbox.url, '--redis-url', redisUrl, '--metrics-port', metricsPort, '--prefix', 'vigil-demo', '--grace', '5s'], {VIGIL_API_KEY: sandbox.apiKey}, 'ignore');
  worker.on('exit', code => {
    if (!stopping) note(`the worker exited (${code}); the sandbox keeps serving. See its error above.`);
  });
  const up = await waitForMetrics(metricsUrl, worker);
  if (up) {
    const orgs = [...readFileSync(checksFile, 'utf8').matchAll(/^\s*(?:-\s*)?org:\s*([\w.-]+)/gm)].map(m => m[1]);
    lines.push(`Worker    running deploy/demo-checks.yaml (${orgs.join(', ')}; Redis ${redisUrl}, prefix vigil-demo)`);
    lines.push(`Metrics   ${metricsUrl}`);
  } else {
    lines.push(`Worker    did not serve ${metricsUrl} (see its error above); the sandbox keeps serving`);
  }
}

lines.push(
  '',
  'Paste into another shell:',
  `  export VIGIL_BASE_URL=${sandbox.url} VIGIL_API_KEY=${sandbox.apiKey} VIGIL_ORG=${sandbox.org}`,
  `  alias vigil="node ${cli}"`,
  '',
  'Then try:',
  '  vigil reports list --needs-customer-review',
  '  vigil reports search https://acme-wallet-verify.example/ t.me/acmewalletsupport',
  '  vigil healthchecks run takedowns.cancelled-count --org initech',
  '',
  'Push acme from warn to fail with 6 more cancellations (a running worker sees it on its next run):',
  `  curl -s -X POST -H "x-api-key: $VIGIL_API_KEY" -H 'content-type: application/json' -d '{"count":6}' ${origin}/_sandbox/orgs/acme/takedowns/cancellations`,
  '',
  'Ctrl+C stops everything.',
  '',
);
out(lines.join('\n'));
