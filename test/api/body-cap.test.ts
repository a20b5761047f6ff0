import {gzipSync} from 'node:zlib';
import {afterEach, describe, expect, it} from 'vitest';
import {ResponseTooLargeError, decodeBody, formatBytes, parseByteSize} from '../../src/api/body-cap.js';
import {ContractError} from '../../src/errors.js';
import {ExitCode} from '../../src/exit-codes.js';
import {gzipBomb} from '../helpers/gzip-bomb.js';
import {localServer, makeClient, type LocalServer} from './helpers.js';
import {rejectionOf} from '../helpers/thrown.js';

const MiB = 2 ** 20;

describe('parseByteSize and formatBytes', () => {
  it('read bytes with an optional binary unit, refuse anything else', () => {
    expect([parseByteSize('1048576'), parseByteSize('64MiB'), parseByteSize('512 kib'), parseByteSize('1GiB')]).toEqual([MiB, 64 * MiB, 512 * 1024, 2 ** 30]);
    for (const bad of ['0', '-1', '1.5MiB', '10MB', 'lots', '', '9'.repeat(400)]) expect(parseByteSize(bad), bad).toBeUndefined();
  });

  it('print the limit the way a person sets it', () => {
    expect([formatBytes(16 * MiB), formatBytes(2 ** 30), formatBytes(2048), formatBytes(1500), formatBytes(0)]).toEqual(['16 MiB', '1 GiB', '2 KiB', '1500 bytes', '0 bytes']);
  });
});

describe('decodeBody', () => {
  it('inflates gzip, deflate and brotli within the limit', async () => {
    const {deflateSync, brotliCompressSync} = await import('node:zlib');
    const text = '{"items":[]}';
    expect(await decodeBody(gzipSync(text), 'gzip', MiB, 'h')).toBe(text);
    expect(await decodeBody(deflateSync(text), 'deflate', MiB, 'h')).toBe(text);
    expect(await decodeBody(brotliCompressSync(text), 'br', MiB, 'h')).toBe(text);
    expect(await decodeBody(Buffer.from(text), undefined, MiB, 'h')).toBe(text);
  });

  it('reads the encoding name in any case and with spaces around it; identity is plain text', async () => {
    const text = '{"items":[]}';
    expect(await decodeBody(gzipSync(text), ' GZip ', MiB, 'h')).toBe(text);
    expect(await decodeBody(Buffer.from(text), 'identity', MiB, 'h')).toBe(text);
    expect(await decodeBody(Buffer.from(text), '', MiB, 'h')).toBe(text);
  });

  it('holds a plain body to the limit too: up to it is read, one byte more is refused', async () => {
    expect(await decodeBody(Buffer.alloc(100, 'a'), undefined, 100, 'h')).toBe('a'.repeat(100));
    const error = await rejectionOf(decodeBody(Buffer.alloc(101, 'a'), 'identity', 100, 'api.example'), ResponseTooLargeError);
    expect(error.message).toBe('unexpected response from api.example: the response body is larger than the limit of 100 bytes; the download was stopped');
  });

  it('stops at the limit once decompressed and names it', async () => {
    const error = await rejectionOf(decodeBody(gzipSync(Buffer.alloc(2 * MiB)), 'gzip', MiB, 'api.example'));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.message).toBe('unexpected response from api.example: the response body is larger than the limit of 1 MiB once decompressed; the download was stopped');
    expect((error as ResponseTooLargeError).hint).toContain('VIGIL_MAX_RESPONSE_BYTES');
    expect((error as ResponseTooLargeError).exitCode).toBe(ExitCode.Unexpected);
  });

  it('refuses an encoding it did not ask for and a corrupt body as contract errors', async () => {
    await expect(decodeBody(Buffer.from('x'), 'zstd', MiB, 'h')).rejects.toThrow('content-encoding "zstd", which vigil did not ask for');
    const corrupt = await rejectionOf(decodeBody(Buffer.from('not gzip'), 'gzip', MiB, 'h'));
    expect(corrupt).toBeInstanceOf(ContractError);
    expect(corrupt.message).toBe('unexpected response from h: the gzip response body cannot be decompressed (Z_DATA_ERROR)');
  });

  it('quotes an unknown encoding printable and short: control and non-ASCII characters as ?, at most 40 characters', async () => {
    const odd = await rejectionOf(decodeBody(Buffer.from('x'), 'zstd\u0007\u00e9', MiB, 'h'), ContractError);
    expect(odd.message).toBe('unexpected response from h: the response uses content-encoding "zstd??", which vigil did not ask for');
    const long = await rejectionOf(decodeBody(Buffer.from('x'), 'x'.repeat(500), MiB, 'h'), ContractError);
    expect(long.message).toContain(`content-encoding "${'x'.repeat(40)}", which`);
  });
});

describe('the client against an oversized response', () => {
  let server: LocalServer | undefined;
  afterEach(async () => server?.close());

  it('a gzip bomb (1 GiB of zeros) fails at the limit with one request, no retry', async () => {
    const bomb = gzipBomb(2 ** 30);
    server = await localServer((_req, res) => res.writeHead(200, {'content-type': 'application/json', 'content-encoding': 'gzip'}).end(bomb));
    const {client} = makeClient({baseUrl: `${server.url}/api/v2`, retries: 3, maxResponseBytes: 4 * MiB});
    const error = await rejectionOf(client.listReports({slug: 'acme'}));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.message).toContain('larger than the limit of 4 MiB once decompressed');
    expect(server.requests).toHaveLength(1);
  });

  it('a plain body streamed past the limit is cut off on the wire', async () => {
    server = await localServer((_req, res) => {
      res.writeHead(200, {'content-type': 'application/json'});
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const push = () => {
        while (res.write(chunk)) if (res.destroyed) return;
        res.once('drain', push);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      push();
    });
    const {client} = makeClient({baseUrl: `${server.url}/api/v2`, maxResponseBytes: MiB});
    const error = await rejectionOf(client.listReports({slug: 'acme'}));
    expect(error.message).toContain('larger than the limit of 1 MiB; the download was stopped');
    expect(server.requests).toHaveLength(1);
  });

  it('a declared Content-Length above the limit is refused before the body', async () => {
    server = await localServer((_req, res) => {
      res.writeHead(200, {'content-type': 'application/json', 'content-length': String(64 * MiB)});
      res.write('{');
    });
    const {client} = makeClient({baseUrl: `${server.url}/api/v2`, maxResponseBytes: MiB});
    expect((await rejectionOf(client.listReports({slug: 'acme'}))).message).toContain('larger than the limit of 1 MiB');
  });

  it('a gzip response within the limit is read as before', async () => {
    server = await localServer((_req, res) => res.writeHead(200, {'content-type': 'application/json', 'content-encoding': 'gzip'}).end(gzipSync('{"reports":[],"nextCursor":null,"totalCount":0}')));
    const {client} = makeClient({baseUrl: `${server.url}/api/v2`});
    expect((await client.listReports({slug: 'acme'})).reports).toEqual([]);
    expect(server.requests[0]!.headers['accept-encoding']).toBe('gzip, deflate, br');
  });
});
