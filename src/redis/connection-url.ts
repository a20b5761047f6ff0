import {readFileSync} from 'node:fs';
import type {ClusterOptions, RedisOptions} from 'ioredis';
import type {InputProblem} from '../errors.js';

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

export type RedisTopology = 'standalone' | 'sentinel' | 'cluster';

export interface RedisNode {
  host: string;
  port: number;
}

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
  /** Every credential in the setting, for the log redactor. */
  secrets: string[];
}

export interface ParseRedisOptions {
  /** PEM file of the CA that signed the server's certificate (rediss only). Default: Node's CA store. */
  caFile?: string;
  /** The sentinels' password when not in the URL (VIGIL_REDIS_SENTINEL_PASSWORD). Default: none. */
  sentinelPassword?: string;
}

export class RedisUrlError extends Error {
  constructor(readonly problem: InputProblem) {
    super(problem.message);
  }
}

const SCHEMES: Record<string, {topology: RedisTopology; tls: boolean; port: number}> = {
  'redis:': {topology: 'standalone', tls: false, port: 6379},
  'rediss:': {topology: 'standalone', tls: true, port: 6379},
  'redis+sentinel:': {topology: 'sentinel', tls: false, port: 26379},
  'rediss+sentinel:': {topology: 'sentinel', tls: true, port: 26379},
  'redis+cluster:': {topology: 'cluster', tls: false, port: 6379},
  'rediss+cluster:': {topology: 'cluster', tls: true, port: 6379},
};
const QUERY_KEYS = new Set(['password', 'username', 'db', 'sentinelPassword', 'sentinelUsername', 'family']);
const SECRET_QUERY_KEYS = ['password', 'username', 'sentinelPassword', 'sentinelUsername'];

/**
 * `redis://:pw@host/?password=pw2` -> `redis://:***@host/?password=***`. Works on text that
 * is not a valid URL too, so even the "bad URL" error cannot print a password.
 */
export function maskRedisUrl(url: string): string {
  let out = url.replace(/^([a-z+]+:\/\/)([^@/?#]*)@/i, (_all, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    return colon < 0 ? `${scheme}***@` : `${scheme}${userinfo.slice(0, colon)}:***@`;
  });
  for (const key of SECRET_QUERY_KEYS) out = out.replace(new RegExp(`([?&]${key}=)[^&#]*`, 'gi'), '$1***');
  return out;
}

function fail(field: string, message: string): never {
  throw new RedisUrlError({field, message});
}

function parsePort(text: string, field: string, fallback: number): number {
  if (text === '') return fallback;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 1 && port <= 65535)) fail(field, `port must be 1-65535 (got ${JSON.stringify(text)})`);
  return port;
}

/** `host1:26379,[::1]:26380,host3`: the WHATWG URL parser refuses a list, so split it here. */
function parseHosts(text: string, field: string, defaultPort: number): RedisNode[] {
  if (text === '') fail(field, 'names no host');
  return text.split(',').map(item => {
    const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d*))?$/i.exec(item.trim());
    if (!match) fail(field, `${JSON.stringify(item)} is not host[:port]`);
    const host = match[1]!.replace(/^\[|\]$/g, '');
    return {host, port: parsePort(match[2] ?? '', field, defaultPort)};
  });
}

function parseDb(text: string | undefined, field: string): number {
  if (text === undefined || text === '') return 0;
  if (!/^\d{1,2}$/.test(text)) fail(field, `database must be a number 0-99 (got ${JSON.stringify(text)})`);
  return Number(text);
}

const decode = (text: string, field: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return fail(field, 'has a malformed %-escape in its credentials');
  }
};

/**
 * Reads a Redis setting into connection options. Throws RedisUrlError naming `field` for
 * anything it cannot use; the message never holds a credential.
 */
export function parseRedisUrl(url: string, field: string, options: ParseRedisOptions = {}): RedisTarget {
  const display = maskRedisUrl(url);
  const match = /^([a-z+]+:)\/\/(?:([^@/?#]*)@)?([^/?#]*)(\/[^?#]*)?(?:\?([^#]*))?(?:#.*)?$/i.exec(url.trim());
  if (!match) fail(field, `must be a URL like redis://127.0.0.1:6379 or redis+sentinel://host:26379/mymaster (got ${display})`);
  const scheme = SCHEMES[match[1]!.toLowerCase()];
  if (!scheme) fail(field, `must start with redis://, rediss://, redis+sentinel:// or redis+cluster:// (got ${match[1]}//)`);

  const query = new URLSearchParams(match[5] ?? '');
  for (const key of query.keys()) {
    if (!QUERY_KEYS.has(key)) fail(field, `unknown query option ${JSON.stringify(key)} (known: ${[...QUERY_KEYS].join(', ')})`);
  }
  const userinfo = match[2] ?? '';
  const colon = userinfo.indexOf(':');
  let username = decode(colon < 0 ? userinfo : userinfo.slice(0, colon), field) || undefined;
  let password = colon < 0 ? undefined : decode(userinfo.slice(colon + 1), field) || undefined;
  // ioredis lets the query override the userinfo; keep that meaning.
  username = query.get('username') ?? username;
  password = query.get('password') ?? password;

  const nodes = parseHosts(match[3]!, field, scheme.port);
  if (scheme.topology === 'standalone' && nodes.length > 1) {
    fail(field, 'lists several hosts: use redis+sentinel://h1,h2/<primary-name> or redis+cluster://h1,h2');
  }
  const segments = (match[4] ?? '').split('/').filter(Boolean);
  let primaryName: string | undefined;
  let db: number;
  if (scheme.topology === 'sentinel') {
    primaryName = segments[0] === undefined ? undefined : decode(segments[0], field);
    if (!primaryName) fail(field, 'needs the primary name the sentinels monitor: redis+sentinel://host:26379/<primary-name>[/db]');
    db = parseDb(segments[1], field);
  } else {
    db = parseDb(segments[0], field);
  }
  if (query.has('db')) db = parseDb(query.get('db')!, field);
  if (scheme.topology === 'cluster' && db !== 0) fail(field, 'Redis Cluster has database 0 only; remove the database from the URL');
  if (scheme.topology !== 'sentinel' && (query.has('sentinelPassword') || query.has('sentinelUsername'))) {
    fail(field, 'sentinelPassword/sentinelUsername apply to redis+sentinel:// only');
  }
  const family = query.has('family') ? Number(query.get('family')) : undefined;
  if (family !== undefined && family !== 4 && family !== 6) fail(field, 'family must be 4 or 6');

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
  const target: RedisTarget = {
    topology: scheme.topology,
    display,
    nodes,
    db,
    tls: scheme.tls,
    redisOptions,
    secrets: [password, sentinelPassword].filter((value): value is string => value !== undefined && value !== ''),
  };
  if (primaryName !== undefined) target.primaryName = primaryName;
  if (scheme.topology === 'sentinel') {
    target.sentinelOptions = {
      ...(sentinelUsername === undefined ? {} : {username: sentinelUsername}),
      ...(sentinelPassword === undefined ? {} : {password: sentinelPassword}),
      ...(tls === undefined ? {} : {tls}),
    };
  }
  return target;
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
