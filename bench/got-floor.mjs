// The floor of bench:worker at 50 ms latency: a bare got loop (floors/got-loop.mjs) at the
// worker's concurrency against the same stub, in the same run.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {setTimeout as sleep} from 'node:timers/promises';
import {cpuSecondsOf} from './machine.mjs';
import {launch} from './processes.mjs';

const loopScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'floors/got-loop.mjs');

/**
 * Requests per second the loop gets from the stub as its latency is set now, measured as the
 * worker is (the stub's count over measureS seconds, after a warm-up), and its CPU per request.
 */
export async function gotLoopRate({stubUrl, stubGet, concurrency, measureS, key}) {
  const loop = launch(process.execPath, [loopScript, `${stubUrl}/api/v2/healthchecks/takedowns/cancelled-count`, String(concurrency)], {
    env: {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_API_KEY: key},
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise(resolve => loop.stdout.once('data', resolve));
  await sleep(2000);
  const before = Number(await stubGet('/count'));
  const cpuBefore = cpuSecondsOf(loop.pid);
  const t0 = performance.now();
  await sleep(measureS * 1000);
  const count = Number(await stubGet('/count')) - before;
  const cpuMsPerRequest = ((cpuSecondsOf(loop.pid) - cpuBefore) * 1000) / Math.max(1, count);
  const rate = count / ((performance.now() - t0) / 1000);
  const exited = new Promise(resolve => loop.once('exit', resolve));
  loop.kill('SIGTERM');
  await exited;
  return {rate, cpuMsPerRequest};
}

/**
 * The loop's CPU per request over a fixed workload: `count` answers after `warm` ones, timed
 * by the loop itself (process.cpuUsage), whatever the machine's load does to the wall time.
 */
export async function gotLoopCpu({stubUrl, concurrency, warm, count, key}) {
  // BENCH_WORKER_NODE_ARGS profiles the loop as it does the worker.
  const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const loop = launch(process.execPath, [...nodeArgs, loopScript, `${stubUrl}/api/v2/healthchecks/takedowns/cancelled-count`, String(concurrency), String(warm), String(count)], {
    env: {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_API_KEY: key},
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  loop.stdout.setEncoding('utf8').on('data', chunk => (out += chunk));
  await new Promise(resolve => loop.once('exit', resolve));
  const line = out.split('\n').find(text => text.startsWith('{'));
  if (!line) throw new Error(`the got loop printed no figure: ${out}`);
  return JSON.parse(line).cpuMsPerRequest;
}
