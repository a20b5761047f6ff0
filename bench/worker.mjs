#!/usr/bin/env node
// npm run bench:worker [-- --orgs 1000 --concurrency 50 --latency-ms 200 --every 1s --duration-s 15 --scrape-orgs 10000]
//
// Throughput of one `vigil worker` process against a local stub upstream with injected
// latency (in its own process, so it does not steal the worker's event loop), and the
// /metrics scrape time with many orgs in the Redis result store. Prints the figures; the
// targets are >= 0.8 of ideal throughput (concurrency / latency) and <= 200 ms per scrape.
// Needs /usr/bin/redis-server (started here on a free port, without persistence).
import {spawn} from 'node:child_process';
import {createServer} from 'node:net';
import {parseArgs} from 'node:util';
import {cpus, loadavg} from 'node:os';
import {setTimeout as sleep} from 'node:timers/promises';

const {values: args} = parseArgs({
  options: {
    orgs: {type: 'string', default: '1000'},
    concurrency: {type: 'string', default: '50'},
    'latency-ms': {type: 'string', default: '200'},
    every: {type: 'string', default: '1s'},
    'duration-s': {type: 'string', default: '15'},
    'scrape-orgs': {type: 'string', default: '10000'},
  },
});
const orgs = Number(args.orgs);
const concurrency = Number(args.concurrency);
const latencyMs = Number(args['latency-ms']);
const durationS = Number(args['duration-s']);
const scrapeOrgs = Number(args['scrape-orgs']);

const {parseDuration} = await import('../src/checks/duration.ts');
const everyMs = parseDuration(args.every);
const {checkSpecId} = await import('../src/checks/schema.ts');
const {createApiClient} = await import('../src/api/client.ts');
const {connectRedis, QUEUE_NAME} = await import('../jobs/queue.ts');
const {startCheckWorker} = await import('../jobs/worker.ts');
const {ResultStore} = await import('../src/metrics/store.ts');
const {createMetrics, QUEUE_STATES} = await import('../src/metrics/registry.ts');
const {startMetricsServer} = await import('../src/metrics/server.ts');

function freePort() {
  return new Promise(resolve => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const {port} = server.address();
      server.close(() => resolve(port));
    });
  });
}

const children = [];
process.on('exit', () => children.forEach(child => child.kill('SIGKILL')));

