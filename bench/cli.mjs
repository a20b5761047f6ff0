#!/usr/bin/env node
// `npm run bench:cli` (after `npm run build`): the built CLI against the floor of its stack,
// side by side in one run, on each Node of VIGIL_BENCH_NODES (paths separated by ':' or ',';
// default: this Node), e.g.
//   VIGIL_BENCH_NODES=$(command -v node):/work/nodes/n26/node_modules/.bin/node npm run bench:cli
// - One request: `reports list --json` (and piped TSV, `reports search`, `healthchecks run`)
//   against the real sandbox (`vigil sandbox`, so sandbox-sized bodies), each against a bare
//   got script sending the same request and printing the JSON (bench/floors/got.mjs, the
//   floor), with bare node:http and fetch scripts beside it as information.
// - `--help` and `reports create --dry-run --json` against `node -e 0`; the dry run is also
//   checked to load neither got nor any HTTP module (the bundle's files mapped to their
//   sources through dist/build-meta.json, as test/cli/startup.test.ts does).
// - `reports list --all --json` over 100k sandbox-shaped reports: peak RSS as the OS counts it
//   (/usr/bin/time's maxrss, no heap flags), throughput and CPU seconds (user + system),
//   against a bare got loop following the same cursors and writing the same NDJSON
//   (bench/floors/got-all.mjs), a fetch loop beside it.
// Every variant runs once per round, rounds interleaved, medians compared.
// BENCH_CLI_PROFILE_DIR=/tmp/prof: a CPU profile (node --cpu-prof) of every vigil run.
// Options: --runs N (default 15), --all-runs N (default 3), --all-sizes 1000,100000 (default
// 100000), --all-every-node (the --all rows on every Node, not only the first: about 80 s
// more per Node), --only start|all (only those rows), --check (exit 1 on a missed target), --markdown
// (the tables of docs/performance.md).
import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync} from 'node:fs';
import {createServer} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {benchNodes, describeMachine, loadLine, median} from './machine.mjs';
import {launch} from './processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist/cli.js');
const floor = name => path.join(root, 'bench/floors', name);
const {values: args} = parseArgs({
  options: {
    runs: {type: 'string', default: '15'},
    'all-runs': {type: 'string', default: '3'},
    'all-sizes': {type: 'string', default: '100000'},
    check: {type: 'boolean', default: false},
    markdown: {type: 'boolean', default: false},
    /** Only the one-request and start-up rows ("start") or only the --all rows ("all"). */
    only: {type: 'string'},
    /** The --all rows on every Node of the list, not only the first (about 80 s more per Node at 100k). */
    'all-every-node': {type: 'boolean', default: false},
  },
});
const runs = Number(args.runs);
const allRuns = Number(args['all-runs']);
const sizes = args['all-sizes'].split(',').map(Number);
for (const file of [cli, '/usr/bin/time']) {
  if (!existsSync(file)) {
    console.error(`${file} is missing${file === cli ? ': run `npm run build` first' : ' (the --all rows read peak RSS from it)'}`);
    process.exit(1);
  }
}
const nodes = benchNodes();
/** `--all` at 100k: throughput against the got loop's (issue 34). */
const ALL_THROUGHPUT = 0.95;
const misses = [];

// --- the sandbox, and a stub serving sandbox-shaped reports for --all -----------------------
const KEY = 'bench-all-orgs-key-0001';
const sandbox = launch(process.execPath, [cli, 'sandbox', '--port', '0', '--quiet', '--seed', 'bench', '--api-key', KEY, '--scoped-key', 'bench-scoped-key-0001'], {stdio: ['ignore', 'pipe', 'inherit']});
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

// --- the cases ------------------------------------------------------------------------------
const request = (method, route, body) => {
  const argv = [method, route, ...(body ? [JSON.stringify(body)] : [])];
  return {'bare got': [floor('got.mjs'), ...argv], 'bare node:http': [floor('http.mjs'), ...argv], 'bare fetch': [floor('fetch.mjs'), ...argv]};
};
const idle = {'node -e 0': ['-e', '0']};
const cases = [
  {name: 'reports list --json', vigil: ['reports', 'list', '--json'], floors: request('GET', '/organization/reports?slug=acme'), target: ['bare got', 1.3]},
  {name: 'reports list (piped TSV)', vigil: ['reports', 'list'], floors: request('GET', '/organization/reports?slug=acme')},
  {name: 'reports search a.example --json', vigil: ['reports', 'search', 'a.example', '--json'], floors: request('POST', '/reports/search', {slug: 'acme', assetContents: ['a.example']})},
  {name: 'healthchecks run --json', vigil: ['healthchecks', 'run', 'takedowns.cancelled-count', '--json'], floors: request('POST', '/healthchecks/takedowns/cancelled-count', {slug: 'acme'})},
  {name: '--help', vigil: ['--help'], floors: idle, target: ['node -e 0', 2]},
  {name: 'reports create --dry-run --json', vigil: ['reports', 'create', '--dry-run', '--json', '--title', 'Fake login', '--description', 'kit', '--asset', 'evil.example'], floors: idle, target: ['node -e 0', 2.5]},
];

