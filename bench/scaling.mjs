#!/usr/bin/env node
// npm run bench:scaling [-- --orgs 10000 --big-orgs 50000 --workers 1,2,4 --concurrency 10 --latency-ms 200 --window-s 15]
//
// How the checker scales out: 1, 2 and 4 `vigil worker` processes of the shipped build
// (dist/cli.js) on one Redis, against an upstream that answers after --latency-ms, with
// more checks due than they can run (every 10s), so each measures its ceiling. Per setting:
// runs/s against the ideal (workers x concurrency / latency), Redis commands per run (INFO
// commandstats), Redis memory per check, peak RSS per worker (VmHWM), and beside them the
// floor: a bare fetch loop with the same number of requests in flight. Then the same at
// --big-orgs checks (4 workers, shorter window) to see whether Redis cost per run stays flat.
// Needs /usr/bin/redis-server (started here on a free port, without persistence).
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {freePort, launch} from './processes.mjs';
import {cpus, loadavg, tmpdir, totalmem} from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {setTimeout as sleep} from 'node:timers/promises';
import {fileURLToPath} from 'node:url';

const {values: args} = parseArgs({
  options: {
    orgs: {type: 'string', default: '10000'},
    'big-orgs': {type: 'string', default: '50000'},
    workers: {type: 'string', default: '1,2,4'},
    concurrency: {type: 'string', default: '10'},
    'latency-ms': {type: 'string', default: '200'},
    'window-s': {type: 'string', default: '15'},
  },
});
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'dist/cli.js');
const concurrency = Number(args.concurrency);
const latencyMs = Number(args['latency-ms']);
const windowS = Number(args['window-s']);
const log = text => process.stdout.write(`${text}\n`);


// Redis, driven through redis-cli so the bench measures only what the workers send.
const redisPort = await freePort();
launch('/usr/bin/redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], {stdio: 'ignore'});
const {Redis} = await import('ioredis');
const admin = new Redis({port: redisPort, host: '127.0.0.1', retryStrategy: times => (times > 50 ? null : 100)});
await admin.ping();
const info = async section => Object.fromEntries((await admin.info(section)).split('\r\n').filter(line => line.includes(':')).map(line => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]));
const totalCalls = async () => Object.entries(await info('commandstats')).reduce((sum, [, value]) => sum + Number(/calls=(\d+)/.exec(value)?.[1] ?? 0), 0);

// The upstream, in its own process so it never competes with the bench's event loop.
const stubPort = await freePort();
const stub = launch(
    process.execPath,
    [
      '-e',
      `const http = require('node:http'); let count = 0;
http.createServer((req, res) => {
  if (req.url === '/count') return res.end(String(count));
  let body = ''; req.on('data', c => (body += c));
  req.on('end', () => setTimeout(() => { count++; const slug = JSON.parse(body).slug;
    res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({id: 'takedowns.cancelled-count', title: 'Cancelled takedowns',
      category: 'takedowns', generatedAt: new Date().toISOString(), scope: {slug}, ok: true, severity: 'ok', observed: {cancelledCount: 1},
      threshold: {warnThreshold: 3, failThreshold: 10}, findings: [], suggestedAction: null, appUrl: null})); }, ${latencyMs}));
}).listen(${stubPort}, '127.0.0.1', () => process.stdout.write('ready\\n'));`,
    ],
    {stdio: ['ignore', 'pipe', 'inherit']},
);
await new Promise(resolve => stub.stdout.once('data', resolve));
const baseUrl = `http://127.0.0.1:${stubPort}/api/v2`;
const upstreamCount = async () => Number(await (await fetch(`http://127.0.0.1:${stubPort}/count`)).text());

