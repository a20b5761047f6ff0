import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {gzipSync} from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {CommandContext} from '../../../src/cli/context.js';
import {keyChecker} from '../../../src/cmd/auth/shared/check-key.js';
import {readableVerdicts, workerKeyChecks} from '../../../src/cmd/worker/key-check.js';

/*
 * The worker's start-up key check against answers it cannot read. A 50 MB 401 (past the
 * 16 MiB cap) or a gzip bomb made it throw a contract error: exit 1, and the unit restarted
 * it into the same answer. A 401 is a rejected key however long its body (exit 2); a 2xx cut
 * at the cap, a bomb or a broken encoding says nothing about the key: unreachable, start anyway.
 */

type Mode = 'big' | 'bomb' | 'broken';
let server: Server;
let baseUrl: string;
const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));

beforeAll(async () => {
  server = createServer((req, res) => {
    const [, status, mode] = /\/(\d{3})\/(\w+)\//.exec(req.url ?? '') ?? [];
    const headers = {'content-type': 'application/json', ...(mode === 'big' ? {} : {'content-encoding': 'gzip'})};
    res.writeHead(Number(status), headers);
    if (mode === 'bomb') return void res.end(bomb);
    if (mode === 'broken') return void res.end('not gzip at all');
    // 50 MB, chunked: no Content-Length to refuse it by.
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const more = () => {
      while (sent < 50) {
        sent++;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function start(status: number, mode: Mode) {
  const signal = new AbortController().signal;
  const ctx = {signal, clientOptions: () => ({userAgent: 'vigil-test', signal})} as unknown as CommandContext;
  const lines: string[] = [];
  const checks = workerKeyChecks({check: readableVerdicts(keyChecker('vk_test_0123456789', `${baseUrl}/${status}/${mode}/api/v2`, ctx)), logEvent: message => lines.push(message)});
  const outcome = await checks.start([{org: 'acme', in: 'checks'}]).then(
    () => 'started',
    (error: {exitCode?: number; message?: string}) => `exit ${error.exitCode}: ${error.message}`,
  );
  return {outcome, lines};
}

describe("the worker's key check and an answer it cannot read", () => {
  it('a 50 MB 401 is a rejected key: exit 2, as a small one', async () => {
    const {outcome} = await start(401, 'big');
    expect(outcome).toMatch(/^exit 2: the upstream rejected this API key \(401: /);
  }, 30_000);

  it.each(['big', 'bomb', 'broken'] as const)('a 200 %s is "could not check the key", and the worker starts', async mode => {
    const {outcome, lines} = await start(200, mode);
    expect(outcome).toBe('started');
    expect(lines).toEqual(['could not check the API key at start; runs retry while the upstream is away']);
  }, 30_000);
});
