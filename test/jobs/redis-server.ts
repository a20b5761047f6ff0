import {spawn, type ChildProcess} from 'node:child_process';
import {createServer} from 'node:net';
import {Redis} from 'ioredis';
import {waitFor} from '../helpers/wait-for.js';

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

/** Whether a redis-server answers on `port` (one that asks for a password counts: it is up). */
export async function answersPing(port: number): Promise<boolean> {
  const probe = new Redis({port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, connectTimeout: 500});
  let lastError = '';
  probe.on('error', (error: Error) => (lastError = error.message));
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    // A server with requirepass is up when it asks for the password.
    return /NOAUTH/.test(lastError);
  } finally {
    probe.disconnect();
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
    await waitFor(`redis-server on ${port}`, () => answersPing(port), 10_000);
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