/** Runs one process to its end; resolves with its wall time (ms) and its stderr. */
function run(command, argv, env, onStdout) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, argv, {env, stdio: ['ignore', 'pipe', 'pipe']});
    let err = '';
    if (onStdout) child.stdout.on('data', onStdout);
    else child.stdout.resume();
    child.stderr.on('data', chunk => (err += chunk));
    child.on('error', reject);
    child.on('close', code => (code === 0 ? resolve({ms: performance.now() - start, err}) : reject(new Error(`${argv.slice(0, 5).join(' ')} exited ${code}: ${err}`))));
  });
}

/** The sources the bundle's files loaded by one run hold (dist/build-meta.json), as the start-up test reads them. */
async function loadedSources(node, argv, env) {
  const log = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-bench-imports-')), 'imports.log');
  await run(node, ['--import', path.join(root, 'test/helpers/record-imports.mjs'), cli, ...argv], {...env, VIGIL_IMPORT_LOG: log});
  const meta = JSON.parse(readFileSync(path.join(root, 'dist/build-meta.json'), 'utf8'));
  return readFileSync(log, 'utf8').split('\n').filter(Boolean).flatMap(url => {
    const dist = /\/dist\/(.+)$/.exec(url)?.[1];
    return dist === undefined ? [url] : (meta[dist] ?? []);
  });
}

/** BENCH_CLI_PROFILE_DIR: a CPU profile of each vigil run, in <dir>/<node version>/<row>/. */
const profiled = (node, row) => {
  const dir = process.env.BENCH_CLI_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(dir, node.version, row.replace(/\W+/g, '-').replace(/^-|-$/g, ''))}`] : [];
};

const fmtMs = value => `${value.toFixed(0)} ms`;
const verdict = (ok, text) => `${text}: ${ok ? 'met' : 'MISSED'}`;
const table = [];

console.log(describeMachine());
console.log(`nodes: ${nodes.map(n => `${n.version} (${n.binary})`).join(', ')}; medians of ${runs} interleaved runs`);
try {
  const env = {...baseEnv, VIGIL_BASE_URL: baseUrl};
  const dry = cases.at(-1).vigil;
  const dryLoads = (await loadedSources(nodes[0].binary, dry, env)).filter(s => /node_modules\/got\/|^node:(http|https|http2|tls)$/.test(s));
  console.log(`${dry.slice(0, 3).join(' ')} loads ${dryLoads.length === 0 ? 'no got and no HTTP module' : dryLoads.join(', ')} (node ${nodes[0].version}, dist/build-meta.json)`);

  for (const node of nodes) {
    console.log(`\nnode ${node.version}  (${loadLine()})`);
    for (const bench of args.only === 'all' ? [] : cases) {
      const variants = {vigil: [...profiled(node, bench.name), cli, ...bench.vigil], ...bench.floors};
      const times = Object.fromEntries(Object.keys(variants).map(name => [name, []]));
      for (const argv of Object.values(variants)) await run(node.binary, argv, env); // warm the disk cache and Node's compile cache
      for (let i = 0; i < runs; i++) {
        for (const [name, argv] of Object.entries(variants)) times[name].push((await run(node.binary, argv, env)).ms);
      }
      const vigil = median(times.vigil);
      const cells = Object.keys(bench.floors).map(name => {
        const ratio = vigil / median(times[name]);
        const target = bench.target?.[0] === name ? bench.target[1] : undefined;
        if (target !== undefined && ratio > target) misses.push(`${bench.name} on ${node.version}: ${ratio.toFixed(2)}x ${name}`);
        return {name, ms: median(times[name]), ratio, target};
      });
      table.push({node: node.version, name: bench.name, vigil, cells});
      const text = cells.map(c => `${c.name} ${fmtMs(c.ms)} -> ${c.ratio.toFixed(2)}x${c.target === undefined ? '' : ` (${verdict(c.ratio <= c.target, `<= ${c.target}`)})`}`);
      console.log(`  ${bench.name.padEnd(32)} vigil ${fmtMs(vigil).padStart(6)}  vs  ${text.join('; ')}`);
    }
    if (args.only !== 'start' && (node === nodes[0] || args['all-every-node'])) await listAll(node);
  }
  console.log(`\ntargets: reports list --json <= 1.3x bare got, --help <= 2x and create --dry-run <= 2.5x node -e 0, --all at 100k peak RSS <= the got loop's and throughput >= ${ALL_THROUGHPUT} of it`);
  console.log(misses.length === 0 ? 'all met' : `MISSED:\n  ${misses.join('\n  ')}`);
  console.log(loadLine().replace('load', 'load at end:'));
  if (args.check && misses.length > 0) process.exitCode = 1;
  if (args.markdown) printMarkdown();
} finally {
  stub.close();
  sandbox.kill('SIGTERM');
}

