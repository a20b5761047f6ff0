import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Redis} from 'ioredis';
import {afterEach, describe, expect, it} from 'vitest';
import {ROOT} from '../helpers/cli.js';
import {startRedis, type TestRedis} from '../jobs/redis-server.js';

/*
 * `npm run demo | tee log`, then Ctrl+C: the terminal's SIGINT reaches tee too, which dies,
 * and every later write of the demo to stdout fails (EPIPE). A closed terminal (SIGHUP)
 * takes stderr with it. Whatever happens to its output, the demo removes its Redis keys
 * and its files. Without Prometheus on PATH: the cleanup of Redis is what is under test.
 */

let redis: TestRedis | undefined;
let child: ChildProcess | undefined;
/** The temp folders a test made (the demo's TMPDIR, an empty PATH): removed after it. */
const made: string[] = [];
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await redis?.stop();
  redis = undefined;
  child = undefined;
  for (const folder of made.splice(0)) rmSync(folder, {recursive: true, force: true});
});

async function demoKeys(url: string): Promise<string[]> {
  const client = new Redis(url, {lazyConnect: true});
  await client.connect();
  try {
    return await client.keys('vigil-demo-*');
  } finally {
    client.disconnect();
  }
}

/** A demo whose stdout (and stderr, when asked) a reader closes once it is up and its worker has written to Redis. */
async function demoWithClosedOutput(closeStderr: boolean) {
  redis = await startRedis();
  const tmp = mkdtempSync(path.join(tmpdir(), 'vigil-demo-test-'));
  const emptyPath = mkdtempSync(path.join(tmpdir(), 'vigil-empty-path-'));
  made.push(tmp, emptyPath);
  const demo = spawn(process.execPath, [path.join(ROOT, 'scripts/demo.mjs')], {
    cwd: ROOT,
    env: {
      PATH: emptyPath,
      HOME: process.env.HOME,
      TMPDIR: tmp,
      VIGIL_DEMO_NO_BUILD: '1',
      VIGIL_SANDBOX_PORT: '0',
      VIGIL_METRICS_PORT: '0',
      VIGIL_REDIS_URL: redis.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = demo;
  const exited = new Promise<{code: number | null; signal: NodeJS.Signals | null}>(resolve => demo.on('exit', (code, signal) => resolve({code, signal})));
  let out = '';
  let err = '';
  demo.stdout!.setEncoding('utf8').on('data', chunk => (out += chunk));
  demo.stderr!.setEncoding('utf8').on('data', chunk => (err += chunk));
  await expect.poll(() => out, {timeout: 40_000}).toContain('Ctrl+C stops everything.');
  const url = redis.url;
  await expect.poll(async () => (await demoKeys(url)).length, {timeout: 30_000}).toBeGreaterThan(0);
  // The reader goes: as tee does on Ctrl+C, or the terminal on SIGHUP. Once this end of a
  // pipe is closed, every later write of the demo to it fails (EPIPE).
  const gone = (stream: NodeJS.ReadableStream & {destroy(): void}) => {
    const closed = new Promise(resolve => stream.once('close', resolve));
    stream.destroy();
    return closed;
  };
  await gone(demo.stdout!);
  if (closeStderr) await gone(demo.stderr!);
  return {demo, exited, tmp, url, out, err: () => err};
}

describe('the demo cleans up however its output ends', () => {
  it('`npm run demo | tee log`, Ctrl+C (tee gone, stdout EPIPE): the Redis keys and files are removed', async () => {
    const {demo, exited, tmp, url, out, err} = await demoWithClosedOutput(false);
    // The lines to paste fit 80 columns, broken between words (a terminal breaks mid-word).
    const paste = out.slice(out.indexOf('Paste into another shell'), out.indexOf('alias vigil='));
    const lines = paste.split('\n').slice(1, -1);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines.map(line => line.trim().replace(/ \\$/, '')).join(' ')).toMatch(/^export VIGIL_BASE_URL=\S+ VIGIL_API_KEY=vigil-demo-all-orgs-key VIGIL_ORG=acme VIGIL_REDIS_URL=\S+ VIGIL_PREFIX=vigil-demo-[0-9a-f]{8}$/);
    // Two: the terminal's, and the one `npm run` forwards to its script.
    demo.kill('SIGINT');
    demo.kill('SIGINT');
    expect(await exited).toEqual({code: 130, signal: null});
    expect(await demoKeys(url)).toEqual([]);
    expect(err()).toMatch(/demo: removed \d+ Redis keys? \(vigil-demo-[0-9a-f]{8}:\*\)/);
    expect(err()).not.toContain('unexpected error');
    expect(readdirSync(tmp).filter(name => name !== 'node-compile-cache')).toEqual([]);
  }, 120_000);

  it('a reader that goes while the demo runs (stdout EPIPE), then SIGTERM: the keys go', async () => {
    const {demo, exited, url, err} = await demoWithClosedOutput(false);
    demo.kill('SIGTERM');
    expect(await exited).toEqual({code: 0, signal: null});
    expect(await demoKeys(url)).toEqual([]);
    expect(err()).not.toContain('unexpected error');
  }, 120_000);

  it('SIGHUP with stdout and stderr gone (a closed terminal): the Redis keys and files are removed', async () => {
    const {demo, exited, tmp, url} = await demoWithClosedOutput(true);
    demo.kill('SIGHUP');
    expect(await exited).toEqual({code: 0, signal: null});
    expect(await demoKeys(url)).toEqual([]);
    expect(readdirSync(tmp).filter(name => name !== 'node-compile-cache')).toEqual([]);
  }, 120_000);
});
