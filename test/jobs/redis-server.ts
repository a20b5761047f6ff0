import {spawn, type ChildProcess} from 'node:child_process';
import {createServer} from 'node:net';
import {Redis} from 'ioredis';

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

async function waitForPing(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const probe = new Redis({port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0});
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return;
    } catch {
      probe.disconnect();
      if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start`);
      await new Promise(resolve => setTimeout(resolve, 50));
    }
  }
}

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const clients: Redis[] = [];
  const launch = async () => {
    child = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], {
      stdio: 'ignore',
    });
    await waitForPing(port);
  };
  const kill = async () => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    await new Promise<void>(resolve => {
      current.once('exit', () => resolve());
      current.kill('SIGKILL');
    });
  };
  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async restart(downMs = 300) {
      await kill();
      await new Promise(resolve => setTimeout(resolve, downMs));
      await launch();
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
