import {connect, type Socket} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {startSandbox, type Sandbox} from '../../src/sandbox/server.js';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** Opens a socket, sends the headers of a POST announcing `length` bytes, and records what comes back. */
function slowPost(origin: string, length: number, key: string): Promise<{socket: Socket; reply: () => string; closed: Promise<number>}> {
  const {hostname, port} = new URL(origin);
  return new Promise(resolve => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`POST /api/v2/reports/search HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nX-API-KEY: ${key}\r\n\r\n`);
      const started = performance.now();
      let reply = '';
      socket.setEncoding('utf8').on('data', chunk => (reply += chunk));
      const closed = new Promise<number>(done => socket.on('close', () => done(performance.now() - started)));
      socket.on('error', () => {});
      resolve({socket, reply: () => reply, closed});
    });
  });
}

describe('the sandbox against slow clients', () => {
  it('answers 408 and closes a connection that trickles its body past the request timeout', async () => {
    sandbox = await startSandbox({port: 0, requestTimeoutMs: 400, connectionTimeoutMs: 5000});
    const {socket, reply, closed} = await slowPost(sandbox.origin, 1000, sandbox.keys.allOrgs);
    // One byte every 50 ms: never idle, never done.
    const trickle = setInterval(() => socket.writable && socket.write('{'), 50);
    const elapsed = await closed;
    clearInterval(trickle);
    // A 408 is the request timeout's answer; a trickle is never idle, so nothing else closes it.
    expect(reply()).toMatch(/^HTTP\/1\.1 408 /);
    expect(elapsed).toBeGreaterThanOrEqual(390);
  });

  it('closes an idle connection after the connection timeout', async () => {
    sandbox = await startSandbox({port: 0, requestTimeoutMs: 10_000, connectionTimeoutMs: 300});
    const {closed, reply} = await slowPost(sandbox.origin, 1000, sandbox.keys.allOrgs);
    const elapsed = await closed;
    // Closed by the connection timeout, not the request timeout's 408 at 10 s.
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(10_000);
    expect(reply()).toBe('');
  });

  it('has request and connection timeouts by default', async () => {
    const {buildApp, DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_CONNECTION_TIMEOUT_MS} = await import('../../src/sandbox/server.js');
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
    expect(DEFAULT_CONNECTION_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
    const {Store} = await import('../../src/sandbox/store.js');
    const {generateSeed} = await import('../../src/sandbox/seed.js');
    const app = buildApp({store: new Store(generateSeed('demo', Date.now())), keys: {allOrgs: 'a', scoped: 'b', scopedOrg: 'acme'}, now: Date.now, origin: () => '', bodyLimit: 1024, reviewLimit: 10, faults: []});
    expect(app.server.requestTimeout).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
    expect(app.server.headersTimeout).toBeLessThanOrEqual(DEFAULT_REQUEST_TIMEOUT_MS);
    expect(app.server.timeout).toBe(DEFAULT_CONNECTION_TIMEOUT_MS);
  });
});
