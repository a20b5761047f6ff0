import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ensureBuilt} from '../../helpers/build.js';
import {CLI} from '../../helpers/cli.js';
import {requireProgram} from '../../helpers/programs.js';
import {removeScratchDirs, startNode, type Node} from '../../redis/servers.js';

/*
 * A supervisor that sends SIGTERM the moment it reads "worker started" (a test, the soak, a
 * deploy script) must get a drained stop and exit 0. The line used to be written before the
 * handler was installed: on one busy core the reader could run between the two and the
 * default action killed the worker (a CI failure, then 10 starts in 30 by hand). The reader
 * and the worker share one core here (taskset), which is what makes that window show.
 */

const redisServer = requireProgram('redis-server');
const STARTS = 12;

// Runs pinned with its children: starts the worker STARTS times, SIGTERM on the start line.
const DRIVER = `
import {spawn} from 'node:child_process';
const [cli, checks, url, n] = process.argv.slice(1);
const out = [];
for (let i = 0; i < Number(n); i++) {
  const child = spawn(process.execPath, [cli, 'worker', '--checks', checks, '--metrics-port', '0', '--redis-url', url], {stdio: ['ignore', 'ignore', 'pipe']});
  let stderr = '';
  let sent = false;
  const closed = new Promise(resolve => child.on('close', (code, signal) => resolve({code, signal})));
  child.stderr.setEncoding('utf8').on('data', chunk => {
    stderr += chunk;
    if (!sent && stderr.includes('"worker started"')) {
      sent = true;
      child.kill('SIGTERM');
    }
  });
  out.push({...(await closed), stopped: stderr.includes('"worker stopped"')});
}
console.log(JSON.stringify(out));
`;

let dir: string;
let redis: Node | undefined;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-sigterm-'));
}, 120_000);
afterAll(async () => {
  await redis?.kill();
  removeScratchDirs();
  rmSync(dir, {recursive: true, force: true});
});

describe.skipIf(redisServer.skipReason)('vigil worker: SIGTERM as soon as it says it started', () => {
  it(`drains and exits 0 every time (${STARTS} starts on one core)`, async () => {
    redis = await startNode();
    const checks = path.join(dir, 'checks.yaml');
    writeFileSync(checks, 'checks:\n  - {check: takedowns.cancelled-count, org: acme, every: 1m}\n');
    const run = spawnSync('taskset', ['-c', '1', process.execPath, '--input-type=module', '-e', DRIVER, CLI, checks, `redis://127.0.0.1:${redis.port}`, String(STARTS)], {
      encoding: 'utf8',
      env: {PATH: process.env.PATH, HOME: process.env.HOME, VIGIL_CONFIG_DIR: dir, VIGIL_API_KEY: 'sigterm-key-1234', VIGIL_BASE_URL: 'http://127.0.0.1:9/api/v2'},
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const exits = JSON.parse(run.stdout) as {code: number | null; signal: string | null; stopped: boolean}[];
    expect(exits).toHaveLength(STARTS);
    expect(exits.filter(exit => exit.code !== 0 || !exit.stopped)).toEqual([]);
  }, 150_000);
});
