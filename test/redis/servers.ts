import {spawnSync, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Redis} from 'ioredis';
import {expect, vi} from 'vitest';
import {spawnRedis} from '../jobs/redis-server.js';

/**
 * Real redis-server processes on loopback for the topology tests: a plain server with any
 * setting, a primary + replica watched by three sentinels, a three-primary cluster.
 * Nothing persists; every process is SIGKILLed by stop().
 */

export interface Node {
  port: number;
  process: ChildProcess;
  kill(): Promise<void>;
}

const dirs: string[] = [];

export function scratchDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `vigil-${name}-`));
  dirs.push(dir);
  return dir;
}

export function removeScratchDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
}

/** `redis-server <args>` on a free port (or `port`), once this process answers there (spawnRedis). */
export async function startNode(args: string[] = [], {configFile, port: given}: {configFile?: string; port?: number} = {}): Promise<Node> {
  const passwordAt = args.indexOf('--requirepass');
  const password = passwordAt >= 0 ? args[passwordAt + 1] : undefined;
  const {port, child} = await spawnRedis(on => [...(configFile ? [configFile] : []), '--port', String(on), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args], {port: given, password});
  return {
    port,
    process: child,
    kill: () =>
      new Promise<void>(resolve => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/**
 * Runs `start` with a list it fills with the nodes it starts; if it fails part-way, those
 * nodes are killed before the error propagates, so a failed set-up leaves no redis-server behind.
 */
async function startAll<T>(start: (nodes: Node[]) => Promise<T>): Promise<T> {
  const nodes: Node[] = [];
  try {
    return await start(nodes);
  } catch (error) {
    await Promise.all(nodes.map(node => node.kill()));
    throw error;
  }
}

export interface SentinelSet {
  primary: Node;
  replica: Node;
  sentinels: Node[];
  name: string;
  url: string;
  /** The port the sentinels currently name as primary. */
  primaryPort(): Promise<number>;
  stop(): Promise<void>;
}

/** A primary, one replica, three sentinels (quorum 2) that fail over after 1 s of silence. */
export function startSentinelSet(name = 'vigilprimary'): Promise<SentinelSet> {
  return startAll(started => startSentinelNodes(name, started));
}

async function startSentinelNodes(name: string, started: Node[]): Promise<SentinelSet> {
  const primary = await startNode(['--maxmemory-policy', 'noeviction']);
  started.push(primary);
  const replica = await startNode(['--maxmemory-policy', 'noeviction', '--replicaof', '127.0.0.1', String(primary.port)]);
  started.push(replica);
  const dir = scratchDir('sentinel');
  const sentinels: Node[] = [];
  for (let i = 0; i < 3; i++) {
    // Sentinel rewrites its config file: each one needs its own writable copy.
    const file = path.join(dir, `sentinel-${i}.conf`);
    writeFileSync(
      file,
      [
        `sentinel monitor ${name} 127.0.0.1 ${primary.port} 2`,
        `sentinel down-after-milliseconds ${name} 1000`,
        `sentinel failover-timeout ${name} 5000`,
        `sentinel parallel-syncs ${name} 1`,
        '',
      ].join('\n'),
    );
    const sentinel = await startNode(['--sentinel'], {configFile: file});
    started.push(sentinel);
    sentinels.push(sentinel);
  }
  const ask = async () => {
    const client = new Redis({port: sentinels[0]!.port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0});
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.call('SENTINEL', 'get-master-addr-by-name', name)) as [string, string] | null;
    } finally {
      client.disconnect();
    }
  };
  // Ready once every sentinel knows the replica and the other sentinels.
  await vi.waitFor(
    async () => {
      const client = new Redis({port: sentinels[0]!.port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0});
      client.on('error', () => {});
      try {
        await client.connect();
        const replicas = (await client.call('SENTINEL', 'replicas', name)) as unknown[];
        const others = (await client.call('SENTINEL', 'sentinels', name)) as unknown[];
        expect({replicas: replicas.length, others: others.length}, 'sentinels to discover the replica and each other').toEqual({replicas: 1, others: 2});
      } finally {
        client.disconnect();
      }
    },
    {timeout: 20_000, interval: 50},
  );
  return {
    primary,
    replica,
    sentinels,
    name,
    url: `redis+sentinel://${sentinels.map(node => `127.0.0.1:${node.port}`).join(',')}/${name}`,
    primaryPort: async () => Number((await ask())?.[1] ?? 0),
    stop: async () => {
      await Promise.all([primary, replica, ...sentinels].map(node => node.kill()));
    },
  };
}

export interface TestCluster {
  nodes: Node[];
  url: string;
  stop(): Promise<void>;
}

/** Three primaries, no replicas, every slot assigned (`redis-cli --cluster create`). */
export function startCluster(): Promise<TestCluster> {
  return startAll(startClusterNodes);
}

async function startClusterNodes(nodes: Node[]): Promise<TestCluster> {
  const dir = scratchDir('cluster');
  for (let i = 0; i < 3; i++) {
    nodes.push(
      await startNode(['--cluster-enabled', 'yes', '--cluster-config-file', path.join(dir, `nodes-${i}.conf`), '--cluster-node-timeout', '2000', '--maxmemory-policy', 'noeviction']),
    );
  }
  const created = spawnSync('/usr/bin/redis-cli', ['--cluster', 'create', ...nodes.map(node => `127.0.0.1:${node.port}`), '--cluster-replicas', '0', '--cluster-yes'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
  await vi.waitFor(
    async () => {
      for (const node of nodes) {
        const client = new Redis({port: node.port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0});
        client.on('error', () => {});
        try {
          await client.connect();
          expect(String(await client.call('CLUSTER', 'INFO')), `cluster_state:ok on node ${node.port}`).toContain('cluster_state:ok');
        } finally {
          client.disconnect();
        }
      }
    },
    {timeout: 20_000, interval: 50},
  );
  return {
    nodes,
    url: `redis+cluster://${nodes.map(node => `127.0.0.1:${node.port}`).join(',')}`,
    stop: async () => {
      await Promise.all(nodes.map(node => node.kill()));
    },
  };
}