// --- --all: peak RSS and throughput -------------------------------------------------------------
async function listAll(node) {
  const streamed = async argv => {
    let lines = 0;
    const {ms, err} = await run('/usr/bin/time', ['-f', 'maxrss=%M cpu=%U+%S', node.binary, ...argv], {...baseEnv, VIGIL_BASE_URL: stubUrl}, chunk => {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    });
    const used = /maxrss=(\d+) cpu=([\d.]+)\+([\d.]+)/.exec(err);
    if (!used || lines !== total) throw new Error(`${argv.join(' ')}: ${lines} lines of ${total}: ${err}`);
    return {seconds: ms / 1000, rssMiB: Number(used[1]) / 1024, cpuSeconds: Number(used[2]) + Number(used[3])};
  };
  const variants = {vigil: [...profiled(node, 'all'), cli, 'reports', 'list', '--all', '--json'], 'got loop': [floor('got-all.mjs')], 'fetch loop': [floor('fetch-all.mjs')]};
  for (const reports of sizes) {
    total = reports;
    const samples = Object.fromEntries(Object.keys(variants).map(name => [name, []]));
    for (let i = 0; i < allRuns; i++) {
      for (const [name, argv] of Object.entries(variants)) samples[name].push(await streamed(argv));
    }
    const m = Object.fromEntries(Object.entries(samples).map(([name, s]) => [name, {seconds: median(s.map(x => x.seconds)), rssMiB: median(s.map(x => x.rssMiB)), cpuSeconds: median(s.map(x => x.cpuSeconds))}]));
    const throughput = m['got loop'].seconds / m.vigil.seconds;
    const targeted = reports === 100_000;
    if (targeted && m.vigil.rssMiB > m['got loop'].rssMiB) misses.push(`--all ${reports} on ${node.version}: peak RSS ${m.vigil.rssMiB.toFixed(0)} > ${m['got loop'].rssMiB.toFixed(0)} MiB`);
    if (targeted && throughput < ALL_THROUGHPUT) misses.push(`--all ${reports} on ${node.version}: throughput ${throughput.toFixed(2)} of the got loop`);
    const cells = Object.entries(m).map(([name, v]) => `${name} ${v.seconds.toFixed(2)} s (CPU ${v.cpuSeconds.toFixed(2)} s) ${v.rssMiB.toFixed(0)} MiB`);
    const rssText = `peak RSS ${(m.vigil.rssMiB / m['got loop'].rssMiB).toFixed(2)}x the got loop's`;
    const verdicts = targeted ? ` (${verdict(m.vigil.rssMiB <= m['got loop'].rssMiB, '<= 1x')}; throughput ${verdict(throughput >= ALL_THROUGHPUT, `>= ${ALL_THROUGHPUT}`)})` : '';
    console.log(`  --all --json ${String(reports).padStart(6)} reports   ${cells.join(' | ')}  -> ${rssText}, throughput ${throughput.toFixed(2)} of it${verdicts}  (medians of ${allRuns})`);
    table.push({node: node.version, name: `--all ${reports}`, all: m, throughput});
  }
}

function printMarkdown() {
  console.log('\n| Command | Node | vigil | floor | ratio | target | information |\n|---|---|---|---|---|---|---|');
  for (const row of table.filter(r => r.cells)) {
    const [first, ...rest] = row.cells;
    const target = first.target === undefined ? '' : verdict(first.ratio <= first.target, `<= ${first.target}x`);
    const info = rest.map(c => `${c.name} ${fmtMs(c.ms)} (${c.ratio.toFixed(2)}x)`).join(', ');
    console.log(`| \`${row.name}\` | ${row.node} | ${fmtMs(row.vigil)} | ${first.name} ${fmtMs(first.ms)} | ${first.ratio.toFixed(2)}x | ${target} | ${info} |`);
  }
  console.log('\n| `--all --json` | Node | vigil | got loop | fetch loop | vigil RSS / got loop | throughput vs got loop |\n|---|---|---|---|---|---|---|');
  for (const row of table.filter(r => r.all)) {
    const cell = v => `${v.seconds.toFixed(2)} s (CPU ${v.cpuSeconds.toFixed(2)} s), ${v.rssMiB.toFixed(0)} MiB`;
    console.log(`| ${row.name.slice(6)} reports | ${row.node} | ${cell(row.all.vigil)} | ${cell(row.all['got loop'])} | ${cell(row.all['fetch loop'])} | ${(row.all.vigil.rssMiB / row.all['got loop'].rssMiB).toFixed(2)}x | ${row.throughput.toFixed(2)} |`);
  }
}
