#!/usr/bin/env node
// `npm run bench:cli` (after `npm run build`): the built CLI against the floor, side by side
// in one run, on this machine's Node and on Node 22 (the node@22 npm package; set
// VIGIL_BENCH_NODE22 to its binary, default /tmp/node22/node_modules/.bin/node).
// - Start-up and one request: `reports list --json`, piped TSV, `reports search`,
//   `healthchecks run` against the real sandbox (`vigil sandbox`, so sandbox-sized bodies),
//   each against a bare `fetch` script and a bare `node:http` script sending the same request
//   and printing the body; `--help` and `reports create --dry-run` against `node -e 0`.
//   Runs are interleaved (every variant once per round) and medians compared.
// - `reports list --all --json` over 1k, 20k and 100k reports shaped like the sandbox's:
//   peak RSS (the OS's maxrss of the process, no heap flags) and throughput against a bare
//   fetch loop that follows the same cursors and writes the same NDJSON.
// Options: --runs N (default 15), --all-runs N (default 3), --quick (skip 100k), --check (exit 1
// on a missed target).
import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync} from 'node:fs';
import {createServer} from 'node:http';
import os, {tmpdir} from 'node:os';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist/cli.js');
const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 15;
const check = args.includes('--check');
const sizes = args.includes('--quick') ? [1_000, 20_000] : [1_000, 20_000, 100_000];
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first');
  process.exit(1);
}
const node22 = process.env.VIGIL_BENCH_NODE22 ?? '/tmp/node22/node_modules/.bin/node';
const nodes = [process.execPath, ...(existsSync(node22) ? [node22] : [])];
let missed = 0;

// --- the sandbox, and a stub serving sandbox-shaped reports for --all -----------------------
const KEY = 'bench-all-orgs-key-0001';
const sandbox = spawn(process.execPath, [cli, 'sandbox', '--port', '0', '--quiet', '--seed', 'bench', '--api-key', KEY, '--scoped-key', 'bench-scoped-key-0001'], {stdio: ['ignore', 'pipe', 'inherit']});
const baseUrl = await new Promise((resolve, reject) => {
  let out = '';
  sandbox.stdout.on('data', chunk => {
    out += chunk;
    const match = /export VIGIL_BASE_URL=(\S+)/.exec(out);
    if (match) resolve(match[1]);
  });
  sandbox.on('exit', code => reject(new Error(`sandbox exited ${code}`)));
});
const templates = (await (await fetch(`${baseUrl}/organization/reports?slug=acme&limit=20`, {headers: {'X-API-KEY': KEY}})).json()).reports;

let total = 0;
const stub = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://stub');
  const offset = Number(url.searchParams.get('cursor') ?? 0);
  const count = Math.max(0, Math.min(20, total - offset));
  const reports = Array.from({length: count}, (_, k) => ({...templates[(offset + k) % templates.length], id: offset + k + 1}));
  res.writeHead(200, {'content-type': 'application/json'});
  res.end(JSON.stringify({reports, nextCursor: offset + 20 < total ? String(offset + 20) : null, totalCount: total}));
});
await new Promise(resolve => stub.listen(0, '127.0.0.1', resolve));
const stubUrl = `http://127.0.0.1:${stub.address().port}/api/v2`;

