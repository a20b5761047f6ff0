#!/usr/bin/env node
// `npm run bench:asset-check` (after `npm run build`): `vigil asset check -` of N assets
// (default 1,000) from stdin against a stub answering POST /asset/check after a fixed
// latency (default 20 ms) with no rate limit, beside the floor in the same run: a bare got
// loop at concurrency 10 (floors/got-check-loop.mjs) on the same assets and stub. Each
// variant runs in a fresh process under /usr/bin/time, which reports its peak RSS (maximum
// resident set, from the kernel). Throughput is the stub's: assets answered per second
// between the first request's arrival and the last answer, so start-up (the CLI's, the
// loop's) is left out and shown apart as wall time. Rounds interleave the variants;
// medians, with each process's CPU per asset (user + system, /usr/bin/time) to read a loaded
// machine by. Options: --rounds N (default 5), --assets N, --latency-ms N, --check (exit 1
// when vigil's throughput is under 0.95 of the loop's). Nodes: VIGIL_BENCH_NODES, as bench:cli.
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {benchNodes, describeMachine, loadLine, median} from './machine.mjs';
import {freePort, launch} from './processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist/cli.js');
const loop = path.join(root, 'bench/floors/got-check-loop.mjs');
const {values: args} = parseArgs({
  options: {
    rounds: {type: 'string', default: '5'},
    assets: {type: 'string', default: '1000'},
    'latency-ms': {type: 'string', default: '20'},
    check: {type: 'boolean', default: false},
  },
});
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first');
  process.exit(1);
}
if (!existsSync('/usr/bin/time')) {
  console.error('/usr/bin/time is missing (Debian: apt-get install time): it reports each run\'s peak RSS');
  process.exit(1);
}
const KEY = 'bench-asset-check-key-0001';
const CONCURRENCY = 10;
// Issue 42: at least 0.95 of the bare loop's throughput.
const TARGET = 0.95;
const assets = Array.from({length: Number(args.assets)}, (_, i) => `bench-${String(i).padStart(5, '0')}.example`).join('\n') + '\n';

// The stub: every answer after the fixed latency; /stats says when the first request came
// and the last answer left, and resets.
const stubPort = await freePort();
const stub = launch(process.execPath, ['-e', `
const answer = JSON.stringify({status: 'UNKNOWN', source: 'chainpatrol', reason: 'not-found', sources: [{source: 'chainpatrol', status: 'UNKNOWN'}]});
let count = 0, first = 0, last = 0;
require('node:http').createServer({keepAliveTimeout: 60000}, (req, res) => {
  if (req.url === '/stats') {
    res.end(JSON.stringify({count, first, last}));
    count = 0; first = 0; last = 0;
    return;
  }
  if (first === 0) first = performance.now();
  req.resume().on('end', () => setTimeout(() => {
    res.writeHead(200, {'content-type': 'application/json'}).end(answer);
    count++;
    last = performance.now();
  }, ${Number(args['latency-ms'])}));
}).listen(${stubPort}, '127.0.0.1', () => process.stdout.write('ready\\n'));`], {stdio: ['ignore', 'pipe', 'inherit']});
await new Promise(resolve => stub.stdout.once('data', resolve));
const stubUrl = `http://127.0.0.1:${stubPort}`;
const env = {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_BASE_URL: `${stubUrl}/api/v2`, VIGIL_API_KEY: KEY, VIGIL_CONFIG_DIR: '/nonexistent/vigil-bench'};

/** One run under /usr/bin/time: wall ms, the stub's throughput, peak RSS (MiB). */
function run(node, variant) {
  const argv = variant === 'vigil' ? [node, cli, 'asset', 'check', '-', '--output', 'tsv'] : [node, loop, `${stubUrl}/api/v2/asset/check`, String(CONCURRENCY)];
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn('/usr/bin/time', ['-f', 'peak-rss-kib %M cpu-s %U %S', ...argv], {cwd: root, env, stdio: ['pipe', 'pipe', 'pipe']});
    let lines = 0;
    let err = '';
    child.stdout.on('data', chunk => (lines += chunk.toString().split('\n').length - 1));
    child.stderr.on('data', chunk => (err += chunk));
    child.stdin.end(assets);
    child.on('exit', async code => {
      const wallMs = performance.now() - t0;
      const stats = JSON.parse(await (await fetch(`${stubUrl}/stats`)).text());
      const rss = /peak-rss-kib (\d+) cpu-s ([\d.]+) ([\d.]+)/.exec(err);
      if (code !== 0 || !rss || stats.count !== Number(args.assets)) return reject(new Error(`${variant} exited ${code} after ${stats.count} answers: ${err.trim()}`));
      if (variant === 'vigil' && lines !== Number(args.assets)) return reject(new Error(`vigil printed ${lines} rows for ${args.assets} assets`));
      const cpuMs = (Number(rss[2]) + Number(rss[3])) * 1000;
      resolve({wallMs, perSecond: stats.count / ((stats.last - stats.first) / 1000), rssMiB: Number(rss[1]) / 1024, cpuMsPerAsset: cpuMs / stats.count});
    });
  });
}

console.log(describeMachine());
console.log(`asset check of ${args.assets} assets from stdin, stub latency ${args['latency-ms']} ms, no rate limit; ${args.rounds} rounds interleaved; floor: bare got, ${CONCURRENCY} in flight`);
let failed = false;
for (const {binary, version} of benchNodes()) {
  const results = {vigil: [], got: []};
  // One unmeasured run of each: the page cache, the stub's JIT.
  await run(binary, 'got');
  await run(binary, 'vigil');
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const variant of round % 2 ? ['vigil', 'got'] : ['got', 'vigil']) results[variant].push(await run(binary, variant));
  }
  const med = (variant, key) => median(results[variant].map(r => r[key]));
  const ratio = med('vigil', 'perSecond') / med('got', 'perSecond');
  console.log(`\nnode ${version} (${binary})`);
  console.log('variant      assets/s (median, range)        wall ms (median)   peak RSS MiB (median, range)   CPU ms/asset (median; start-up included)');
  for (const variant of ['vigil', 'got']) {
    const range = key => `${Math.min(...results[variant].map(r => r[key])).toFixed(key === 'rssMiB' ? 1 : 0)}-${Math.max(...results[variant].map(r => r[key])).toFixed(key === 'rssMiB' ? 1 : 0)}`;
    console.log(`${(variant === 'vigil' ? 'vigil asset check' : 'bare got loop').padEnd(18)} ${med(variant, 'perSecond').toFixed(0).padStart(6)} (${range('perSecond')})`.padEnd(48) + `${med(variant, 'wallMs').toFixed(0).padStart(8)}           ${med(variant, 'rssMiB').toFixed(1).padStart(6)} (${range('rssMiB')})`.padEnd(50) + med(variant, 'cpuMsPerAsset').toFixed(2).padStart(6));
  }
  const ceiling = (CONCURRENCY * 1000) / Number(args['latency-ms']);
  console.log(`throughput ratio vigil/got: ${ratio.toFixed(3)} (target >= ${TARGET}); the latency's ceiling at ${CONCURRENCY} in flight: ${ceiling.toFixed(0)}/s`);
  if (ratio < TARGET) failed = true;
}
console.log(`\n${loadLine()} at the end`);
if (args.check && failed) process.exit(1);
