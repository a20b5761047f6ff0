// Reads an OCI archive (`oci-archive`: an OCI image layout in a tar) as a registry tool
// would: index -> manifest -> config and layers. scripts/image.mjs reports the layers'
// sizes from it; test/ship/image.test.ts checks the config and what the layers hold.
import {execFileSync} from 'node:child_process';
import {createReadStream, mkdtempSync, openSync, readFileSync, readSync, closeSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {createGunzip} from 'node:zlib';

const blob = (dir, digest) => path.join(dir, 'blobs', ...digest.split(':'));

/**
 * Unpacks `file` into a temporary folder.
 * @returns {{dir: string, manifest: any, config: any, layers: {digest: string, size: number, mediaType: string, path: string}[]}}
 */
export function readOciArchive(file) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-oci-'));
  execFileSync('tar', ['-xf', file, '-C', dir]);
  const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(blob(dir, index.manifests[0].digest), 'utf8'));
  const config = JSON.parse(readFileSync(blob(dir, manifest.config.digest), 'utf8'));
  const layers = manifest.layers.map(layer => ({digest: layer.digest, size: layer.size, mediaType: layer.mediaType, path: blob(dir, layer.digest)}));
  return {dir, manifest, config, layers};
}

function gzipped(file) {
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(2);
  readSync(fd, head, 0, 2, 0);
  closeSync(fd);
  return head[0] === 0x1f && head[1] === 0x8b;
}

/** The paths a layer holds (GNU tar reads plain and gzip-compressed layers alike). */
export function layerPaths(layer) {
  return execFileSync('tar', ['-tf', layer.path], {encoding: 'utf8', maxBuffer: 256 * 1024 * 1024}).split('\n').filter(Boolean);
}

/** A layer's size unpacked, in bytes (its tar stream). */
export async function unpackedSize(layer) {
  if (!gzipped(layer.path)) return layer.size;
  let total = 0;
  await new Promise((resolve, reject) => {
    createReadStream(layer.path).pipe(createGunzip()).on('data', chunk => (total += chunk.length)).on('end', resolve).on('error', reject);
  });
  return total;
}

/** The archive's layers unpacked in order into `into`, whiteouts applied: the container's root filesystem. */
export function unpackRootfs(archive, into) {
  for (const layer of archive.layers) {
    for (const entry of layerPaths(layer).filter(p => path.basename(p).startsWith('.wh.'))) {
      const dir = path.join(into, path.dirname(entry));
      const name = path.basename(entry).slice('.wh.'.length);
      if (name === '.wh..opq') rmSync(dir, {recursive: true, force: true});
      else rmSync(path.join(dir, name), {recursive: true, force: true});
    }
    execFileSync('tar', ['-xf', layer.path, '-C', into, '--exclude=.wh.*', '--numeric-owner'], {stdio: 'inherit'});
  }
}