const baseEnv = {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-bench-')), VIGIL_API_KEY: KEY, VIGIL_ORG: 'acme'};

// --- the floors: the same request, without the CLI ---------------------------------------------
const viaFetch = (method, route, body) => `const r = await fetch(process.env.VIGIL_BASE_URL + ${JSON.stringify(route)}, {method: '${method}', headers: {'X-API-KEY': process.env.VIGIL_API_KEY, 'content-type': 'application/json'}${body ? `, body: ${JSON.stringify(JSON.stringify(body))}` : ''}});
if (!r.ok) process.exit(1);
process.stdout.write(JSON.stringify(await r.json()) + '\\n');`;
const viaHttp = (method, route, body) => `import {request} from 'node:http';
const req = request(process.env.VIGIL_BASE_URL + ${JSON.stringify(route)}, {method: '${method}', headers: {'X-API-KEY': process.env.VIGIL_API_KEY, 'content-type': 'application/json'}}, res => {
  let text = ''; res.setEncoding('utf8'); res.on('data', c => (text += c));
  res.on('end', () => { if (res.statusCode !== 200) process.exit(1); process.stdout.write(JSON.stringify(JSON.parse(text)) + '\\n'); });
});
req.end(${body ? JSON.stringify(JSON.stringify(body)) : ''});`;
const floors = (method, route, body) => ({'bare fetch': ['--input-type=module', '-e', viaFetch(method, route, body)], 'bare node:http': ['--input-type=module', '-e', viaHttp(method, route, body)]});

const cases = [
  {name: 'reports list --json', vigil: ['reports', 'list', '--json'], floors: floors('GET', '/organization/reports?slug=acme'), targets: {'bare fetch': [1.3, 2.0]}},
  {name: 'reports list (piped TSV)', vigil: ['reports', 'list'], floors: floors('GET', '/organization/reports?slug=acme')},
  {name: 'reports search a.example --json', vigil: ['reports', 'search', 'a.example', '--json'], floors: floors('POST', '/reports/search', {slug: 'acme', assetContents: ['a.example']})},
  {name: 'healthchecks run --json', vigil: ['healthchecks', 'run', 'takedowns.cancelled-count', '--json'], floors: floors('POST', '/healthchecks/takedowns/cancelled-count', {slug: 'acme'})},
  {name: '--help', vigil: ['--help'], floors: {'node -e 0': ['-e', '0']}, targets: {'node -e 0': [3, 3]}},
  {name: 'reports create --dry-run', vigil: ['reports', 'create', '--dry-run', '--title', 'Fake login', '--description', 'kit', '--asset', 'evil.example'], floors: {'node -e 0': ['-e', '0']}, targets: {'node -e 0': [3, 3]}},
];

function run(node, argv, env) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(node, argv, {env, stdio: ['ignore', 'pipe', 'pipe']});
    let err = '';
    child.stdout.resume();
    child.stderr.on('data', chunk => (err += chunk));
    child.on('error', reject);
    child.on('close', code => (code === 0 ? resolve(performance.now() - start) : reject(new Error(`${argv.slice(0, 4).join(' ')} exited ${code}: ${err}`))));
  });
}

const median = values => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = value => `${value.toFixed(0).padStart(5)} ms`;

