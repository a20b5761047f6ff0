import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../../helpers/cli.js';
import {ensureBuilt} from '../../helpers/build.js';
import {startRedis, type TestRedis} from '../../jobs/redis-server.js';
import {resp, startBlackHole, startFakeRedis, type FakeRedis} from '../../redis/fake-redis.js';
import {requireProgram} from '../../helpers/programs.js';

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');

/*
 * `vigil doctor` against what a hostile Redis can hold: heartbeats of workers that never
 * answer, and text made to act on a terminal. Doctor stays bounded and prints it inert.
 */

let dir: string;
let redis: TestRedis;
let hole: {port: number; stop(): Promise<void>};
let hostile: FakeRedis;

// An OSC 8 link hidden in the eviction policy, and a right-to-left override after it.
const POLICY = 'allkeys-lru\u001b]8;;https://evil.example/login\u0007Open runbook\u001b]8;;\u0007\u202egnp.exe';

beforeAll(async () => {
  ensureBuilt();
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-doctor-hostile-'));
  [redis, hole] = await Promise.all([startRedis(), startBlackHole()]);
  hostile = await startFakeRedis(([name]) => {
    switch (name?.toUpperCase()) {
      case 'INFO':
        return resp.bulk(`# Server\r\nredis_version:7.2.4\r\n# Memory\r\nmaxmemory_policy:${POLICY}\r\n`);
      case 'PING':
        return '+PONG\r\n';
      case 'CLIENT':
      case 'SELECT':
        return resp.ok;
      case 'ZCARD':
        return resp.integer(0);
      case 'HGETALL':
        return resp.emptyArray;
      default:
        return resp.error('ERR unknown command');
    }
  });
}, 120_000);
afterAll(async () => {
  await Promise.all([redis?.stop(), hole?.stop(), hostile?.stop()]);
  rmSync(dir, {recursive: true, force: true});
});

const doctor = (url: string, ...args: string[]) => runCli(['doctor', '--redis-url', url, ...args], {env: {VIGIL_CONFIG_DIR: dir}, timeoutMs: 60_000});

describe.skipIf(redisServer.skipReason)('vigil doctor and a hostile Redis', () => {
  it('20 planted heartbeats pointing at a black hole: done within 15 s, saying how many were not probed', async () => {
    const client = redis.client();
    const now = Date.now();
    for (let index = 0; index < 20; index++) {
      const beat = {id: `planted-${index}`, host: `planted-${index}`, pid: 1000 + index, version: '9.9.9', metricsUrl: `http://127.0.0.1:${hole.port}`, startedAt: now, seenAt: now};
      await client.hset('hostile:healthchecks:workers', beat.id, JSON.stringify(beat));
    }
    const started = performance.now();
    const result = await doctor(redis.url, '--prefix', 'hostile');
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(15);
    const probed = result.stdout.split('\n').filter(line => /^warn\s+worker planted-\d+:\d+ .*unreachable from here/.test(line)).length;
    const notProbed = Number(/20 live \(heartbeat within 15s\); (\d+) of 20 not probed/.exec(result.stdout)?.[1]);
    expect(probed).toBeGreaterThan(0);
    expect(notProbed).toBeGreaterThan(0);
    expect(probed + notProbed).toBe(20);
  }, 60_000);

  it("prints BullMQ's eviction warning, which echoes the policy, without the link or the override; --json escapes the override", async () => {
    const text = await doctor(hostile.url);
    // BullMQ did warn: the warning reached stderr, cleaned.
    expect(text.stderr).toContain('Eviction policy is allkeys-lru');
    expect(text.stderr).toContain('Open runbook');
    for (const output of [text.stderr, text.stdout]) {
      expect(output).not.toContain('\u001b');
      expect(output).not.toContain('\u0007');
      expect(output).not.toContain('\u202e');
    }
    expect(text.stdout).toContain('maxmemory-policy allkeys-lruOpen runbookgnp.exe');

    const json = await doctor(hostile.url, '--json');
    expect(json.stdout).not.toContain('\u202e');
    expect(json.stdout).toContain('\\u202e');
    const redisLine = (JSON.parse(json.stdout) as {check: string; detail: string}[]).find(line => line.check === 'redis');
    // Escaped for the terminal, the same text for a script.
    expect(redisLine?.detail).toContain(POLICY);
  }, 60_000);

  it('a heartbeat whose host retitles the window, clears the screen and sets the clipboard: the name column prints it inert', async () => {
    const client = redis.client();
    const now = Date.now();
    // OSC 0 (window title), ESC [2J (clear), OSC 52 (clipboard: `rm -rf ~`, base64).
    const host = 'h\u001b]0;pwned\u0007ost\u001b[2J\u001b]52;c;cm0gLXJmIH4=\u0007';
    const beat = {id: 'osc', host, pid: 4242, version: '9.9.9', metricsUrl: `http://127.0.0.1:${hole.port}`, startedAt: now, seenAt: now};
    await client.hset('osc:healthchecks:workers', beat.id, JSON.stringify(beat));
    const result = await doctor(redis.url, '--prefix', 'osc');
    expect(result.stdout).toMatch(/^warn\s+worker host:4242\s+host pid 4242/m);
    for (const output of [result.stdout, result.stderr]) {
      expect(output).not.toContain('\u001b');
      expect(output).not.toContain('\u0007');
      expect(output).not.toContain('cm0gLXJmIH4=\u0007');
    }
  }, 60_000);

  it('a heartbeat that is none ("seenAt": "soon") is named, with how to remove it; the live worker still probed', async () => {
    const client = redis.client();
    const now = Date.now();
    const key = 'soon:healthchecks:workers';
    const live = {id: 'live', host: 'box', pid: 7, version: '9.9.9', metricsUrl: `http://127.0.0.1:${hole.port}`, startedAt: now, seenAt: now};
    await client.hset(key, 'live', JSON.stringify(live), 'planted', JSON.stringify({...live, id: 'planted', seenAt: 'soon'}), 'far', JSON.stringify({...live, id: 'far', seenAt: 1e300}));
    const result = await doctor(redis.url, '--prefix', 'soon');
    expect(result.stdout).toMatch(/^ok\s+workers\s+1 live/m);
    expect(result.stdout).toMatch(/^warn\s+heartbeats\s+skipped 2 bad heartbeats: "far": heartbeat seenAt: must be a time a date can hold; "planted": heartbeat seenAt: Invalid input: expected number, received string$/m);
    expect(result.stdout).toContain(`-> something other than vigil wrote to ${key}: \`redis-cli HDEL ${key} <id>\` removes an entry`);
    expect(result.stdout).toMatch(/^warn\s+worker box:7\s/m);
    expect(result.stderr).not.toContain('Invalid time value');
  }, 60_000);
});
