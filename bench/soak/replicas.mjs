// The worker replicas: the BUILT worker (node dist/cli.js worker) with JSON log lines on a
// pipe, each under --inspect on a loopback port the soak reads the heap through. A replica
// keeps its metrics port across restarts, so Prometheus scrapes one target per replica.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {connectInspector} from './inspector.mjs';
import {freePort, launch} from '../processes.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(HERE, '../../dist/cli.js');

/**
 * `onLine(replica, entry)` gets every JSON log line (runs and events) with its receipt time.
 * Options: {checksFile, redisUrl, baseUrl, concurrency, lockMs, configDir, plantLeak}.
 */
export async function createReplica(index, options, onLine) {
  const metricsPort = await freePort();
  let child;
  let inspector;
  let starts = 0;
  const start = async () => {
    const preload = options.plantLeak ? ['--import', path.join(HERE, `plant-leak-${options.plantLeak}.mjs`)] : [];
    child = launch(
      process.execPath,
      ['--inspect=127.0.0.1:0', ...preload, CLI, 'worker', '--checks', options.checksFile(), '--redis-url', options.redisUrl, '--metrics-port', String(metricsPort), '--concurrency', String(options.concurrency), '--prefix', 'soak', '--grace', '10s'],
      {
        env: {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_CONFIG_DIR: options.configDir, VIGIL_API_KEY: 'soak-key-0123456789abcdef', VIGIL_BASE_URL: options.baseUrl, VIGIL_WORKER_LOCK_MS: String(options.lockMs)},
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    starts++;
    const own = child;
    let pending = '';
    let inspectorUrl;
    const started = new Promise((resolve, reject) => {
      own.stderr.setEncoding('utf8').on('data', chunk => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop();
        for (const line of lines) {
          if (line.startsWith('{')) {
            let entry;
            try {
              entry = JSON.parse(line);
            } catch {
              continue;
            }
            onLine(index, entry, own.pid);
            if (entry.msg === 'worker started') resolve();
          } else if (line.startsWith('Debugger listening on ')) inspectorUrl = line.slice('Debugger listening on '.length).trim();
        }
      });
      own.once('exit', (code, signal) => reject(new Error(`replica ${index} exited (${code ?? signal}) before it started`)));
    });
    await started;
    inspector = await connectInspector(inspectorUrl);
  };
  const stop = async signal => {
    // A process under --inspect with a session attached waits for it at exit: detach first.
    inspector?.close();
    inspector = undefined;
    const own = child;
    if (own.exitCode !== null || own.signalCode !== null) return;
    const exited = new Promise(resolve => own.once('exit', resolve));
    own.kill(signal);
    await exited;
  };
  await start();
  return {
    index,
    port: metricsPort,
    /** This process's own part (scraped on every replica) and the shared part (scraped once). */
    processUrl: `http://127.0.0.1:${metricsPort}/metrics/process`,
    checksUrl: `http://127.0.0.1:${metricsPort}/metrics/checks`,
    target: `127.0.0.1:${metricsPort}`,
    pid: () => child.pid,
    starts: () => starts,
    alive: () => child.exitCode === null && child.signalCode === null && inspector !== undefined,
    heapAfterGc: () => (inspector ? inspector.heapAfterGc() : Promise.reject(new Error('not running'))),
    /** SIGKILL or SIGTERM, then started again (with the checks file as it is now). */
    async restart(signal) {
      await stop(signal);
      await start();
    },
    stop: () => stop('SIGTERM'),
  };
}