console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown cpu'} x${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, load ${os.loadavg().map(n => n.toFixed(1)).join(' ')}`);
try {
  for (const [index, node] of nodes.entries()) {
    const version = await new Promise(resolve => {
      const child = spawn(node, ['--version']);
      let out = '';
      child.stdout.on('data', chunk => (out += chunk));
      child.on('close', () => resolve(out.trim()));
    });
    console.log(`\nnode ${version}: medians of ${runs} interleaved runs`);
    const env = {...baseEnv, VIGIL_BASE_URL: baseUrl};
    for (const bench of cases) {
      const variants = {vigil: [cli, ...bench.vigil], ...bench.floors};
      const times = Object.fromEntries(Object.keys(variants).map(name => [name, []]));
      for (const [name, argv] of Object.entries(variants)) await run(node, argv, env); // warm the disk cache (and Node 22's compile cache)
      for (let i = 0; i < runs; i++) {
        for (const [name, argv] of Object.entries(variants)) times[name].push(await run(node, argv, env));
      }
      const vigil = median(times.vigil);
      const ratios = Object.keys(bench.floors).map(name => {
        const ratio = vigil / median(times[name]);
        const target = bench.targets?.[name]?.[index === 0 ? 0 : 1];
        if (target !== undefined && ratio > target) missed++;
        return `${name} ${ms(median(times[name]))} -> ${ratio.toFixed(2)}x${target === undefined ? '' : ` (target <= ${target}: ${ratio <= target ? 'met' : 'MISSED'})`}`;
      });
      console.log(`  ${bench.name.padEnd(32)} vigil ${ms(vigil)}  vs  ${ratios.join('; ')}`);
    }
  }

  // --- --all: peak RSS and throughput -----------------------------------------------------------
  const maxRss = "process.on('exit',()=>process.stderr.write('maxrss='+process.resourceUsage().maxRSS+'\\n'))";
  const hook = ['--import', `data:text/javascript,${encodeURIComponent(maxRss)}`];
  const loop = `let cursor; const out = [];
do {
  const r = await fetch(process.env.VIGIL_BASE_URL + '/organization/reports?slug=acme' + (cursor ? '&cursor=' + cursor : ''), {headers: {'X-API-KEY': process.env.VIGIL_API_KEY}});
  const page = await r.json();
  const text = page.reports.map(report => JSON.stringify(report) + '\\n').join('');
  if (!process.stdout.write(text)) await new Promise(resolve => process.stdout.once('drain', resolve));
  cursor = page.nextCursor;
} while (cursor);`;
  const streamed = argv =>
    new Promise((resolve, reject) => {
      const start = performance.now();
      const child = spawn(process.execPath, [...hook, ...argv], {env: {...baseEnv, VIGIL_BASE_URL: stubUrl}, stdio: ['ignore', 'pipe', 'pipe']});
      let lines = 0;
      let err = '';
      child.stdout.on('data', chunk => {
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      });
      child.stderr.on('data', chunk => (err += chunk));
      child.on('close', code => {
        const rss = /maxrss=(\d+)/.exec(err);
        if (code !== 0 || !rss || lines !== total) reject(new Error(`exit ${code}, ${lines} lines: ${err}`));
        else resolve({seconds: (performance.now() - start) / 1000, rssMiB: Number(rss[1]) / 1024});
      });
    });
  const allRuns = args.includes('--all-runs') ? Number(args[args.indexOf('--all-runs') + 1]) : 3;
  console.log(`\nreports list --all --json on node ${process.version} (pages of 20 sandbox-shaped reports, no heap flags; medians of ${allRuns} interleaved runs)`);
  const first = {};
  for (const reports of sizes) {
    total = reports;
    const samples = {vigil: [], bare: []};
    for (let i = 0; i < allRuns; i++) {
      samples.vigil.push(await streamed([cli, 'reports', 'list', '--all', '--json']));
      samples.bare.push(await streamed(['--input-type=module', '-e', loop]));
    }
    const vigil = {seconds: median(samples.vigil.map(s => s.seconds)), rssMiB: median(samples.vigil.map(s => s.rssMiB))};
    const bare = {seconds: median(samples.bare.map(s => s.seconds)), rssMiB: median(samples.bare.map(s => s.rssMiB))};
    first.vigil ??= vigil.rssMiB;
    first.bare ??= bare.rssMiB;
    const throughput = bare.seconds / vigil.seconds;
    console.log(
      `  ${String(reports).padStart(6)} reports: vigil ${vigil.seconds.toFixed(1)} s, peak RSS ${vigil.rssMiB.toFixed(0)} MiB (${(vigil.rssMiB / first.vigil).toFixed(2)}x of 1k)` +
        ` | bare loop ${bare.seconds.toFixed(1)} s, ${bare.rssMiB.toFixed(0)} MiB (${(bare.rssMiB / first.bare).toFixed(2)}x) | throughput ${throughput.toFixed(2)} of the loop`,
    );
    if (vigil.rssMiB / first.vigil > 1.2 || throughput < 0.8) missed++;
  }
  console.log(`\ntargets: --all peak RSS <= 1.2x from 1k up, throughput >= 0.8 of the loop; ${missed === 0 ? 'all met' : `${missed} MISSED`}`);
  if (check && missed > 0) process.exitCode = 1;
} finally {
  stub.close();
  sandbox.kill('SIGTERM');
}
