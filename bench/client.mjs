#!/usr/bin/env node
// `npm run bench:client` (after `npm run build`, which runs the sandbox the bodies come from):
// client CPU per request, vigil's API client (src/api/client.ts through tsx, its got
// configuration, body cap, zod parse and error mapping) against a bare got() call, with bare
// node:http beside them as information. Each variant runs in a fresh process
// (bench/client-run.mjs, all under the same `--import tsx`), sends warm-up requests and then
// N requests one after the other over one keep-alive connection to a node:http stub in
// another process that answers with sandbox bodies (a healthcheck result, 0.4 KB; a page of
// 20 reports). Rounds interleave the variants; medians of CPU microseconds per request.
// Options: --rounds N (default 5), --requests N (default 2000), --warm-up N (default 300),
// --check (exit 1 when vigil is over 1.1x bare got). Nodes: VIGIL_BENCH_NODES, as bench:cli.
import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {benchNodes, describeMachine, loadLine, median} from './machine.mjs';
import {freePort, launch} from './processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist/cli.js');
const {values: args} = parseArgs({
  options: {
    rounds: {type: 'string', default: '5'},
    requests: {type: 'string', default: '2000'},
    'warm-up': {type: 'string', default: '300'},
    check: {type: 'boolean', default: false},
  },
});
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first');
  process.exit(1);
}
const KEY = 'bench-client-key-0001';
// Issue 34: vigil's own overheads over got (zod, the cap, signals) within 10%.
const TARGET = 1.1;

/** Reads one line of a child's stdout that matches. */
const lineOf = (child, pattern) =>
  new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', chunk => {
      out += chunk;
      const match = pattern.exec(out);
      if (match) resolve(match);
    });
    child.on('exit', code => reject(new Error(`exited ${code}: ${out}`)));
  });

// Sandbox bodies, fetched once; then a stub that only answers with them.
const sandbox = launch(process.execPath, [cli, 'sandbox', '--port', '0', '--quiet', '--seed', 'bench', '--api-key', KEY], {stdio: ['ignore', 'pipe', 'inherit']});
const [, sandboxUrl] = await lineOf(sandbox, /export VIGIL_BASE_URL=(\S+)/);
const get = async (route, body) => (await fetch(sandboxUrl + route, {method: body ? 'POST' : 'GET', headers: {'X-API-KEY': KEY, 'content-type': 'application/json'}, body})).text();
const bodies = {
  list: await get('/organization/reports?slug=acme'),
  healthcheck: await get('/healthchecks/takedowns/cancelled-count', JSON.stringify({slug: 'acme'})),
};
sandbox.kill('SIGTERM');
const bodiesFile = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-bench-client-')), 'bodies.json');
writeFileSync(bodiesFile, JSON.stringify(bodies));
const stubPort = await freePort();
const stub = launch(process.execPath, ['-e', `
const bodies = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(bodiesFile)}, 'utf8'));
require('node:http').createServer({keepAliveTimeout: 60000}, (req, res) => {
  req.resume().on('end', () => res.writeHead(200, {'content-type': 'application/json'}).end(req.url.includes('/healthchecks/') ? bodies.healthcheck : bodies.list));
}).listen(${stubPort}, '127.0.0.1', () => process.stdout.write('ready\\n'));`], {stdio: ['ignore', 'pipe', 'inherit']});
await lineOf(stub, /ready/);
const env = {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_BASE_URL: `http://127.0.0.1:${stubPort}/api/v2`, VIGIL_API_KEY: KEY};

function measure(node, variant, endpoint) {
  return new Promise((resolve, reject) => {
    // BENCH_CLIENT_PROFILE_DIR: a CPU profile of every run, in <dir>/<variant>-<endpoint>/.
    const profiles = process.env.BENCH_CLIENT_PROFILE_DIR;
    const extra = profiles ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profiles, `${variant.replace(/\W+/g, '-')}-${endpoint}`)}`] : [];
    const child = spawn(node, [...extra, '--import', 'tsx', path.join(root, 'bench/client-run.mjs'), variant, endpoint, args['warm-up'], args.requests], {cwd: root, env, stdio: ['ignore', 'pipe', 'pipe']});
    let out = '';
    let err = '';
    child.stdout.on('data', chunk => (out += chunk));
    child.stderr.on('data', chunk => (err += chunk));
    child.on('close', code => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${variant} ${endpoint} exited ${code}: ${err}`))));
  });
}

const variants = ['vigil', 'bare got', 'bare node:http'];
const endpoints = {healthcheck: `POST healthcheck (${bodies.healthcheck.length} B)`, list: `GET reports page (${(bodies.list.length / 1024).toFixed(1)} KB)`};
const misses = [];
console.log(describeMachine());
console.log(`client CPU per request: ${args.requests} sequential requests after ${args['warm-up']} warm-up, keep-alive, medians of ${args.rounds} interleaved rounds (a fresh process each)`);
try {
  for (const node of benchNodes()) {
    console.log(`\nnode ${node.version}  (${loadLine()})`);
    for (const [endpoint, label] of Object.entries(endpoints)) {
      const samples = Object.fromEntries(variants.map(v => [v, []]));
      for (let round = 0; round < Number(args.rounds); round++) {
        for (const variant of variants) samples[variant].push(await measure(node.binary, variant, endpoint));
      }
      const cpu = Object.fromEntries(variants.map(v => [v, median(samples[v].map(s => s.cpuUs))]));
      const wall = Object.fromEntries(variants.map(v => [v, median(samples[v].map(s => s.wallUs))]));
      const ratio = cpu.vigil / cpu['bare got'];
      if (ratio > TARGET) misses.push(`${label} on ${node.version}: ${ratio.toFixed(2)}x`);
      const cells = variants.map(v => `${v} ${cpu[v].toFixed(0)} µs CPU (${wall[v].toFixed(0)} µs wall)`);
      console.log(`  ${label.padEnd(30)} ${cells.join(' | ')}  -> vigil ${ratio.toFixed(2)}x bare got (<= ${TARGET}: ${ratio <= TARGET ? 'met' : 'MISSED'}), ${(cpu.vigil / cpu['bare node:http']).toFixed(2)}x node:http`);
    }
  }
  console.log(`\n${misses.length === 0 ? 'target met' : `MISSED: ${misses.join('; ')}`}; ${loadLine()} at end`);
  if (args.check && misses.length > 0) process.exitCode = 1;
} finally {
  stub.kill('SIGTERM');
}
