// What every benchmark reports beside its figures: the machine, the load on it, the Node
// binaries it ran on, and medians.
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import os from 'node:os';

/** One line naming the CPU, cores, memory, the time and the load average now. */
export function describeMachine() {
  const cpus = os.cpus();
  return `machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; ${new Date().toISOString().slice(0, 16)} UTC; ${loadLine()}`;
}

export const loadLine = () => `load average ${os.loadavg().map(n => n.toFixed(2)).join(' ')}`;

/**
 * The Node binaries to measure on: VIGIL_BENCH_NODES, paths separated by ':' or ',' (e.g. the
 * machine's node and /work/nodes/n26/node_modules/.bin/node), or this Node alone. Each comes
 * with its version.
 */
export function benchNodes() {
  const listed = (process.env.VIGIL_BENCH_NODES ?? '').split(/[,:]/).filter(Boolean);
  const binaries = listed.length > 0 ? listed : [process.execPath];
  return binaries.map(binary => {
    if (!existsSync(binary)) throw new Error(`VIGIL_BENCH_NODES: ${binary} does not exist`);
    return {binary, version: execFileSync(binary, ['--version'], {encoding: 'utf8'}).trim()};
  });
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** CPU seconds a process used so far (user + system, from /proc): load-independent cost. */
export function cpuSecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
