import {promisify} from 'node:util';
import type zlib from 'node:zlib';
import {ContractError} from '../errors.js';

/*
 * A response body is read into memory, so its size is capped twice: the bytes on the wire
 * (got-transport.ts watches got's downloadProgress and cancels past the cap) and the bytes
 * after decompression (zlib stops at the cap), so a 1 MB gzip that inflates to 1 GiB costs
 * at most the cap. got's own inflater has no output limit, so got is told not to decompress
 * and decodeBody does it here, on the thread pool, so the worker keeps answering /healthz.
 */

/** Default cap, compressed and decompressed: far above any page of the API (docs/contract.md#limits). */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** The environment variable that changes the cap (docs/api-client.md). */
export const MAX_RESPONSE_BYTES_ENV = 'VIGIL_MAX_RESPONSE_BYTES';

/** What we ask for: the encodings decodeBody can bound. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * The upstream sent more than the cap. Not an outage, so never retried (the worker treats a
 * ContractError as final); exit 1 like any response that breaks the contract.
 */
export class ResponseTooLargeError extends ContractError {
  /** The status of the answer whose body was cut, when it was known: a 401 still says the key was refused. */
  status?: number;

  constructor(host: string, limit: number, stage: 'compressed' | 'decompressed') {
    super(
      host,
      [`the response body is larger than the limit of ${formatBytes(limit)}${stage === 'decompressed' ? ' once decompressed' : ''}; the download was stopped`],
      `if such a large answer is expected, raise the limit with ${MAX_RESPONSE_BYTES_ENV} (bytes, or e.g. 64MiB)`,
    );
  }
}

/** 16777216 -> "16 MiB", 1500 -> "1500 bytes". */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [['GiB', 2 ** 30], ['MiB', 2 ** 20], ['KiB', 2 ** 10]] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** "16777216", "64MiB", "512KiB", "1GiB" -> bytes; undefined for anything else (or 0). */
export function parseByteSize(text: string): number | undefined {
  const match = /^\s*(\d{1,12})\s*(KiB|MiB|GiB)?\s*$/i.exec(text);
  if (!match) return undefined;
  const unit = (match[2] ?? '').toLowerCase();
  const bytes = Number(match[1]) * (unit === 'kib' ? 2 ** 10 : unit === 'mib' ? 2 ** 20 : unit === 'gib' ? 2 ** 30 : 1);
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

type Inflate = (buffer: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Promise<Buffer>;

// node:zlib is loaded with the first compressed body: a run that sends nothing (--dry-run)
// or gets identity bodies does not load it.
let inflaters: Record<string, Inflate> | undefined;
async function loadInflaters(): Promise<Record<string, Inflate>> {
  const {default: zlib} = await import('node:zlib');
  return (inflaters ??= {
    gzip: promisify(zlib.gunzip),
    'x-gzip': promisify(zlib.gunzip),
    deflate: promisify(zlib.inflate),
    br: promisify(zlib.brotliDecompress),
  });
}

const INFLATE_NAMES = {gzip: true, 'x-gzip': true, deflate: true, br: true};

/**
 * The body as text, decompressed per Content-Encoding with at most `limit` bytes of output.
 * An encoding vigil did not ask for is a contract error, not text to print.
 */
export async function decodeBody(raw: Buffer, encoding: string | string[] | undefined, limit: number, host: string): Promise<string> {
  const name = String(encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') {
    if (raw.length > limit) throw new ResponseTooLargeError(host, limit, 'compressed');
    return raw.toString('utf8');
  }
  const inflate = Object.hasOwn(INFLATE_NAMES, name) ? (await loadInflaters())[name] : undefined;
  if (!inflate) throw new ContractError(host, [`the response uses content-encoding "${name.replace(/[^\x20-\x7e]/g, '?').slice(0, 40)}", which vigil did not ask for`]);
  try {
    return (await inflate(raw, {maxOutputLength: limit})).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) throw new ResponseTooLargeError(host, limit, 'decompressed');
    throw new ContractError(host, [`the ${name} response body cannot be decompressed (${(error as NodeJS.ErrnoException).code ?? 'corrupt data'})`]);
  }
}
