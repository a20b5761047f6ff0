import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Redis} from 'ioredis';
import {vi} from 'vitest';

/**
 * A throwaway redis-server for one test file, on a free loopback port, without
 * persistence (so a restart loses everything, like the data-loss case the worker handles).
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface TestRedis {
  port: number;
  url: string;
  /** Stops the server (SIGKILL: no save) and starts an empty one on the same port. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
  client(): Redis;
}

/** The pid of the redis-server answering on `port` (INFO server), or undefined while none answers. */
async function pidOn(port: number, password?: string): Promise<number | undefined> {
  const probe = new Redis({port, host: '127.0.0.1', password, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, connectTimeout: 500});
  probe.on('error', () => {});
  try {
    await probe.connect();
    const match = /process_id:(\d+)/.exec(await probe.info('server'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  } finally {
    probe.disconnect();
  }
}

/**
 * Starts `redis-server <args(port)>` on a free port (or `port`) and returns once this very
 * process answers there. Between freePort() and the bind, a server of another test file
 * can take the port: this one then exits while the other answers PING, and a test would
 * use (and, for a cluster, reconfigure) someone else's server. A cluster node also needs
 * port + 10000 for its bus. Either way the start is tried again on a new port.
 *
 * Each server works in its own temporary folder (`--dir`), removed when it exits. With the
 * test runner's folder (the repository) as its `dir`, a replica wrote the RDB it synced
 * there as dump.rdb, and every server started later loaded it: a cluster node then owned
 * the slots of those keys and `redis-cli --cluster create` refused it as not empty.
 */
export async function spawnRedis(args: (port: number) => string[], options: {port?: number; password?: string} = {}): Promise<{port: number; child: ChildProcess}> {
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-redis-'));
    const child = spawn('/usr/bin/redis-server', [...args(port), '--dir', dir], {stdio: 'ignore'});
    child.once('exit', () => rmSync(dir, {recursive: true, force: true}));
    const gone = () => child.exitCode !== null || child.signalCode !== null;
    const state = await vi.waitFor(
      async () => {
        const found = gone() ? 'exited' : (await pidOn(port, options.password)) === child.pid ? 'ours' : undefined;
        if (!found) throw new Error(`redis-server (pid ${child.pid}) on ${port}`);
        return found;
      },
      {timeout: 10_000, interval: 50},
    );
    if (state === 'ours') return {port, child};
    if (options.port !== undefined || attempt === 5) throw new Error(`redis-server could not start on port ${port} (attempt ${attempt})`);
  }
}

export async function startRedis(): Promise<TestRedis> {
  let child: ChildProcess | undefined;
  const clients: Redis[] = [];
  const launch = async (port?: number) => {
    const started = await spawnRedis(on => ['--port', String(on), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], {port});
    child = started.child;
    return started.port;
  };
  const kill = async () => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    await new Promise<void>(resolve => {
      current.once('exit', () => resolve());
      current.kill('SIGKILL');
    });
  };
  const port = await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async restart(downMs = 300) {
      await kill();
      await new Promise(resolve => setTimeout(resolve, downMs));
      // Back on the same port: the worker under test must find it there.
      await launch(port);
    },
    async stop() {
      for (const client of clients) client.disconnect();
      await kill();
    },
    client() {
      const client = new Redis({port, host: '127.0.0.1', maxRetriesPerRequest: null});
      client.on('error', () => {});
      clients.push(client);
      return client;
    },
  };
}
