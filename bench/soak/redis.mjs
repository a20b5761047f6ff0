// The soak's Redis: one redis-server with persistence (AOF, fsync every second) in its own
// folder, restarted with its data (SIGTERM: it writes the AOF out) or without (SIGKILL and
// the folder emptied: what a host replaced at night looks like).
import {mkdtempSync, rmSync, mkdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {Redis} from 'ioredis';
import {freePort, launch} from '../processes.mjs';

export async function startSoakRedis() {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-soak-redis-'));
  let child;
  const spawnServer = () => {
    child = launch('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', '', '--maxmemory-policy', 'noeviction'], {stdio: 'ignore'});
  };
  const client = new Redis({port, host: '127.0.0.1', maxRetriesPerRequest: null, retryStrategy: () => 200});
  client.on('error', () => {});
  const ready = async () => {
    for (let i = 0; ; i++) {
      try {
        if ((await client.ping()) === 'PONG') return;
      } catch (error) {
        if (i > 150) throw error;
      }
      await sleep(100);
    }
  };
  const stopServer = async signal => {
    const exited = new Promise(resolve => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  spawnServer();
  await ready();
  return {
    url: `redis://127.0.0.1:${port}`,
    client,
    pid: () => child.pid,
    /** Down for `downMs`, back with everything it held. */
    async restartKeepingData(downMs) {
      await stopServer('SIGTERM');
      await sleep(downMs);
      spawnServer();
      await ready();
    },
    /** Down for `downMs`, back empty. */
    async restartLosingData(downMs) {
      await stopServer('SIGKILL');
      rmSync(dir, {recursive: true, force: true});
      mkdirSync(dir, {recursive: true});
      await sleep(downMs);
      spawnServer();
      await ready();
    },
    /** used_memory (bytes) and the number of keys. */
    async figures() {
      // Not queued until Redis is back: a sample during a restart is skipped.
      if (client.status !== 'ready') throw new Error('redis is down');
      const info = await client.info('memory');
      return {usedMemory: Number(/used_memory:(\d+)/.exec(info)?.[1]), keys: await client.dbsize()};
    },
    async stop() {
      client.disconnect();
      await stopServer('SIGKILL');
      rmSync(dir, {recursive: true, force: true});
    },
  };
}
