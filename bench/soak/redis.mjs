// The soak's Redis, with persistence (AOF, fsync every second). Where redis-sentinel is
// installed: a primary, a replica and three sentinels, the replicas of the worker connected
// through Sentinel (redis+sentinel://); else one redis-server. Faults hit the current
// primary: a restart with its data (SIGTERM: it writes the AOF out), one without (SIGKILL
// and its folder emptied: what a host replaced at night looks like; the replica then
// resyncs from the empty primary), and, with Sentinel, `SENTINEL FAILOVER`.
//
// Each node runs from its own config file, which Sentinel rewrites when it turns a primary
// into a replica or back: a node restarted after a failover keeps the role it was given.
import {existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {Redis} from 'ioredis';
import {freePort, launch} from '../processes.mjs';

export const SENTINEL_BIN = '/usr/bin/redis-sentinel';
const SERVER_BIN = '/usr/bin/redis-server';
const NAME = 'soakprimary';
// Longer than a restart's downtime (at most 5 s): a restart is a restart, not a failover.
const DOWN_AFTER_MS = 15_000;

/** `sentinel`: use Sentinel when redis-sentinel is installed (default). `sentinelMissing` says why not. */
export async function startSoakRedis({sentinel = true} = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-soak-redis-'));
  const withSentinel = sentinel && existsSync(SENTINEL_BIN);
  const nodes = [];
  const startNode = async (name, extra = []) => {
    const node = {name, port: await freePort(), dataDir: path.join(dir, name, 'data'), conf: path.join(dir, name, 'redis.conf'), child: undefined};
    mkdirSync(node.dataDir, {recursive: true});
    const lines = [`port ${node.port}`, 'bind 127.0.0.1', `dir ${node.dataDir}`, 'appendonly yes', 'appendfsync everysec', 'save ""', 'maxmemory-policy noeviction', 'repl-diskless-sync-delay 0', ...extra];
    writeFileSync(node.conf, `${lines.join('\n')}\n`);
    node.spawn = () => {
      node.child = launch(SERVER_BIN, [node.conf], {stdio: 'ignore'});
    };
    node.stop = async signal => {
      const child = node.child;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise(resolve => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    };
    node.spawn();
    await pingUntil(node.port);
    nodes.push(node);
    return node;
  };
  const primary = await startNode('a');
  const sentinels = [];
  if (withSentinel) {
    await startNode('b', [`replicaof 127.0.0.1 ${primary.port}`]);
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const conf = path.join(dir, `sentinel-${i}.conf`);
      const lines = [`port ${port}`, 'bind 127.0.0.1', `dir ${dir}`, `sentinel monitor ${NAME} 127.0.0.1 ${primary.port} 2`, `sentinel down-after-milliseconds ${NAME} ${DOWN_AFTER_MS}`, `sentinel failover-timeout ${NAME} 10000`, `sentinel parallel-syncs ${NAME} 1`];
      writeFileSync(conf, `${lines.join('\n')}\n`);
      sentinels.push({port, child: launch(SENTINEL_BIN, [conf], {stdio: 'ignore'})});
    }
    await until('the sentinels to know the replica and each other', async () => {
      const replicas = await askSentinel(sentinels[0].port, 'replicas', NAME);
      const others = await askSentinel(sentinels[0].port, 'sentinels', NAME);
      return replicas?.length === 1 && others?.length === 2;
    });
  }
  const url = withSentinel ? `redis+sentinel://${sentinels.map(node => `127.0.0.1:${node.port}`).join(',')}/${NAME}` : `redis://127.0.0.1:${primary.port}`;
  const client = withSentinel
    ? new Redis({sentinels: sentinels.map(node => ({host: '127.0.0.1', port: node.port})), name: NAME, maxRetriesPerRequest: null, retryStrategy: () => 200})
    : new Redis({port: primary.port, host: '127.0.0.1', maxRetriesPerRequest: null, retryStrategy: () => 200});
  client.on('error', () => {});
  await until('the soak client to connect', async () => (await client.ping().catch(() => '')) === 'PONG');

  /** The node Sentinel names as primary now (the only node without Sentinel). */
  const currentPrimary = async () => {
    if (!withSentinel) return primary;
    const [, port] = (await askSentinel(sentinels[0].port, 'get-master-addr-by-name', NAME)) ?? [];
    return nodes.find(node => node.port === Number(port)) ?? primary;
  };
  /** Every node answers, the primary says so and each replica's link is up: ready for the next fault. */
  const settled = async () => {
    const head = await currentPrimary();
    await until('the topology to settle', async () => {
      for (const node of nodes) {
        const info = await infoOf(node.port);
        if (!info) return false;
        // A replica still in its first sync would be promoted empty.
        if (node === head ? !/role:master/.test(info) : !/master_link_status:up/.test(info) || !/master_sync_in_progress:0/.test(info)) return false;
      }
      return (await client.ping().catch(() => '')) === 'PONG';
    });
  };
  await settled();
  const restart = async (downMs, {signal, wipe}) => {
    const node = await currentPrimary();
    await node.stop(signal);
    if (wipe) {
      rmSync(node.dataDir, {recursive: true, force: true});
      mkdirSync(node.dataDir, {recursive: true});
    }
    await sleep(downMs);
    node.spawn();
    await pingUntil(node.port);
    await settled();
  };
  return {
    url,
    client,
    sentinel: withSentinel,
    sentinelMissing: withSentinel ? undefined : sentinel ? `${SENTINEL_BIN} not installed` : 'turned off',
    /** Down for `downMs`, back with everything it held. */
    restartKeepingData: downMs => restart(downMs, {signal: 'SIGTERM', wipe: false}),
    /** Down for `downMs`, back empty (and with Sentinel, its replica emptied by the resync). */
    restartLosingData: downMs => restart(downMs, {signal: 'SIGKILL', wipe: true}),
    /** `SENTINEL FAILOVER`: the replica promoted, the old primary turned into its replica. Resolves once settled. */
    async failover() {
      if (!withSentinel) throw new Error('no Sentinel in this soak');
      const before = await currentPrimary();
      await askSentinel(sentinels[0].port, 'failover', NAME, {throws: true});
      await until('Sentinel to name a new primary', async () => (await currentPrimary()) !== before, 60_000);
      await settled();
      return {from: before.port, to: (await currentPrimary()).port};
    },
    /** used_memory (bytes) and the number of keys, of the primary. */
    async figures() {
      // Not queued until Redis is back: a sample during a restart is skipped.
      if (client.status !== 'ready') throw new Error('redis is down');
      const info = await client.info('memory');
      return {usedMemory: Number(/used_memory:(\d+)/.exec(info)?.[1]), keys: await client.dbsize()};
    },
    async stop() {
      client.disconnect();
      for (const each of sentinels) each.child.kill('SIGKILL');
      await Promise.all(nodes.map(node => node.stop('SIGKILL')));
      rmSync(dir, {recursive: true, force: true});
    },
  };
}

async function until(what, probe, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`soak redis: timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function oneShot(port, work) {
  const client = new Redis({port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, connectTimeout: 1000});
  client.on('error', () => {});
  try {
    await client.connect();
    return await work(client);
  } finally {
    client.disconnect();
  }
}

const pingUntil = port => until(`redis on port ${port}`, () => oneShot(port, client => client.ping()).then(reply => reply === 'PONG', () => false));
const infoOf = port => oneShot(port, client => client.info('replication')).catch(() => undefined);

async function askSentinel(port, ...args) {
  const options = typeof args.at(-1) === 'object' ? args.pop() : {};
  try {
    return await oneShot(port, client => client.call('SENTINEL', ...args));
  } catch (error) {
    if (options.throws) throw error;
    return undefined;
  }
}
