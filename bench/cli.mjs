#!/usr/bin/env node
// `npm run bench:cli`: start-up cost of the CLI. Serves GET /organization/reports from a
// loopback stub, then times (wall clock, median of N runs, interleaved so both see the same
// machine load) `node dist/cli.js reports list --json` against a bare `node -e` script
// doing the same request with fetch. Target: ratio <= 2.5. Run `npm run build` first.
// Then `--all --json` over 1,000 and 20,000 reports with the heap capped at 64 MB: peak RSS
// should not grow with the number of reports (rows are streamed, never collected).
// Options: --runs N (default 21), --check (exit 1 when the target is missed).
import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync} from 'node:fs';
import {createServer} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {fileURLToPath} from 'node:url';

const TARGET = 2.5;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist/cli.js');
const args = process.argv.slice(2);
const runsFlag = args.indexOf('--runs');
const runs = runsFlag === -1 ? 21 : Number(args[runsFlag + 1]);
const check = args.includes('--check');

if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first');
  process.exit(1);
}

/** Pages of 20 out of `total` reports; the cursor is the next offset. */
let total = 134;
function page(offset) {
  const count = Math.max(0, Math.min(20, total - offset));
  return JSON.stringify({
    reports: Array.from({length: count}, (_, k) => ({
      id: offset + k + 1,
      title: `Report ${offset + k + 1}`,
      status: 'TODO',
      createdAt: '2026-09-03T23:21:46.450Z',
      proposals: [{id: (offset + k) * 10, asset: {id: (offset + k) * 100, content: `a${offset + k}.example`}}],
    })),
    nextCursor: offset + 20 < total ? String(offset + 20) : null,
    totalCount: total,
  });
}
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://stub');
  const ok = url.pathname === '/api/v2/organization/reports' && req.headers['x-api-key'] === 'bench-key-000';
  res.writeHead(ok ? 200 : 404, {'content-type': 'application/json'});
  res.end(ok ? page(Number(url.searchParams.get('cursor') ?? 0)) : '{"message":"not found","code":"NOT_FOUND"}');
});
await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}/api/v2`;

const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-bench-')),
  VIGIL_BASE_URL: baseUrl,
  VIGIL_API_KEY: 'bench-key-000',
  VIGIL_ORG: 'acme',
};
// What the CLI does, minus the CLI: one GET with the key, the JSON parsed and printed.
const bare = `const r = await fetch(process.env.VIGIL_BASE_URL + '/organization/reports?slug=' + process.env.VIGIL_ORG, {headers: {'X-API-KEY': process.env.VIGIL_API_KEY}});
if (!r.ok) process.exit(1);
process.stdout.write(JSON.stringify(await r.json()) + '\\n');`;

const commands = {
  vigil: [cli, 'reports', 'list', '--json'],
  fetch: ['--input-type=module', '-e', bare],
};

function timeOnce(argv) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, argv, {env, stdio: ['ignore', 'pipe', 'pipe']});
    let out = '';
    let err = '';
    child.stdout.on('data', chunk => (out += chunk));
    child.stderr.on('data', chunk => (err += chunk));
    child.on('error', reject);
    child.on('close', code => {
      const ms = performance.now() - start;
      if (code !== 0 || JSON.parse(out).totalCount !== 134) reject(new Error(`${argv.join(' ')} failed (exit ${code}): ${err}`));
      else resolve(ms);
    });
  });
}

/** `reports list --all --json` to the end, counting lines; the child reports its peak RSS. */
function streamAll() {
  // At exit: peak RSS, and the heap still live after a full GC (what streaming must keep flat).
  const reportRss = "process.on('exit',()=>{globalThis.gc();process.stderr.write('maxrss='+process.resourceUsage().maxRSS+' live='+process.memoryUsage().heapUsed+'\\n')})";
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, ['--max-old-space-size=64', '--expose-gc', '--import', `data:text/javascript,${encodeURIComponent(reportRss)}`, cli, 'reports', 'list', '--all', '--json'], {env, stdio: ['ignore', 'pipe', 'pipe']});
    let lines = 0;
    let err = '';
    child.stdout.on('data', chunk => (lines += chunk.toString().split('\n').length - 1));
    child.stderr.on('data', chunk => (err += chunk));
    child.on('error', reject);
    child.on('close', code => {
      const rss = /maxrss=(\d+) live=(\d+)/.exec(err);
      if (code !== 0 || !rss) reject(new Error(`--all failed (exit ${code}): ${err}`));
      else resolve({ms: performance.now() - start, maxRssKb: Number(rss[1]), liveBytes: Number(rss[2]), lines});
    });
  });
}

const median = values => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

try {
  // One warm-up each: the first run pays for the disk cache, not for start-up.
  await timeOnce(commands.vigil);
  await timeOnce(commands.fetch);
  const times = {vigil: [], fetch: []};
  for (let i = 0; i < runs; i++) {
    times.vigil.push(await timeOnce(commands.vigil));
    times.fetch.push(await timeOnce(commands.fetch));
  }
  const vigil = median(times.vigil);
  const fetchMs = median(times.fetch);
  const ratio = vigil / fetchMs;
  console.log(`runs: ${runs} each (interleaved), node ${process.version}`);
  console.log(`vigil reports list --json   median ${vigil.toFixed(0)} ms  (min ${Math.min(...times.vigil).toFixed(0)}, max ${Math.max(...times.vigil).toFixed(0)})`);
  console.log(`node -e fetch (same request) median ${fetchMs.toFixed(0)} ms  (min ${Math.min(...times.fetch).toFixed(0)}, max ${Math.max(...times.fetch).toFixed(0)})`);
  console.log(`ratio ${ratio.toFixed(2)} (target <= ${TARGET}): ${ratio <= TARGET ? 'met' : 'MISSED'}`);
  if (check && ratio > TARGET) process.exitCode = 1;

  for (const reports of [1_000, 20_000]) {
    total = reports;
    const {ms, maxRssKb, liveBytes, lines} = await streamAll();
    console.log(
      `--all --json, ${reports} reports (heap capped at 64 MB): ${lines} lines in ${(ms / 1000).toFixed(1)} s, ` +
        `peak RSS ${(maxRssKb / 1024).toFixed(0)} MB, live heap at exit ${(liveBytes / 1048576).toFixed(1)} MB`,
    );
  }
} finally {
  server.close();
}
