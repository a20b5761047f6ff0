import {gzipSync} from 'node:zlib';

/**
 * A gzip body that inflates to `bytes` zeros (a multiple of 1 MiB) while weighing about a
 * thousandth of it: one member holding 1 MiB of zeros, repeated (gzip allows concatenated
 * members and zlib reads them as one stream). Built in milliseconds, nothing on disk.
 */
export function gzipBomb(bytes: number): Buffer {
  const member = gzipSync(Buffer.alloc(2 ** 20), {level: 9});
  return Buffer.concat(Array.from({length: Math.ceil(bytes / 2 ** 20)}, () => member));
}
