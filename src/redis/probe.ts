import type {Redis, RedisOptions} from 'ioredis';
import {VigilError} from '../errors.js';
import {ExitCode} from '../exit-codes.js';
import {guardConsole} from '../output/console-guard.js';
import {shellCommand} from '../output/shell.js';
import {describeNodes, registerRedisSecrets, type RedisNode, type RedisTarget} from './connection-url.js';

/**
 * Bounded look at a Redis setting before anything long-lived connects: every step has a
 * timeout, every failure an exit code and a next step. Shared by the worker, `schedules
 * list` and `doctor`, so each topology fails the same way everywhere.
 */

export interface ProbeResult {
  /** Where the data lives: the server, the primary the sentinels named, or each cluster primary. */
  primaries: RedisNode[];
  /** redis_version of the first primary. */
  version: string;
  /** maxmemory_policy per primary, `host:port` -> policy. */
  policies: Record<string, string>;
}

/** Redis is not there (or not serving): exit 8, like any other unavailable upstream. */
export class RedisUnavailableError extends VigilError {
  constructor(what: string, reason: string, source: string, hint?: string) {
    super(`cannot reach Redis at ${what} (${source}): ${reason}`, {
      exitCode: ExitCode.Unavailable,
      hint:
        hint ??
        'start Redis (e.g. `redis-server`, or `docker run -d -p 6379:6379 redis:7`), ' +
          'or point vigil at yours with --redis-url or VIGIL_REDIS_URL',
    });
  }
}

/** The setting reaches a Redis that cannot serve vigil as configured: exit 3, with the fix. */
export class RedisConfigError extends VigilError {
  constructor(message: string, hint: string) {
    super(message, {exitCode: ExitCode.Input, hint});
  }
}

const errorText = (error: unknown) => (error as NodeJS.ErrnoException)?.code ?? (error instanceof Error ? error.message : String(error));

function isAuthError(text: string): boolean {
  return /WRONGPASS|NOAUTH|invalid password|invalid username-password|AUTH.*(failed|without any password)/i.test(text);
}

/** One direct connection to one node, with every wait bounded. Closed by the caller. */
async function openNode(node: RedisNode, options: RedisOptions, timeoutMs: number): Promise<Redis> {
  const {Redis: IORedis} = await import('ioredis');
  const client = new IORedis({
    ...options,
    host: node.host,
    port: node.port,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    ...(options.tls ? {tls: {...options.tls, servername: node.host}} : {}),
  });
  let lastError = '';
  client.on('error', (error: Error) => {
    lastError = errorText(error);
  });
  try {
    await client.connect();
    return client;
  } catch (error) {
    client.disconnect();
    const text = errorText(error);
    throw new Error(text === 'Connection is closed.' && lastError ? lastError : text);
  }
}

async function withNode<T>(node: RedisNode, options: RedisOptions, timeoutMs: number, use: (client: Redis) => Promise<T>): Promise<T> {
  const client = await openNode(node, options, timeoutMs);
  try {
    return await use(client);
  } finally {
    client.disconnect();
  }
}

function infoField(info: string, name: string): string | undefined {
  return new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim();
}

const key = (node: RedisNode) => describeNodes([node]);

function authError(target: RedisTarget, source: string, who: string): RedisConfigError {
  const how =
    who === 'sentinels'
      ? 'give the sentinels\' password as ?sentinelPassword=... in the URL or VIGIL_REDIS_SENTINEL_PASSWORD'
      : 'give the Redis password in the URL (redis://:password@host or ?password=...)';
  return new RedisConfigError(`the ${who} at ${target.display} (${source}) refused the credentials`, how);
}

/** Asks the sentinels where the primary is: the first that knows wins. */
async function findPrimary(target: RedisTarget, source: string, timeoutMs: number): Promise<RedisNode> {
  const name = target.primaryName!;
  const answers = await Promise.allSettled(
    target.nodes.map(node =>
      withNode(node, target.sentinelOptions ?? {}, timeoutMs, async client => {
        const address = (await client.call('SENTINEL', 'get-master-addr-by-name', name)) as [string, string] | null;
        if (address) return {address, names: [] as string[]};
        const masters = (await client.call('SENTINEL', 'masters')) as string[][];
        return {address: null, names: masters.map(fields => fields[fields.indexOf('name') + 1] ?? '?')};
      }),
    ),
  );
  const found = answers.find(answer => answer.status === 'fulfilled' && answer.value.address);
  if (found?.status === 'fulfilled') return {host: found.value.address![0], port: Number(found.value.address![1])};
  const reasons = answers.flatMap(answer => (answer.status === 'rejected' ? [errorText(answer.reason)] : []));
  if (reasons.length === answers.length) {
    if (reasons.some(isAuthError)) throw authError(target, source, 'sentinels');
    throw new RedisUnavailableError(
      target.display,
      `no sentinel reachable at ${describeNodes(target.nodes)} (${[...new Set(reasons)].join('; ')})`,
      source,
      'check the sentinel addresses and ports (26379 by default) in the URL, and that `redis-sentinel` runs there',
    );
  }
  const known = [...new Set(answers.flatMap(answer => (answer.status === 'fulfilled' ? answer.value.names : [])))];
  throw new RedisConfigError(
    `the sentinels at ${describeNodes(target.nodes)} (${source}) monitor no primary named ${JSON.stringify(name)}`,
    known.length > 0 ? `they monitor: ${known.join(', ')}; put one of those after the hosts in the URL` : 'the sentinels monitor no primary at all: check their `sentinel monitor` line',
  );
}

