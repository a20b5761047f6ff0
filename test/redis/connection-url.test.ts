import {describe, expect, it} from 'vitest';
import {ioredisOptions, parseRedisUrl, RedisUrlError} from '../../src/redis/connection-url.js';
import {Problems} from '../../src/cli/problems.js';
import {resolveRedisSetting} from '../../src/redis/settings.js';
import {thrownBy} from '../helpers/thrown.js';

const problemOf = (run: () => unknown) => thrownBy(run, RedisUrlError).problem;

describe('the URL shown in messages (display)', () => {
  const display = (url: string) => parseRedisUrl(url, '--redis-url').display;

  it('is rebuilt from what was understood: the password in the userinfo and every credential in the query masked', () => {
    expect(display('redis://:pw1@h:6379')).toBe('redis://:***@h:6379');
    expect(display('redis://bob:pw1@h:6379/2')).toBe('redis://bob:***@h:6379/2');
    expect(display('redis://h:6379/?password=pw2&db=1')).toBe('redis://h:6379/?password=***&db=1');
    expect(display('redis+sentinel://a:1,b:2/m?username=u&sentinelPassword=s3')).toBe('redis+sentinel://a:1,b:2/m?username=***&sentinelPassword=***');
    // A %-encoded key is the key it decodes to, for ioredis and for the mask.
    expect(display('redis://h/?pass%77ord=Qy7Kp3Mn0Lz')).toBe('redis://h/?password=***');
  });

  it('reads an unencoded "@", "#" or "?" in a password as part of it, as a URL parser reads the last "@" of the authority', () => {
    for (const password of ['Sup3r@TailOfSecret99', 'Head#Rest88', 'Head?Rest77', 'a@b#c?d', '🔑🔑@🔑pw']) {
      const target = parseRedisUrl(`redis://:${password}@cache.internal:6380/2`, '--redis-url');
      expect(target).toMatchObject({nodes: [{host: 'cache.internal', port: 6380}], db: 2, display: 'redis://:***@cache.internal:6380/2'});
      expect(target.redisOptions.password).toBe(password);
      expect(target.secrets).toContain(password);
    }
  });

  it('lists each password as written and as meant, for the redactor', () => {
    expect(parseRedisUrl('redis://:p%40ss1@h/?password=q%23rs2', '--redis-url').secrets.sort()).toEqual(['p%40ss1', 'p@ss1', 'q#rs2', 'q%23rs2']);
  });
});