const dir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-scaling-'));
function checksFile(orgs) {
  const file = path.join(dir, `checks-${orgs}.yaml`);
  const lines = ['defaults:', '  every: 10s', 'retry: {attempts: 1, backoff: 1s}', 'checks:'];
  for (let i = 0; i < orgs; i++) lines.push(`  - {check: takedowns.cancelled-count, org: org-${String(i).padStart(5, '0')}}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

function startWorker(checks) {
  const child = launch(process.execPath, [CLI, 'worker', '--checks', checks, '--redis-url', `redis://127.0.0.1:${redisPort}`, '--metrics-port', '0', '--concurrency', String(concurrency), '--prefix', 'scale', '--grace', '2s'], {
      env: {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_CONFIG_DIR: dir, VIGIL_API_KEY: 'bench-scaling-key', VIGIL_BASE_URL: baseUrl},
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk.length > 0 && stderr.length < 4096 ? chunk : ''));
  const started = new Promise((resolve, reject) => {
    const timer = setInterval(() => stderr.includes('worker started') && (clearInterval(timer), resolve()), 50);
    child.once('exit', code => (clearInterval(timer), reject(new Error(`worker exited ${code}: ${stderr}`))));
  });
  return {child, started, peakRssMb: () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024};
}

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(orgs, workerCount, windowSeconds) {
  await admin.flushall();
  const checks = checksFile(orgs);
  const baseMemory = Number((await info('memory')).used_memory);
  const first = startWorker(checks);
  await first.started; // reconciles every scheduler once; the others find them unchanged
  const rest = Array.from({length: workerCount - 1}, () => startWorker(checks));
  await Promise.all(rest.map(worker => worker.started));
  const workers = [first, ...rest];
  await sleep(4000); // warm up: every worker busy, the backlog formed
  const [runs0, calls0, t0] = [await upstreamCount(), await totalCalls(), Date.now()];
  const perSecond = [];
  let last = runs0;
  for (let s = 0; s < windowSeconds; s++) {
    await sleep(1000);
    const now = await upstreamCount();
    perSecond.push(now - last);
    last = now;
  }
  const [runs1, calls1, t1] = [await upstreamCount(), await totalCalls(), Date.now()];
  const memory = Number((await info('memory')).used_memory);
  const rss = workers.map(worker => worker.peakRssMb());
  await Promise.all(workers.map(worker => new Promise(resolve => (worker.child.once('exit', resolve), worker.child.kill('SIGTERM')))));
  const runsPerS = ((runs1 - runs0) * 1000) / (t1 - t0);
  const ideal = (workerCount * concurrency * 1000) / latencyMs;
  const floorPerS = await floorRate(workerCount * concurrency, 5);
  return {orgs, workers: workerCount, runsPerS, floorPerS, medianPerS: median(perSecond), ideal, ratio: runsPerS / ideal, commandsPerRun: (calls1 - calls0) / (runs1 - runs0), bytesPerCheck: (memory - baseMemory) / orgs, peakRssMb: Math.max(...rss)};
}

// The floor: the same requests in flight from a bare fetch loop, no queue, no Redis.
async function floorRate(inFlight, seconds) {
  let done = 0;
  const end = Date.now() + seconds * 1000;
  const body = JSON.stringify({slug: 'floor', lookbackHours: 168, warnThreshold: 3, failThreshold: 10});
  await Promise.all(
    Array.from({length: inFlight}, async () => {
      while (Date.now() < end) {
        const response = await fetch(`${baseUrl}/healthchecks/takedowns/cancelled-count`, {method: 'POST', body, headers: {'content-type': 'application/json'}});
        await response.text();
        done++;
      }
    }),
  );
  return done / seconds;
}

const row = r =>
  `${String(r.orgs).padStart(6)}  ${String(r.workers).padStart(7)}  ${r.runsPerS.toFixed(1).padStart(6)}  ${String(r.medianPerS).padStart(6)}  ${r.ideal.toFixed(0).padStart(5)}  ${r.ratio.toFixed(2).padStart(5)}  ${r.floorPerS.toFixed(1).padStart(7)}  ${(r.runsPerS / r.floorPerS).toFixed(2).padStart(8)}  ${r.commandsPerRun.toFixed(1).padStart(8)}  ${r.bytesPerCheck.toFixed(0).padStart(9)}  ${r.peakRssMb.toFixed(0).padStart(7)}`;

log(`bench:scaling  node ${process.version}  ${cpus().length} x ${cpus()[0]?.model ?? '?'}  ${(totalmem() / 2 ** 30).toFixed(1)} GiB  load ${loadavg().map(n => n.toFixed(1)).join(' ')}  redis ${(await info('server')).redis_version}`);
log(`upstream latency ${latencyMs} ms, concurrency ${concurrency} per worker, checks every 10s (more due than any setting can run), window ${windowS}s`);
log('  orgs  workers  runs/s  med/s  ideal  ratio  floor/s  vs floor  cmd/run  bytes/chk  rss MB');
const results = [];
for (const count of args.workers.split(',').map(Number)) {
  results.push(await measure(Number(args.orgs), count, windowS));
  log(row(results.at(-1)));
}
const bigOrgs = Number(args['big-orgs']);
if (bigOrgs > 0) {
  const most = Math.max(...args.workers.split(',').map(Number));
  results.push(await measure(bigOrgs, most, Math.max(5, Math.round(windowS / 2))));
  log(row(results.at(-1)));
}
const most = results.filter(r => r.orgs === Number(args.orgs)).at(-1);
const one = results.find(r => r.orgs === Number(args.orgs) && r.workers === 1);
log('ratio = runs/s over ideal (workers x concurrency / latency); floor = a bare fetch loop with as many requests in flight');
log(`scaling at ${most.workers} workers: ${most.ratio.toFixed(2)} of linear (goal 0.90)` + (one ? `; ${(most.runsPerS / (one.runsPerS * most.workers)).toFixed(2)} of ${most.workers} x the measured 1-worker rate` : ''));
admin.disconnect();
process.exit(0);