/** Checks the cluster from the first seed that answers: every slot served, and its primaries. */
async function clusterPrimaries(target: RedisTarget, source: string, timeoutMs: number): Promise<RedisNode[]> {
  const reasons: string[] = [];
  for (const seed of target.nodes) {
    let info: string;
    let nodes: string;
    try {
      [info, nodes] = await withNode(seed, target.redisOptions, timeoutMs, async client => [
        (await client.call('CLUSTER', 'INFO')) as string,
        (await client.call('CLUSTER', 'NODES')) as string,
      ]);
    } catch (error) {
      const text = errorText(error);
      if (/cluster support disabled/i.test(text)) {
        throw new RedisConfigError(`${key(seed)} (${source}) is not a Redis Cluster node`, 'use redis://host:port for a single Redis, or redis+sentinel:// for Sentinel');
      }
      if (isAuthError(text)) throw authError(target, source, 'cluster');
      reasons.push(`${key(seed)}: ${text}`);
      continue;
    }
    const state = infoField(info, 'cluster_state');
    const slotsOk = Number(infoField(info, 'cluster_slots_ok') ?? 0);
    if (state !== 'ok' || slotsOk < 16384) {
      throw new RedisUnavailableError(
        target.display,
        `cluster slots not covered (cluster_state:${state}, ${slotsOk} of 16384 slots served)`,
        source,
        `assign every slot: \`${shellCommand(['redis-cli', '--cluster', 'check', key(seed)])}\`, then \`${shellCommand(['redis-cli', '--cluster', 'fix', key(seed)])}\``,
      );
    }
    return nodes
      .split('\n')
      .map(line => line.split(' '))
      .filter(fields => fields[2]?.split(',').includes('master') && !fields[2].includes('fail') && (fields[8] !== undefined))
      .map(fields => {
        const address = fields[1]!.split('@')[0]!;
        const colon = address.lastIndexOf(':');
        return {host: address.slice(0, colon) || seed.host, port: Number(address.slice(colon + 1))};
      });
  }
  throw new RedisUnavailableError(target.display, `no cluster node reachable (${reasons.join('; ')})`, source, 'check the node addresses in the URL and that the cluster runs');
}

/**
 * Finds where the data lives and reads each primary's version and eviction policy. Throws
 * RedisUnavailableError (8) or RedisConfigError (3); never waits longer than about
 * 2 x timeoutMs per step.
 */
export async function probeRedis(target: RedisTarget, source: string, timeoutMs = 3000): Promise<ProbeResult> {
  // Before the first byte: a server may repeat a password in any error it sends, and
  // ioredis and BullMQ print some of what it says on their own.
  registerRedisSecrets(target);
  guardConsole();
  let primaries: RedisNode[];
  if (target.topology === 'sentinel') primaries = [await findPrimary(target, source, timeoutMs)];
  else if (target.topology === 'cluster') primaries = await clusterPrimaries(target, source, timeoutMs);
  else primaries = target.nodes;
  const policies: Record<string, string> = {};
  let version = '';
  for (const node of primaries) {
    let info: string;
    try {
      info = await withNode(node, target.redisOptions, timeoutMs, client => client.info('all'));
    } catch (error) {
      const text = errorText(error);
      if (isAuthError(text)) throw authError(target, source, 'Redis');
      const where = target.topology === 'standalone' ? target.display : `${target.display}, ${target.topology === 'sentinel' ? 'primary' : 'node'} ${key(node)}`;
      throw new RedisUnavailableError(where, text, source);
    }
    version ||= infoField(info, 'redis_version') ?? '?';
    policies[key(node)] = infoField(info, 'maxmemory_policy') ?? '?';
  }
  return {primaries, version, policies};
}

/**
 * BullMQ keeps its jobs in ordinary keys: a Redis that evicts them loses runs silently.
 * Refuses any policy but noeviction, naming the fix for each node.
 */
export function requireNoEviction(result: ProbeResult, target: RedisTarget, source: string): void {
  const bad = Object.entries(result.policies).filter(([, policy]) => policy !== 'noeviction');
  if (bad.length === 0) return;
  const [node, policy] = bad[0]!;
  const [host, port] = [node.slice(0, node.lastIndexOf(':')).replace(/^\[|\]$/g, ''), node.slice(node.lastIndexOf(':') + 1)];
  throw new RedisConfigError(
    `Redis at ${node} (${target.display}, ${source}) has maxmemory-policy ${policy}: under memory pressure it would evict queued runs and lose them`,
    `set it to noeviction: \`${shellCommand(['redis-cli', '-h', host, '-p', port, 'CONFIG', 'SET', 'maxmemory-policy', 'noeviction'])}\`` +
      ` and \`maxmemory-policy noeviction\` in redis.conf (on a managed Redis, its parameter group)` +
      (bad.length > 1 ? `; likewise on ${bad.slice(1).map(([name]) => name).join(', ')}` : ''),
  );
}
