import {spawn} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CLI, ROOT, runCli} from '../helpers/cli.js';
import {ensureBuilt} from '../helpers/build.js';
import {freePort} from '../jobs/redis-server.js';
import {removeScratchDirs, scratchDir, startNode, type Node} from './servers.js';
import {requireProgram} from '../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

/* Each way a Redis setting can be wrong, as an operator meets it: the built CLI, its exit code and what it says. */

let dir: string;
let checks: string;
const started: Node[] = [];

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-redis-misconfig-'));
  checks = path.join(dir, 'checks.yaml');
  writeFileSync(checks, 'checks:\n  - {check: takedowns.cancelled-count, org: acme, every: 1m}\n');
}, 120_000);
afterAll(async () => {
  await Promise.all(started.map(node => node.kill()));
  removeScratchDirs();
});

async function node(args: string[] = [], configFile?: string): Promise<Node> {
  const started_ = await startNode(args, configFile ? {configFile} : {});
  started.push(started_);
  return started_;
}

const env = {VIGIL_CONFIG_DIR: '', VIGIL_API_KEY: 'misconfig-key-1234', VIGIL_BASE_URL: 'http://127.0.0.1:9/api/v2'};
const worker = (url: string, ...extra: string[]) => runCli(['worker', '--checks', checks, '--metrics-port', '0', '--redis-url', url, ...extra], {env: {...env, VIGIL_CONFIG_DIR: dir}});

describe.skipIf(redisServer.skipReason)('a worker pointed at a misconfigured Redis', () => {
  it('refuses maxmemory-policy allkeys-lru with exit 3 and the command that fixes it', async () => {
    const redis = await node(['--maxmemory-policy', 'allkeys-lru']);
    const result = await worker(`redis://127.0.0.1:${redis.port}`);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`Redis at 127.0.0.1:${redis.port}`);
    expect(result.stderr).toContain('has maxmemory-policy allkeys-lru');
    expect(result.stderr).toContain(`redis-cli -h 127.0.0.1 -p ${redis.port} CONFIG SET maxmemory-policy noeviction`);
    expect(result.stderr).toContain('redis.conf');
  });

  it('never prints a password given in the query string, in the start line or in "cannot reach Redis"', async () => {
    const redis = await node(['--requirepass', 'query-secret-77', '--maxmemory-policy', 'noeviction']);
    const child = spawn(process.execPath, [CLI, 'worker', '--checks', checks, '--metrics-port', '0', '--redis-url', `redis://127.0.0.1:${redis.port}/?password=query-secret-77`], {
      cwd: ROOT,
      env: {PATH: process.env.PATH, HOME: process.env.HOME, ...env, VIGIL_CONFIG_DIR: dir},
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk));
    const exit = new Promise(resolve => child.on('close', resolve));
    await expect.poll(() => stderr.includes('worker started'), {message: 'the start line', timeout: 20_000}).toBe(true);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(stderr).toContain(`"redis":"redis://127.0.0.1:${redis.port}/?password=***"`);
    expect(stderr).not.toContain('query-secret-77');

    const closed = await freePort();
    const unreachable = await runCli(['schedules', 'list', '--redis-url', `redis://u:userinfo-secret@127.0.0.1:${closed}/?password=query-secret-77&username=someone`], {env});
    expect(unreachable.code).toBe(8);
    expect(unreachable.stderr).toContain(`cannot reach Redis at redis://u:***@127.0.0.1:${closed}/?password=***&username=***`);
    expect(unreachable.stderr).not.toMatch(/query-secret-77|userinfo-secret|someone/);
  }, 40_000);

  it('a wrong Redis password: exit 3, saying where the password goes', async () => {
    const redis = await node(['--requirepass', 'right-one']);
    const result = await worker(`redis://:wrong-one@127.0.0.1:${redis.port}`);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('refused the credentials');
    expect(result.stderr).not.toContain('wrong-one');
  });

  it('Sentinel: an unknown primary name is exit 3 listing the names the sentinels know; no sentinel reachable is exit 8', async () => {
    const primary = await node(['--maxmemory-policy', 'noeviction']);
    const conf = path.join(scratchDir('sentinel-misconfig'), 'sentinel.conf');
    writeFileSync(conf, `sentinel monitor realname 127.0.0.1 ${primary.port} 1\n`);
    const sentinel = await node(['--sentinel'], conf);
    const unknown = await worker(`redis+sentinel://127.0.0.1:${sentinel.port}/typo`);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain(`the sentinels at 127.0.0.1:${sentinel.port} (--redis-url) monitor no primary named "typo"`);
    expect(unknown.stderr).toContain('they monitor: realname');

    const [a, b] = [await freePort(), await freePort()];
    const started = Date.now();
    const none = await worker(`redis+sentinel://:pw@127.0.0.1:${a},127.0.0.1:${b}/realname?sentinelPassword=sp-secret`);
    expect(none.code).toBe(8);
    expect(none.stderr).toContain(`no sentinel reachable at 127.0.0.1:${a}, 127.0.0.1:${b}`);
    expect(none.stderr).not.toContain('sp-secret');
    expect(Date.now() - started).toBeLessThan(10_000);

    const found = await runCli(['schedules', 'list', '--redis-url', `redis+sentinel://127.0.0.1:${sentinel.port}/realname`, '--json'], {env});
    expect(found).toMatchObject({code: 0, stdout: '[]\n'});
  }, 40_000);

  it('Cluster: slots not covered is exit 8 with the fix; a plain server is exit 3; a prefix without a hash tag is exit 3', async () => {
    const lonely = await node(['--cluster-enabled', 'yes', '--cluster-config-file', path.join(scratchDir('cluster-misconfig'), 'nodes.conf')]);
    const uncovered = await worker(`redis+cluster://127.0.0.1:${lonely.port}`);
    expect(uncovered.code).toBe(8);
    expect(uncovered.stderr).toContain('cluster slots not covered (cluster_state:fail, 0 of 16384 slots served)');
    expect(uncovered.stderr).toContain(`redis-cli --cluster fix 127.0.0.1:${lonely.port}`);

    const plain = await node();
    const notCluster = await worker(`redis+cluster://127.0.0.1:${plain.port}`);
    expect(notCluster.code).toBe(3);
    expect(notCluster.stderr).toContain('is not a Redis Cluster node');

    const prefix = await worker(`redis+cluster://127.0.0.1:${lonely.port}`, '--prefix', 'vigil');
    expect(prefix.code).toBe(3);
    expect(prefix.stderr).toContain('--prefix: must be a hash tag on Redis Cluster, like {vigil}');
  }, 40_000);
});