describe('parseRedisUrl', () => {
  it('reads redis:// with credentials from the userinfo or the query (the query wins, as in ioredis)', () => {
    const target = parseRedisUrl('redis://bob:pw1@10.0.0.5:6380/3?password=pw2', '--redis-url');
    expect(target).toMatchObject({topology: 'standalone', nodes: [{host: '10.0.0.5', port: 6380}], db: 3, tls: false});
    expect(target.secrets.sort()).toEqual(['pw1', 'pw2']);
    expect(target.redisOptions).toEqual({username: 'bob', password: 'pw2', db: 3});
    expect(target.display).toBe('redis://bob:***@10.0.0.5:6380/3?password=***');
  });

  it('reads Sentinel: hosts, primary name, db; the Redis and the sentinel passwords kept apart', () => {
    const target = parseRedisUrl('redis+sentinel://:redispw@s1:26379,s2,[::1]:26380/mymaster/2?sentinelPassword=sentpw', '--redis-url');
    expect(target.topology).toBe('sentinel');
    expect(target.nodes).toEqual([
      {host: 's1', port: 26379},
      {host: 's2', port: 26379},
      {host: '::1', port: 26380},
    ]);
    expect(target.primaryName).toBe('mymaster');
    const options = ioredisOptions(target, {});
    expect(options).toMatchObject({name: 'mymaster', db: 2, password: 'redispw', sentinelPassword: 'sentpw'});
    expect(target.secrets.sort()).toEqual(['redispw', 'sentpw']);
    expect(target.display).not.toMatch(/redispw|sentpw/);
  });

  it('takes the sentinel password from the environment when the URL has none', () => {
    const target = parseRedisUrl('redis+sentinel://s1/m', 'VIGIL_REDIS_URL', {sentinelPassword: 'envpw'});
    expect(ioredisOptions(target, {})).toMatchObject({sentinelPassword: 'envpw'});
    expect(ioredisOptions(target, {}).password).toBeUndefined();
  });

  it('reads a cluster seed list', () => {
    const target = parseRedisUrl('redis+cluster://h1:7000,h2:7001', '--redis-url');
    expect(target).toMatchObject({topology: 'cluster', nodes: [{host: 'h1', port: 7000}, {host: 'h2', port: 7001}]});
  });

  it('refuses what it cannot use, naming the field and never the password', () => {
    expect(problemOf(() => parseRedisUrl('http://:pw@h', '--redis-url'))).toEqual({field: '--redis-url', message: expect.stringContaining('must start with redis://')});
    expect(problemOf(() => parseRedisUrl('redis+sentinel://:pw@s1:26379', 'VIGIL_REDIS_URL')).message).toContain('needs the primary name');
    expect(problemOf(() => parseRedisUrl('redis://h1,h2', '--redis-url')).message).toContain('redis+sentinel://');
    expect(problemOf(() => parseRedisUrl('redis://h:99999', '--redis-url')).message).toContain('port must be 1-65535');
    expect(problemOf(() => parseRedisUrl('redis://h/?passwd=x', '--redis-url')).message).toContain('unknown query option "passwd"');
    expect(problemOf(() => parseRedisUrl('redis+cluster://h:7000/1', '--redis-url')).message).toContain('database 0 only');
    expect(problemOf(() => parseRedisUrl('redis://h', '--redis-url', {caFile: '/etc/ca.pem'}))).toEqual({field: '--redis-ca', message: expect.stringContaining('rediss://')});
    expect(problemOf(() => parseRedisUrl('rediss://h', '--redis-url', {caFile: '/nonexistent/ca.pem'})).message).toContain('cannot read /nonexistent/ca.pem (ENOENT)');
    expect(problemOf(() => parseRedisUrl('redis://:pw@h:x', '--redis-url')).message).not.toContain('pw');
  });

  it('repeats no part of the userinfo of a URL it cannot read', () => {
    for (const url of ['redis://:Hd4/Zq9@h', 'redis://:Hd4Zq9@Rt8Xw3@h:x', 'redis://:Hd4@Zq9@h:99999', 'Hd4Zq9@h:6379', 'redis://:Hd4Zq9@h/?x@y=1']) {
      const {message} = problemOf(() => parseRedisUrl(url, '--redis-url'));
      for (const part of ['Hd4', 'Zq9', 'Rt8']) expect(message, url).not.toContain(part);
    }
    expect(problemOf(() => parseRedisUrl('localhost:6379', '--redis-url')).message).toContain('(got "localhost:6379")');
  });

  it('reads the CA file for rediss:// and names the server for SNI', () => {
    const target = parseRedisUrl('rediss://cache.internal:6380', '--redis-url', {caFile: new URL(import.meta.url).pathname});
    const options = ioredisOptions(target, {});
    expect(options.tls).toMatchObject({servername: 'cache.internal'});
    expect(Buffer.isBuffer((options.tls as {ca: Buffer}).ca)).toBe(true);
  });
});

describe('resolveRedisSetting', () => {
  it('defaults the prefix to the hash tag {vigil} on a cluster, and refuses one that is not a hash tag (exit 3 with the fix)', () => {
    const problems = new Problems();
    expect(resolveRedisSetting({redisUrl: 'redis+cluster://h:7000'}, {}, problems)?.prefix).toBe('{vigil}');
    resolveRedisSetting({redisUrl: 'redis+cluster://h:7000', prefix: 'vigil'}, {}, problems);
    resolveRedisSetting({redisUrl: 'redis+cluster://h:7000'}, {VIGIL_PREFIX: 'v{}'}, problems);
    expect(problems.list).toEqual([
      {field: '--prefix', message: expect.stringContaining('must be a hash tag on Redis Cluster, like {vigil}')},
      {field: 'VIGIL_PREFIX', message: expect.stringContaining('like {v}')},
    ]);
  });

  it('names where the URL came from and takes VIGIL_REDIS_CA / VIGIL_REDIS_SENTINEL_PASSWORD', () => {
    const problems = new Problems();
    const setting = resolveRedisSetting({}, {VIGIL_REDIS_URL: 'redis+sentinel://s1/m', VIGIL_REDIS_SENTINEL_PASSWORD: 'sp'}, problems);
    expect(setting?.source).toBe('VIGIL_REDIS_URL');
    expect(setting?.target.sentinelOptions?.password).toBe('sp');
    resolveRedisSetting({}, {VIGIL_REDIS_URL: 'redis://h', VIGIL_REDIS_CA: '/etc/ca.pem'}, problems);
    expect(problems.list).toEqual([{field: 'VIGIL_REDIS_CA', message: expect.stringContaining('applies to TLS only')}]);
  });
});
