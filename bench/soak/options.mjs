// `npm run soak` options: parsed and checked once, every default derived from --duration and
// --pairs so that a short run keeps the shape of an hour-long one at a smaller scale.
import {parseArgs} from 'node:util';
import {durationSeconds} from '../../scripts/alerting-stack.mjs';
import {FAULT_KINDS} from './schedule.mjs';

export const USAGE = `usage: npm run soak -- [--duration 10m] [--pairs 10000] [--workers 2] [--spare 0] [--json file]
  [--every <duration>] [--concurrency N] [--latency-ms N] [--faults all|none|kind,kind]
  [--rule-speedup N] [--plant-leak listener]
fault kinds: ${FAULT_KINDS.join(', ')}`;

const PLANTS = ['listener'];

/** Throws an Error naming the flag on bad input (the caller prints it and exits 3). */
export function parseOptions(argv) {
  const {values} = parseArgs({
    args: argv,
    options: {
      /** Length of the measured run (warm-up, faults, quiet tail); the drain comes after. Default 10m. */
      duration: {type: 'string', default: '10m'},
      /** (check, org) pairs scheduled. Default 10000. */
      pairs: {type: 'string', default: '10000'},
      /** Worker replicas. Default 2. */
      workers: {type: 'string', default: '2'},
      /**
       * The last N replicas, which the worker faults (SIGKILL, rolling restart) leave alone:
       * their one process lives the whole run, so its memory is judged over all of it, not
       * over the minutes between two restarts. Default 0 (every replica takes its turn).
       */
      spare: {type: 'string', default: '0'},
      /** Also write the figures as JSON to this file. */
      json: {type: 'string'},
      /** Interval of every pair. Default: pairs / 10 per second (10 runs/s, what a 2-core machine shared with other work sustains), at least 10s. */
      every: {type: 'string'},
      /** --concurrency of each replica. Default 20. */
      concurrency: {type: 'string', default: '20'},
      /** The upstream's usual latency. Default 50 ms. */
      'latency-ms': {type: 'string', default: '50'},
      /** Which fault kinds to inject. Default all. */
      faults: {type: 'string', default: 'all'},
      /** Divides every rule `for`; default 3600 s / duration (as shipped for an hour's run). */
      'rule-speedup': {type: 'string'},
      /** Test only: a leak planted in the replicas by a preload of the harness, never the product. */
      'plant-leak': {type: 'string'},
      help: {type: 'boolean', short: 'h'},
    },
  });
  if (values.help) return {help: true};
  const seconds = (flag, text) => {
    try {
      return durationSeconds(text);
    } catch {
      throw new Error(`--${flag}: must be a duration like 3m, 60m or 1h30m (got ${JSON.stringify(text)})`);
    }
  };
  const integer = (flag, text, min, max) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${flag}: must be an integer from ${min} to ${max} (got ${JSON.stringify(text)})`);
    return n;
  };
  const durationMs = seconds('duration', values.duration) * 1000;
  if (durationMs < 60_000) throw new Error(`--duration: must be at least 1m (got ${values.duration})`);
  const pairs = integer('pairs', values.pairs, 10, 100_000);
  const everyMs = values.every === undefined ? Math.max(10_000, Math.round((pairs / 10) * 1000)) : seconds('every', values.every) * 1000;
  if (everyMs < 1000) throw new Error('--every: must be at least 1s');
  let faults = FAULT_KINDS;
  if (values.faults === 'none') faults = [];
  else if (values.faults !== 'all') {
    faults = values.faults.split(',').map(kind => kind.trim());
    const unknown = faults.filter(kind => !FAULT_KINDS.includes(kind));
    if (unknown.length > 0) throw new Error(`--faults: unknown kind ${unknown.join(', ')} (kinds: ${FAULT_KINDS.join(', ')})`);
  }
  const plant = values['plant-leak'];
  if (plant !== undefined && !PLANTS.includes(plant)) throw new Error(`--plant-leak: must be one of ${PLANTS.join(', ')} (got ${JSON.stringify(plant)})`);
  const workers = integer('workers', values.workers, 1, 8);
  // One replica at least takes the worker faults, or they would test nothing.
  if (workers === 1 && values.spare !== '0') throw new Error(`--spare: must be 0 with one worker, which takes the worker faults (got ${JSON.stringify(values.spare)})`);
  const spare = integer('spare', values.spare, 0, workers - 1);
  return {
    durationMs,
    pairs,
    workers,
    spare,
    json: values.json,
    everyMs,
    concurrency: integer('concurrency', values.concurrency, 1, 1000),
    latencyMs: integer('latency-ms', values['latency-ms'], 0, 10_000),
    faults,
    ruleSpeedup: values['rule-speedup'] === undefined ? Math.max(1, Math.round(3_600_000 / durationMs)) : integer('rule-speedup', values['rule-speedup'], 1, 1000),
    plantLeak: plant,
    // A killed replica's run is re-run after its lock expires (VIGIL_WORKER_LOCK_MS, a
    // documented setting): 30 s as shipped, shorter for a short run so the drain stays short.
    lockMs: Math.min(30_000, Math.max(10_000, Math.round(durationMs / 20))),
    // BullMQ's first backoff: 5 s as shipped, shorter when the interval is short.
    backoffMs: Math.min(5000, Math.max(500, Math.round(everyMs / 10))),
    attempts: 4,
  };
}
