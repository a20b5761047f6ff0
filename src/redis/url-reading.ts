import type {InputProblem} from '../errors.js';

/**
 * The reading of a Redis URL's text: where the userinfo ends, which hosts, path and query,
 * and the URL rebuilt for messages from what was read. src/redis/connection-url.ts turns a
 * reading into connection options.
 */

export type RedisTopology = 'standalone' | 'sentinel' | 'cluster';

export interface RedisNode {
  host: string;
  port: number;
}

/** A setting vigil cannot use: the problem names the field, never a credential. */
export class RedisUrlError extends Error {
  constructor(readonly problem: InputProblem) {
    super(problem.message);
  }
}

export const SCHEMES: Record<string, {topology: RedisTopology; tls: boolean; port: number}> = {
  'redis:': {topology: 'standalone', tls: false, port: 6379},
  'rediss:': {topology: 'standalone', tls: true, port: 6379},
  'redis+sentinel:': {topology: 'sentinel', tls: false, port: 26379},
  'rediss+sentinel:': {topology: 'sentinel', tls: true, port: 26379},
  'redis+cluster:': {topology: 'cluster', tls: false, port: 6379},
  'rediss+cluster:': {topology: 'cluster', tls: true, port: 6379},
};
const QUERY_KEYS = new Set(['password', 'username', 'db', 'sentinelPassword', 'sentinelUsername', 'family']);
/** Query options whose value is never shown: the credentials. */
const MASKED_QUERY_KEYS = new Set(['password', 'username', 'sentinelPassword', 'sentinelUsername']);
/** Query options whose value is a password: masked wherever it appears in text too. */
const SECRET_QUERY_KEYS = new Set(['password', 'sentinelPassword']);