const redisPort = await freePort();
children.push(spawn('/usr/bin/redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {stdio: 'ignore'}));
const redisUrl = `redis://127.0.0.1:${redisPort}`;

// The stub upstream: answers every healthcheck after `latencyMs`, counts requests.
const stubPort = await freePort();
const stubSource = `
const http = require('node:http');
let count = 0;
http.createServer((req, res) => {
  if (req.url === '/count') return res.end(String(count));
  let body = '';
  req.on('data', c => (body += c));
  req.on('end', () => setTimeout(() => {
    count++;
    const slug = JSON.parse(body).slug;
    res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({id: 'takedowns.cancelled-count', title: 'Cancelled takedowns',
      category: 'takedowns', generatedAt: new Date().toISOString(), scope: {slug}, ok: true, severity: 'ok',
      observed: {cancelledCount: 1}, threshold: {warn: 3, fail: 10}, findings: [], suggestedAction: null, appUrl: null}));
  }, ${latencyMs}));
}).listen(${stubPort}, '127.0.0.1', () => process.stdout.write('ready\\n'));`;
const stub = spawn(process.execPath, ['-e', stubSource], {stdio: ['ignore', 'pipe', 'inherit']});
children.push(stub);
await new Promise(resolve => stub.stdout.once('data', resolve));
const stubCount = async () => Number(await (await fetch(`http://127.0.0.1:${stubPort}/count`)).text());

for (let i = 0; ; i++) {
  try {
    const redis = await connectRedis(redisUrl, 'bench', 500);
    redis.disconnect();
    break;
  } catch (error) {
    if (i > 50) throw error;
    await sleep(100);
  }
}

const specs = Array.from({length: orgs}, (_, i) => {
  const org = `org-${String(i).padStart(5, '0')}`;
  return {id: checkSpecId('takedowns.cancelled-count', org), check: 'takedowns.cancelled-count', org, everyMs, lookbackHours: 168, warnThreshold: 3, failThreshold: 10};
});

const log = text => process.stderr.write(`${text}\n`);
log(`bench:worker  orgs=${orgs} concurrency=${concurrency} latency=${latencyMs}ms every=${everyMs}ms duration=${durationS}s`);
const startedReconcile = Date.now();
let runs = 0;
const worker = await startCheckWorker({
  redis: await connectRedis(redisUrl, 'bench'),
  prefix: 'bench',
  specs,
  client: createApiClient({baseUrl: `http://127.0.0.1:${stubPort}/api/v2`, apiKey: 'bench-key-0000', retries: 0, timeoutMs: 30_000}),
  concurrency,
  metricsHost: '127.0.0.1',
  metricsPort: 0,
  timeoutMs: 30_000,
  retry: {attempts: 1, backoffMs: 1000},
  logRun: () => runs++,
  logEvent: () => {},
});
log(`reconciled ${orgs} schedulers in ${Date.now() - startedReconcile} ms`);

// Warm up one interval so every scheduler has fired and the queue is saturated.
await sleep(everyMs + 1000);
const runsBefore = runs;
const requestsBefore = await stubCount();
const t0 = performance.now();
const cpu0 = process.cpuUsage();
// Sample the backlog: a ratio below 1 with an empty queue would mean too little load, not a slow worker.
const backlog = [];
const sampler = setInterval(async () => {
  const counts = await fetch(`${worker.metricsUrl}/metrics`).then(r => r.text()).catch(() => '');
  const waiting = /vigil_queue_jobs\{queue="healthchecks",state="waiting"\} (\d+)/.exec(counts);
  if (waiting) backlog.push(Number(waiting[1]));
}, 2000);
await sleep(durationS * 1000);
clearInterval(sampler);
const elapsedS = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const workerCores = (cpu.user + cpu.system) / 1e6 / elapsedS;
const achieved = (runs - runsBefore) / elapsedS;
const requests = ((await stubCount()) - requestsBefore) / elapsedS;
const offered = (orgs * 1000) / everyMs;
const ideal = Math.min(offered, concurrency / (latencyMs / 1000));

// Wall time as Prometheus sees it, and this process's CPU time for it (less sensitive to
// other work on the machine; it includes reading the response, which Prometheus does).
const scrapeAt = async url => {
  const t = performance.now();
  const c = process.cpuUsage();
  const body = await (await fetch(url)).text();
  const used = process.cpuUsage(c);
  return {ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000, bytes: body.length};
};
const liveScrape = await scrapeAt(`${worker.metricsUrl}/metrics`);
await worker.shutdown(5000);

// Scrape time with many orgs: fill a separate store and time the same registry code.
const redis = await connectRedis(redisUrl, 'bench');
const {Queue} = await import('bullmq');
const store = new ResultStore(redis, 'scrape', QUEUE_NAME);
const many = Array.from({length: scrapeOrgs}, (_, i) => ({...specs[0], org: `big-${i}`, id: checkSpecId('takedowns.cancelled-count', `big-${i}`)}));
await store.replaceConfig(many);
const result = {severity: 'warn', ok: false, observed: {cancelledCount: 4, lookbackHours: 168}, appUrl: null};
for (let i = 0; i < many.length; i += 500) {
  await Promise.all(many.slice(i, i + 500).map(spec => store.recordSuccess(spec.id, result, Date.now(), 12)));
}
const queue = new Queue(QUEUE_NAME, {connection: redis, prefix: 'scrape'});
const metrics = await createMetrics({store, queueName: QUEUE_NAME, queueCounts: () => queue.getJobCounts(...QUEUE_STATES), schedulerCount: () => queue.getJobSchedulersCount()});
const server = await startMetricsServer({host: '127.0.0.1', port: 0, render: metrics.render, health: () => ({ok: true, detail: {}})});
// As in production (checks every 5 min, scrapes every 30 s): a tenth of the results
// change between two scrapes.
const scrapes = [];
for (let i = 0; i < 7; i++) {
  const changed = many.filter((_, index) => index % 10 === i % 10);
  await Promise.all(changed.map(spec => store.recordSuccess(spec.id, {...result, observed: {cancelledCount: i, lookbackHours: 168}}, Date.now(), 12)));
  scrapes.push(await scrapeAt(`${server.url}/metrics`));
}
const times = scrapes.map(s => s.ms).slice(1).sort((a, b) => a - b); // first one warms up
const median = times[Math.floor(times.length / 2)];
const cpuTimes = scrapes.map(s => s.cpuMs).slice(1).sort((a, b) => a - b);
const cpuMedian = cpuTimes[Math.floor(cpuTimes.length / 2)];
await server.close();
await queue.close();
redis.disconnect();

console.log(`machine           ${cpus().length} CPUs, load average ${loadavg().map(n => n.toFixed(2)).join(' ')} (figures drop when other work shares the CPUs)`);
const verdict = ok => (ok ? 'PASS' : 'FAIL');
const ratio = achieved / ideal;
console.log(`runs/s            ${achieved.toFixed(1)} (upstream saw ${requests.toFixed(1)} requests/s; offered ${offered.toFixed(1)}/s)`);
console.log(`waiting jobs      min ${Math.min(...backlog)}, max ${Math.max(...backlog)} over ${backlog.length} samples (above 0: the worker, not the load, was the limit)`);
console.log(`ideal runs/s      ${ideal.toFixed(1)} (concurrency ${concurrency} / latency ${latencyMs} ms)`);
console.log(`ratio             ${ratio.toFixed(3)}  target >= 0.8  ${verdict(ratio >= 0.8)}  (worker process used ${workerCores.toFixed(2)} CPU cores)`);
console.log(`scrape, ${orgs} orgs   ${liveScrape.ms.toFixed(1)} ms (${(liveScrape.bytes / 1024).toFixed(0)} KiB, live worker)`);
console.log(`scrape, ${scrapeOrgs} orgs  median ${median.toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms over ${times.length} scrapes, CPU median ${cpuMedian.toFixed(1)} ms (${(scrapes[0].bytes / 1024 / 1024).toFixed(1)} MiB)  target <= 200 ms  ${verdict(median <= 200)}`);
process.exit(0);
