import {spawn} from 'node:child_process';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CLI, ROOT} from '../helpers/cli.js';
import {gzipBomb} from '../helpers/gzip-bomb.js';
import {requireProgram} from '../helpers/programs.js';
import {localServer, type LocalServer} from './helpers.js';

// GNU time, for the peak RSS the OS measured.
const time = requireProgram('/usr/bin/time');
const TIME = '/usr/bin/time';

/**
 * The acceptance case of the body cap, as a user meets it: the built CLI against an upstream
 * answering with 1 GiB of gzipped zeros (about 1 MB on the wire). Peak RSS comes from the
 * OS (GNU time's "Maximum resident set size"), not from inside Node.
 */
describe.skipIf(time.skipReason)('the CLI against a 1 GiB gzip response', () => {
  let server: LocalServer;
  beforeAll(async () => {
    const bomb = gzipBomb(2 ** 30);
    server = await localServer((_req, res) => res.writeHead(200, {'content-type': 'application/json', 'content-encoding': 'gzip'}).end(bomb));
  });
  afterAll(() => server.close());

  it('fails with an error naming the limit, under 300 MB peak RSS, after one request', async () => {
    const started = performance.now();
    const {code, stderr} = await new Promise<{code: number | null; stderr: string}>((resolve, reject) => {
      const child = spawn(TIME, ['-v', process.execPath, CLI, 'reports', 'list', '--org', 'acme'], {
        cwd: ROOT,
        env: {PATH: process.env.PATH, HOME: '/nonexistent', VIGIL_API_KEY: 'vk_live_bomb_0123456789', VIGIL_BASE_URL: `${server.url}/api/v2`},
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      child.stderr.setEncoding('utf8').on('data', chunk => (err += chunk));
      child.on('error', reject);
      child.on('close', exit => resolve({code: exit, stderr: err}));
    });
    const seconds = (performance.now() - started) / 1000;
    const peakKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1]);
    expect(stderr).toContain('the response body is larger than the limit of 16 MiB once decompressed; the download was stopped');
    expect(stderr).toContain('VIGIL_MAX_RESPONSE_BYTES');
    expect(stderr).toContain('Exit status: 1');
    expect(code).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(peakKb).toBeGreaterThan(0);
    expect(peakKb / 1024).toBeLessThan(300);
    console.log(`gzip bomb: exit ${code} in ${seconds.toFixed(2)} s, peak RSS ${(peakKb / 1024).toFixed(0)} MB (node ${process.version})`);
  }, 30_000);
});
