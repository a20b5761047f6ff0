// The slow-client flood of the metrics server, shared by its test
// (test/metrics/slow-clients.test.ts) and its benchmark (bench/slow-clients.mjs):
// client processes that each open their share of half-sent requests, and a /healthz probe
// that opens a new connection each time, as the kubelet does.
import {spawn, spawnSync} from 'node:child_process';
import {get} from 'node:http';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'slow-client-process.mjs');

/** The hard limit on open files here: what a child may raise its own to. */
export const hardFdLimit = () => Number(spawnSync('sh', ['-c', 'ulimit -Hn'], {encoding: 'utf8'}).stdout.trim()) || 1024;

/**
 * Runs `node argv` with both fd limits at `fdLimit`: a server that has only so many
 * descriptors, whatever the machine's hard limit, so a flood of that size exhausts it.
 */
export function spawnWithFdLimit(fdLimit, argv, options = {}) {
  return spawn('sh', ['-c', `ulimit -n ${Number(fdLimit)} && exec "$0" "$@"`, process.execPath, ...argv], {stdio: ['ignore', 'pipe', 'pipe'], ...options});
}

/** The first line a child prints (the server's URL). */
export function firstLine(child) {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', chunk => {
      text += chunk;
      if (text.includes('\n')) resolve(text.split('\n')[0]);
    });
    child.on('exit', code => reject(new Error(`exited ${code} before printing a line`)));
  });
}

/**
 * Opens `total` half-sent connections to `url` from client processes that each hold at most
 * `perProcess` (one process has only so many descriptors). Resolves when every connection
 * has connected or failed, with the counts; `stop()` kills the clients.
 */
export function flood(url, total, perProcess) {
  const processes = Math.ceil(total / perProcess);
  const clients = [];
  const finished = [];
  for (let i = 0; i < processes; i++) {
    const share = Math.min(perProcess, total - i * perProcess);
    // 127.0.0.2, .3, ...: each client's own source address, its own ephemeral ports.
    const child = spawn(process.execPath, [CLIENT, url, String(share), `127.0.0.${i + 2}`], {stdio: ['ignore', 'pipe', 'inherit']});
    clients.push(child);
    finished.push(
      new Promise(resolve => {
        let text = '';
        child.stdout.on('data', chunk => {
          text += chunk;
          const done = /done (\d+) (\d+) (\d+)/.exec(text);
          if (done) resolve({connected: Number(done[1]), closed: Number(done[2]), failed: Number(done[3])});
        });
        child.on('exit', () => resolve({connected: 0, closed: 0, failed: share}));
      }),
    );
  }
  const done = Promise.all(finished).then(counts =>
    counts.reduce((sum, count) => ({connected: sum.connected + count.connected, closed: sum.closed + count.closed, failed: sum.failed + count.failed})),
  );
  return {done, stop: () => clients.forEach(child => child.kill('SIGKILL'))};
}

/** One /healthz over a new connection: its status and milliseconds, or the error's code. */
export function probe(url, timeoutMs) {
  const started = performance.now();
  return new Promise(resolve => {
    const req = get(`${url}/healthz`, {agent: false, timeout: timeoutMs}, res => {
      res.resume();
      res.on('end', () => resolve({status: res.statusCode, ms: performance.now() - started}));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), {code: 'TIMEOUT'})));
    req.on('error', error => resolve({error: error.code ?? error.message, ms: performance.now() - started}));
  });
}

/** Probes one after another, `everyMs` apart, until `until` settles; resolves with every result. */
export async function probeUntil(url, until, {everyMs = 100, timeoutMs = 5000} = {}) {
  let over = false;
  void until.then(() => (over = true));
  const results = [];
  while (!over) {
    results.push(await probe(url, timeoutMs));
    await new Promise(resolve => setTimeout(resolve, everyMs));
  }
  return results;
}
