import {readFileSync} from 'node:fs';
import type {ClusterOptions, RedisOptions} from 'ioredis';
import {registerSecret} from '../secrets.js';
import {fail, readUrl, SCHEMES, type RedisNode, type RedisTopology} from './url-reading.js';

/**
 * The user's Redis setting, read once: which topology, which nodes, which credentials.
 * Everything that talks to Redis (worker, `schedules list`, `doctor`, the demo) goes
 * through here, so the forms below mean the same thing everywhere:
 *
 *   redis://[user:password@]host:6379[/db][?password=...&username=...]
 *   rediss://...                      TLS; a private CA with --redis-ca / VIGIL_REDIS_CA
 *   redis+sentinel://[user:password@]host1:26379,host2:26379/<primary-name>[/db]
 *                                     userinfo = the Redis (primary/replica) credentials;
 *                                     the sentinels' own: ?sentinelPassword=...&sentinelUsername=...
 *                                     or VIGIL_REDIS_SENTINEL_PASSWORD
 *   redis+cluster://[user:password@]host1:7000,host2:7001
 *   rediss+sentinel://, rediss+cluster://   the same over TLS
 */

export type {RedisNode, RedisTopology} from './url-reading.js';
export {RedisUrlError} from './url-reading.js';

export interface RedisTarget {
  topology: RedisTopology;
  /** The URL with every credential masked: the only form that reaches a log or an error. */
  display: string;
  /** Seed nodes: the server, the sentinels, or the cluster nodes given. */
  nodes: RedisNode[];
  /** Sentinel only: the monitored primary's name. */
  primaryName?: string;
  db: number;
  tls: boolean;
  /** Options for the data connections (standalone/sentinel), or for each cluster node. */
  redisOptions: RedisOptions;
  /** Sentinel only: how to talk to the sentinels themselves. */
  sentinelOptions?: Pick<RedisOptions, 'username' | 'password' | 'tls'>;
  /**
   * Every password in the setting, as written in the URL and as meant (%-decoded), for the
   * redactor: registered (registerRedisSecrets) when the setting is resolved and again
   * before any probe, so before anything talks to Redis.
   */
  secrets: string[];
}

export interface ParseRedisOptions {
  /** PEM file of the CA that signed the server's certificate (rediss only). Default: Node's CA store. */
  caFile?: string;
  /** The sentinels' password when not in the URL (VIGIL_REDIS_SENTINEL_PASSWORD). Default: none. */
  sentinelPassword?: string;
}

/**
 * Reads a Redis setting into connection options. Throws RedisUrlError naming `field` for
 * anything it cannot use; the message never holds a credential.
 */
export function parseRedisUrl(url: string, field: string, options: ParseRedisOptions = {}): RedisTarget {
  const text = url.trim();
  const head = /^([a-z][a-z0-9+.-]*:)\/\/(.*)$/is.exec(text);
  if (!head) {
    // Repeated only when it cannot hold a credential (no userinfo, no query).
    const got = /^[A-Za-z0-9.:_[\]/+-]{1,200}$/.test(text) ? ` (got ${JSON.stringify(text)})` : '';
    fail(field, `must be a URL like redis://127.0.0.1:6379 or redis+sentinel://host:26379/mymaster${got}`);
  }
  const schemeName = head[1]!.toLowerCase();
  const scheme = SCHEMES[schemeName];
  if (!scheme) fail(field, `must start with redis://, rediss://, redis+sentinel:// or redis+cluster:// (got ${head[1]}//)`);
  const reading = readUrl(head[2]!, schemeName, field);
  const {username, password, db, family, query, display} = reading;

  let tls: RedisOptions['tls'];
  if (options.caFile !== undefined && !scheme.tls) fail('--redis-ca', `applies to TLS only: use rediss:// (the URL is ${display})`);
  if (scheme.tls) {
    tls = {};
    if (options.caFile !== undefined) {
      try {
        tls.ca = readFileSync(options.caFile);
      } catch (error) {
        fail('--redis-ca', `cannot read ${options.caFile} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
      }
    }
  }
  const redisOptions: RedisOptions = {
    ...(username === undefined ? {} : {username}),
    ...(password === undefined ? {} : {password}),
    ...(db === 0 ? {} : {db}),
    ...(family === undefined ? {} : {family}),
    ...(tls === undefined ? {} : {tls}),
  };
  const sentinelPassword = query.get('sentinelPassword') ?? options.sentinelPassword;
  const sentinelUsername = query.get('sentinelUsername') ?? undefined;
  const secrets = [...reading.secrets, ...(options.sentinelPassword === undefined ? [] : [options.sentinelPassword])];
  const target: RedisTarget = {
    topology: scheme.topology,
    display,
    nodes: reading.nodes,
    db,
    tls: scheme.tls,
    redisOptions,
    secrets: [...new Set(secrets.filter(secret => secret !== ''))],
  };
  if (reading.primaryName !== undefined) target.primaryName = reading.primaryName;
  if (scheme.topology === 'sentinel') {
    target.sentinelOptions = {
      ...(sentinelUsername === undefined ? {} : {username: sentinelUsername}),
      ...(sentinelPassword === undefined ? {} : {password: sentinelPassword}),
      ...(tls === undefined ? {} : {tls}),
    };
  }
  return target;
}

/** Makes the redactor mask each password of the setting whole, wherever it appears. */
export function registerRedisSecrets(target: Pick<RedisTarget, 'secrets'>): void {
  for (const secret of target.secrets) registerSecret(secret, 'whole');
}

/** `host:port, host:port` for messages. */
export function describeNodes(nodes: readonly RedisNode[]): string {
  return nodes.map(node => (node.host.includes(':') ? `[${node.host}]:${node.port}` : `${node.host}:${node.port}`)).join(', ');
}

/**
 * The options ioredis needs for this target. `base` adds behaviour (retries, timeouts);
 * for a cluster they apply to every node connection.
 */
export function ioredisOptions(target: RedisTarget, base: RedisOptions): RedisOptions {
  if (target.topology === 'sentinel') {
    return {
      ...base,
      ...target.redisOptions,
      sentinels: target.nodes,
      name: target.primaryName!,
      ...(target.sentinelOptions?.username === undefined ? {} : {sentinelUsername: target.sentinelOptions.username}),
      ...(target.sentinelOptions?.password === undefined ? {} : {sentinelPassword: target.sentinelOptions.password}),
      ...(target.tls ? {enableTLSForSentinelMode: true, sentinelTLS: target.redisOptions.tls} : {}),
    };
  }
  const node = target.nodes[0]!;
  const tls = target.redisOptions.tls ? {tls: {...target.redisOptions.tls, servername: node.host}} : {};
  return {...base, ...target.redisOptions, ...tls, host: node.host, port: node.port};
}

export function clusterOptions(target: RedisTarget, base: RedisOptions, cluster: Omit<ClusterOptions, 'redisOptions'> = {}): ClusterOptions {
  return {...cluster, redisOptions: {...base, ...target.redisOptions}};
}
