import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli, type CliResult} from '../helpers/cli.js';
import {ensureBuilt} from '../helpers/build.js';
import {freePort} from '../jobs/redis-server.js';
import {resp, startFakeRedis, type FakeRedis} from './fake-redis.js';

/*
 * A Redis password in every form an operator can write one, and a Redis that echoes it:
 * `worker`, `schedules list` and `doctor` print no part of it, on stdout or stderr.
 */

let dir: string;
let checks: string;
let closed: number;
let echoing: FakeRedis;
const ECHOED = 'Ec5Pw9Zx4Pw42';

beforeAll(async () => {
  ensureBuilt();
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-redis-secrets-'));
  checks = path.join(dir, 'checks.yaml');
  writeFileSync(checks, 'checks:\n  - {check: takedowns.cancelled-count, org: acme, every: 1m}\n');
  closed = await freePort();
  // A proxy in front of Redis that repeats the password it refused, to anything.
  echoing = await startFakeRedis(command => resp.error(`ERR proxy rejected AUTH ${command[0]?.toUpperCase() === 'AUTH' ? command.at(-1) : ECHOED}`));
}, 120_000);
afterAll(async () => {
  await echoing?.stop();
  rmSync(dir, {recursive: true, force: true});
});

const env = () => ({VIGIL_CONFIG_DIR: dir, VIGIL_API_KEY: 'secret-forms-key-1234', VIGIL_BASE_URL: 'http://127.0.0.1:9/api/v2'});
const commands: Record<string, (url: string) => string[]> = {
  worker: url => ['worker', '--checks', checks, '--metrics-port', '0', '--redis-url', url],
  'schedules list': url => ['schedules', 'list', '--redis-url', url],
  doctor: url => ['doctor', '--redis-url', url],
};

/** Every run of 5 characters of the password: printing any of them prints part of it. */
function partsOf(password: string): string[] {
  const parts: string[] = [];
  for (let index = 0; index + 5 <= password.length; index++) parts.push(password.slice(index, index + 5));
  return parts;
}

function expectNoPart(result: CliResult, password: string): void {
  const output = `${result.stdout}\n${result.stderr}`;
  for (const part of partsOf(password)) expect(output, `"${part}" of the password printed in:\n${output}`).not.toContain(part);
}

const CASES = ['a password with an unencoded "@"', 'a password with an unencoded "#"', 'a password with an unencoded "?"', 'a %-encoded query key (pass%77ord)'];
const cases = () => [
  {name: CASES[0], url: `redis://:Zq9Sup3r@Tail0fXq7@127.0.0.1:${closed}`, password: 'Zq9Sup3r@Tail0fXq7', shown: `redis://:***@127.0.0.1:${closed}`},
  {name: CASES[1], url: `redis://:Hd4Zq9#Rt8Xw3@127.0.0.1:${closed}`, password: 'Hd4Zq9#Rt8Xw3', shown: `redis://:***@127.0.0.1:${closed}`},
  {name: CASES[2], url: `redis://:Hd5Vb2?Rt6Yp1@127.0.0.1:${closed}`, password: 'Hd5Vb2?Rt6Yp1', shown: `redis://:***@127.0.0.1:${closed}`},
  {name: CASES[3], url: `redis://127.0.0.1:${closed}/?pass%77ord=Qy7Kp3Mn0Lz`, password: 'Qy7Kp3Mn0Lz', shown: `redis://127.0.0.1:${closed}/?password=***`},
];

describe.each(Object.keys(commands))('%s', command => {
  it.each(CASES)('prints no part of %s, and says which Redis it could not reach', async name => {
    const {url, password, shown} = cases().find(item => item.name === name)!;
    const result = await runCli(commands[command]!(url), {env: env(), timeoutMs: 30_000});
    expect(result.code).toBe(8);
    expect(`${result.stdout}${result.stderr}`).toContain(`cannot reach Redis at ${shown}`);
    expectNoPart(result, password);
  }, 40_000);

  it('prints no part of a password a Redis (proxy) echoes in its error', async () => {
    const result = await runCli(commands[command]!(`redis://:${ECHOED}@127.0.0.1:${echoing.port}`), {env: env(), timeoutMs: 30_000});
    // It did reach the echoing server and did get the echo back.
    expect(echoing.commands.some(words => words.includes(ECHOED))).toBe(true);
    expect(`${result.stdout}${result.stderr}`).toContain('ERR proxy rejected AUTH ***');
    expect(result.code).toBe(8);
    expectNoPart(result, ECHOED);
  }, 40_000);
});