export function fail(field: string, message: string): never {
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
    const match = /^(\[[0-9a-f:.]+\]|[A-Za-z0-9._-]+)(?::(\d*))?$/i.exec(item.trim());
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

/** `a=1&b=2` as [raw key, raw value] pairs, as URLSearchParams splits them, but undecoded. */
function rawQueryPairs(query: string): [string, string][] {
  return query
    .split('&')
    .filter(Boolean)
    .map(pair => {
      const equals = pair.indexOf('=');
      return equals < 0 ? [pair, ''] : [pair.slice(0, equals), pair.slice(equals + 1)];
    });
}

const decodeQueryPart = (text: string) => new URLSearchParams(`k=${text}`).get('k')!;

/** One reading of the text after `scheme://`: where the userinfo ends decides the rest. */
interface Split {
  userinfo: string | undefined;
  hosts: string;
  path: string;
  query: string;
}

/**
 * The readings of `rest` (the URL after `scheme://`): without userinfo, then ending the
 * userinfo at each "@" in turn. A password written without %-encoding may hold "@", "#" or
 * "?"; the first reading whose every part is valid is what the setting means. A userinfo
 * never holds "/" (nor does the WHATWG parser's).
 */
function splits(rest: string): Split[] {
  const out: Split[] = [];
  const at = [-1];
  for (let index = rest.indexOf('@'); index >= 0; index = rest.indexOf('@', index + 1)) at.push(index);
  for (const index of at) {
    const userinfo = index < 0 ? undefined : rest.slice(0, index);
    if (userinfo?.includes('/')) continue;
    const match = /^([^/?]*)(\/[^?]*)?(?:\?(.*))?$/s.exec(rest.slice(index + 1));
    if (match) out.push({userinfo, hosts: match[1]!, path: match[2] ?? '', query: match[3] ?? ''});
  }
  return out;
}

/** What one reading means, with the URL rebuilt from it for messages: credentials masked. */
export interface Reading {
  username: string | undefined;
  password: string | undefined;
  nodes: RedisNode[];
  primaryName: string | undefined;
  db: number;
  family: 4 | 6 | undefined;
  query: URLSearchParams;
  display: string;
  /** Every password as written and as meant, for the redactor. */
  secrets: string[];
}

function read(split: Split, scheme: string, field: string): Reading {
  const kind = SCHEMES[scheme]!;
  const query = new URLSearchParams(split.query);
  for (const key of query.keys()) {
    if (!QUERY_KEYS.has(key)) {
      const named = /^[A-Za-z][A-Za-z0-9_-]{0,40}$/.test(key) ? ` ${JSON.stringify(key)}` : '';
      fail(field, `unknown query option${named} (known: ${[...QUERY_KEYS].join(', ')})`);
    }
  }
  const secrets: string[] = [];
  const userinfo = split.userinfo ?? '';
  const colon = userinfo.indexOf(':');
  const userinfoName = decode(colon < 0 ? userinfo : userinfo.slice(0, colon), field);
  let username = userinfoName || undefined;
  let password = colon < 0 ? undefined : decode(userinfo.slice(colon + 1), field) || undefined;
  if (password !== undefined) secrets.push(password, userinfo.slice(colon + 1));
  for (const [rawKey, rawValue] of rawQueryPairs(split.query)) {
    if (SECRET_QUERY_KEYS.has(decodeQueryPart(rawKey)) && rawValue !== '') secrets.push(rawValue, decodeQueryPart(rawValue));
  }
  // ioredis lets the query override the userinfo; keep that meaning.
  username = query.get('username') ?? username;
  password = query.get('password') ?? password;

  const nodes = parseHosts(split.hosts, field, kind.port);
  if (kind.topology === 'standalone' && nodes.length > 1) {
    fail(field, 'lists several hosts: use redis+sentinel://h1,h2/<primary-name> or redis+cluster://h1,h2');
  }
  const segments = split.path.split('/').filter(Boolean);
  let primaryName: string | undefined;
  let db: number;
  if (kind.topology === 'sentinel') {
    primaryName = segments[0] === undefined ? undefined : decode(segments[0], field);
    if (!primaryName) fail(field, 'needs the primary name the sentinels monitor: redis+sentinel://host:26379/<primary-name>[/db]');
    db = parseDb(segments[1], field);
  } else {
    db = parseDb(segments[0], field);
  }
  if (query.has('db')) db = parseDb(query.get('db')!, field);
  if (kind.topology === 'cluster' && db !== 0) fail(field, 'Redis Cluster has database 0 only; remove the database from the URL');
  if (kind.topology !== 'sentinel' && (query.has('sentinelPassword') || query.has('sentinelUsername'))) {
    fail(field, 'sentinelPassword/sentinelUsername apply to redis+sentinel:// only');
  }
  const family = query.has('family') ? Number(query.get('family')) : undefined;
  if (family !== undefined && family !== 4 && family !== 6) fail(field, 'family must be 4 or 6');

  // Rebuilt from what was understood, never from the text: a credential cannot slip through.
  // A userinfo without ":" is a user name to ioredis, but often meant as the password: hidden.
  const shownUser = split.userinfo === undefined ? '' : colon < 0 ? '***@' : `${encodeURIComponent(userinfoName)}:***@`;
  const shownQuery = [...query].map(([key, value]) => `${key}=${MASKED_QUERY_KEYS.has(key) ? '***' : encodeURIComponent(value)}`).join('&');
  const display = `${scheme}//${shownUser}${split.hosts}${split.path}${shownQuery ? `?${shownQuery}` : ''}`;
  return {username, password, nodes, primaryName, db, family, query, display, secrets};
}

/**
 * The first reading of the URL that is valid. When none is: the first reading's problem if
 * the URL has no "@" (so no userinfo); else the problem of the reading that ends the userinfo
 * at the last "@" (what follows it holds no credential); else a message that repeats nothing.
 */
export function readUrl(rest: string, scheme: string, field: string): Reading {
  const problems: {split: Split; error: RedisUrlError}[] = [];
  for (const split of splits(rest)) {
    try {
      return read(split, scheme, field);
    } catch (error) {
      if (!(error instanceof RedisUrlError)) throw error;
      problems.push({split, error});
    }
  }
  if (!rest.includes('@') && problems[0]) throw problems[0].error;
  const lastUserinfo = problems.filter(problem => problem.split.userinfo !== undefined).at(-1);
  if (lastUserinfo) throw lastUserinfo.error;
  return fail(
    field,
    'cannot be read as a Redis URL (not repeated here: it may hold a password). The form is ' +
      'redis://[user:password@]host[:port][/db]; %-encode "@", ":", "/", "?", "#" and "%" in a user name or password (e.g. "/" as %2F)',
  );
}

