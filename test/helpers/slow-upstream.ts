import {mkdtempSync} from 'node:fs';
import {createServer, type AddressInfo, type Socket} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach} from 'vitest';
import {localServer, type LocalServer} from '../api/helpers.js';

/*
 * Upstreams that are slow or silent, for the tests of a call's budget and of the waiting
 * line (test/cli/slow-upstream.test.ts, test/e2e/tmux-waiting-line.test.ts). Each file that
 * imports this closes what it opened after every test.
 */

export const KEY = 'vk_slow_5a4b3c2d1e0f99887766';
export const closers: Array<() => unknown> = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Accepts connections and never answers. */
export async function blackHole() {
  const sockets: Socket[] = [];
  const server = createServer(socket => {
    sockets.push(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>(resolve => server.close(() => resolve()));
  });
  return {host: `127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => sockets.length};
}

export async function server(handler: Parameters<typeof localServer>[0]): Promise<LocalServer> {
  const local = await localServer(handler);
  closers.push(() => local.close());
  return local;
}

export const envFor = (host: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  VIGIL_BASE_URL: `http://${host}/api/v2`,
  VIGIL_API_KEY: KEY,
  VIGIL_ORG: 'acme',
  VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-slow-')),
  ...extra,
});
