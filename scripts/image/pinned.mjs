// Packages fetched from npm's registry by exact version and checked against the integrity
// committed in scripts/image/pins.json, never against one read from the download or from the
// registry at build time: a tarball that differs by one byte from the one pinned stops the
// build. The local base's Node binary comes this way (scripts/image/base.mjs).
import {fileURLToPath} from 'node:url';
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {run} from './tool.mjs';

export const PINS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pins.json');

/** @typedef {{name: string, version: string, integrity: string}} Pin */

/** @returns {{node: Record<string, Pin>, npm: Pin}} */
export function readPins() {
  return JSON.parse(readFileSync(PINS_FILE, 'utf8'));
}

/** `sha512-<base64>` of a file, as npm writes integrity. */
export function integrityOf(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/** Throws, saying what differs, unless `file` is the tarball `pin` names. */
export function verifyPinned(file, pin) {
  const actual = integrityOf(file);
  if (actual !== pin.integrity) {
    throw new Error(
      `${pin.name}@${pin.version}: ${path.basename(file)} has integrity ${actual}, not the ${pin.integrity} pinned in ` +
        `${path.relative(process.cwd(), PINS_FILE)}: refusing to build on it (a corrupted or substituted download)`,
    );
  }
}

/** Downloads the pinned tarball into `dir` (no install, no scripts), verifies it, and returns its path. */
export function fetchPinned(pin, dir) {
  if (!/^\d+\.\d+\.\d+$/.test(pin.version)) throw new Error(`${pin.name}: pin ${pin.version} is not an exact version`);
  const name = run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', dir, `${pin.name}@${pin.version}`], {capture: true}).trim().split('\n').pop();
  const file = path.join(dir, name);
  verifyPinned(file, pin);
  return file;
}
