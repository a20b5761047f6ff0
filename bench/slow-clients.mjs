#!/usr/bin/env node
// npm run bench:slow-clients [-- --slow 20000 --probes 300]
//
// The worker's metrics server (src/metrics/server.ts, in a process of its own with 20,000
// file descriptors, as in the security review's report) under a slowloris: --slow
// connections that each send half a request and never the rest, from client processes of
// their own. Prints /healthz latency (a new connection per probe, as the kubelet's) median,
// p99 and max without and with the slow clients, the probes that failed (target: none),
// the server's peak RSS (VmHWM from /proc), the machine and the Node version.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {setTimeout as sleep} from 'node:timers/promises';
import {describeMachine, median} from './machine.mjs';
import {firstLine, flood, hardFdLimit, probe, probeUntil, spawnWithFdLimit} from './slow-flood.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {values: args} = parseArgs({options: {slow: {type: 'string', default: '20000'}, probes: {type: 'string', default: '300'}}});
const slow = Number(args.slow);
const perProcess = Math.min(10_000, hardFdLimit() - 100);

const server = spawnWithFdLimit(20_000, ['--import', 'tsx', path.join(root, 'test/metrics/fixtures/metrics-server.ts')], {cwd: root});
process.on('exit', () => server.kill('SIGKILL'));
const url = await firstLine(server);
const peakRssMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const row = (label, results) => {
  const ms = results.filter(result => result.status === 200).map(result => result.ms);
  const failed = results.filter(result => result.status !== 200);
  const kinds = [...new Set(failed.map(result => result.error ?? result.status))].join(', ');
  console.log(
    `${label.padEnd(34)} probes ${String(results.length).padStart(4)}  median ${median(ms).toFixed(2).padStart(7)} ms  p99 ${percentile(ms, 0.99).toFixed(2).padStart(7)} ms  max ${Math.max(...ms).toFixed(1).padStart(7)} ms  failed ${failed.length}${kinds ? ` (${kinds})` : ''}`,
  );
};

// Warm-up, then the quiet figures.
for (let i = 0; i < 20; i++) await probe(url, 5000);
const quiet = [];
for (let i = 0; i < Number(args.probes); i++) quiet.push(await probe(url, 5000));
const rssQuiet = peakRssMb();

const started = performance.now();
const attack = flood(url, slow, perProcess);
const opened = attack.done.then(counts => ({counts, seconds: (performance.now() - started) / 1000}));
const during = await probeUntil(url, opened, {everyMs: 10});
const {counts, seconds} = await opened;
// After the flood: the last connections wait out node's header timeout (5 s).
const after = await probeUntil(url, sleep(6000), {everyMs: 10});
attack.stop();

console.log(describeMachine());
console.log(`node ${process.version}; server fd limit 20000; ${Math.ceil(slow / perProcess)} client processes`);
console.log(`${counts.connected} slow connections made in ${seconds.toFixed(1)} s (${counts.closed} closed by the server so far, ${counts.failed} never connected)`);
row('/healthz, no slow clients', quiet);
row(`/healthz, while ${slow} connect`, during);
row('/healthz, the 6 s after', after);
console.log(`server peak RSS: ${rssQuiet.toFixed(1)} MB quiet, ${peakRssMb().toFixed(1)} MB after the flood`);
process.exit(0);
