// `npm run image [-- --output vigil.oci.tar] [--base IMAGE] [--node 24] [--tool buildah|podman|docker] [--rebuild-base]`
// Builds the Containerfile with whichever of buildah, podman or docker is here and tags it
// vigil:<version>; --output also writes it as an OCI archive any registry tool can push
// (skopeo copy oci-archive:vigil.oci.tar docker://registry/vigil:0.1.0).
// The base is the official node:<major>-slim; where no registry answers, one built from
// Debian's and npm's packages (scripts/image/base.mjs), cached as a local image.
// With --output it also writes two CycloneDX SBOMs beside the archive: the image's
// (<file>.sbom.cdx.json: its Debian packages, Node binary and node_modules) and the npm
// package's (vigil-<version>.package.sbom.cdx.json); scripts/image/sbom.mjs.
// Prints timings and sizes on stderr; stdout is the image's name (and the archive's and the
// SBOMs' paths).
import {fileURLToPath} from 'node:url';
import {existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {buildCommit} from './build/commit.mjs';
import {buildLocalBase, localBaseName} from './image/base.mjs';
import {readOciArchive, unpackRootfs, unpackedSize} from './image/oci-archive.mjs';
import {imageSbom, packageSbom} from './image/sbom.mjs';
import {buildArgs, diffIds, imageExists, imageTag, pickTool, pull, run, saveArgs} from './image/tool.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: npm run image -- [--output <file>] [--base <image>] [--node <major>] [--tool buildah|podman|docker] [--rebuild-base]';

function fail(message, code = 3) {
  process.stderr.write(`image: ${message}\n`);
  process.exit(code);
}

let flags;
try {
  flags = parseArgs({
    options: {
      output: {type: 'string'},
      base: {type: 'string'},
      node: {type: 'string', default: '24'},
      tool: {type: 'string'},
      'rebuild-base': {type: 'boolean', default: false},
      help: {type: 'boolean', default: false},
    },
  }).values;
} catch (error) {
  fail(`${error.message}\n${USAGE}`);
}
if (flags.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (!/^\d+$/.test(flags.node) || !['24', '26'].includes(flags.node)) fail(`--node: ${flags.node} is not a supported line for the image (24 or 26)`);
if (flags.tool && !['buildah', 'podman', 'docker'].includes(flags.tool)) fail(`--tool: ${flags.tool} is none of buildah, podman, docker`);
if (flags.output === '') fail('--output: needs a file name');

const tool = pickTool(flags.tool);
if (!tool) fail(flags.tool ? `--tool: ${flags.tool} is not usable here` : 'none of buildah, podman or docker (with a running daemon) is here: apt-get install buildah', 8);

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const tag = imageTag(pkg.version);
let commit;
try {
  commit = buildCommit(root);
} catch (error) {
  fail(error.message);
}
const caFile = process.env.NODE_EXTRA_CA_CERTS && existsSync(process.env.NODE_EXTRA_CA_CERTS) ? process.env.NODE_EXTRA_CA_CERTS : undefined;
const seconds = since => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const log = line => process.stderr.write(`image: ${line}\n`);
const mb = bytes => `${(bytes / 1e6).toFixed(1)} MB`;

try {
  // The base: the one asked for, else the official image, else one built from packages.
  let base = flags.base ?? `docker.io/library/node:${flags.node}-slim`;
  const started = Date.now();
  if (!imageExists(tool, base) && !pull(tool, base)) {
    if (flags.base) fail(`--base: ${base} is neither a local image nor pullable`, 4);
    const local = localBaseName(flags.node);
    log(`${base} cannot be pulled (no registry reachable): using ${local}, built from Debian's and npm's packages`);
    base = local;
    if (flags['rebuild-base'] || !imageExists(tool, base)) {
      const baseStarted = Date.now();
      const built = buildLocalBase(tool, base, flags.node);
      log(`built ${base} (Node.js ${built.nodeVersion}, npm ${built.npmVersion}) in ${seconds(baseStarted)}`);
    } else log(`${base} is cached (--rebuild-base to make it again)`);
  }

  const buildStarted = Date.now();
  run(tool, buildArgs(tool, {
    file: path.join(root, 'Containerfile'),
    tag,
    context: root,
    buildArgs: {NODE_IMAGE: base, VIGIL_VERSION: pkg.version, VIGIL_COMMIT: commit},
    // The CA this machine trusts for npm's registry (a TLS-inspecting proxy's), for npm ci.
    secrets: caFile ? {'npm-ca': caFile} : {},
  }));
  log(`built ${tag} (commit ${commit}) on ${base} with ${tool} in ${seconds(buildStarted)} (${seconds(started)} in all)`);

  if (flags.output) {
    const file = path.resolve(flags.output);
    run(tool, saveArgs(tool, tag, file));
    // Which layers are the base's and which are vigil's: the base's come first.
    const baseLayers = diffIds(tool, base).length;
    const archive = readOciArchive(file);
    const sizes = await Promise.all(archive.layers.map(layer => unpackedSize(layer)));
    const sum = list => list.reduce((a, b) => a + b, 0);
    log(`wrote ${file}: ${mb(statSync(file).size)}; layers unpacked: base ${mb(sum(sizes.slice(0, baseLayers)))}, vigil ${mb(sum(sizes.slice(baseLayers)))} (${sizes.slice(baseLayers).map(mb).join(' + ')})`);
    // What README.md's sizes line says of the image (`npm run sizes -- --image <file>` reads it).
    writeFileSync(`${file}.sizes.json`, `${JSON.stringify({tag, archiveBytes: statSync(file).size, baseBytes: sum(sizes.slice(0, baseLayers)), vigilLayerBytes: sizes.slice(baseLayers), measuredAt: new Date().toISOString().slice(0, 10)}, null, 2)}\n`);
    const sboms = writeSboms(archive, file);
    rmSync(archive.dir, {recursive: true, force: true});
    process.stdout.write(`${tag}\n${file}\n${sboms.join('\n')}\n`);
  } else process.stdout.write(`${tag}\n`);
} catch (error) {
  fail(error.message, 1);
}

/** The image's SBOM, read from its unpacked root filesystem, and the package's; their paths. */
function writeSboms(archive, file) {
  const rootfs = path.join(archive.dir, 'rootfs');
  mkdirSync(rootfs);
  unpackRootfs(archive, rootfs);
  const config = archive.config.config;
  const env = Object.fromEntries((config.Env ?? []).map(line => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  const image = imageSbom({rootfs, name: 'vigil', version: pkg.version, labels: config.Labels ?? {}, nodeVersion: env.NODE_VERSION ?? 'unknown'});
  const imageFile = `${file}.sbom.cdx.json`;
  writeFileSync(imageFile, `${JSON.stringify(image, null, 2)}\n`);
  const packageFile = path.join(path.dirname(file), `vigil-${pkg.version}.package.sbom.cdx.json`);
  writeFileSync(packageFile, `${JSON.stringify(packageSbom(root), null, 2)}\n`);
  const count = type => image.components.filter(component => component.purl?.startsWith(`pkg:${type}/`)).length;
  log(`wrote the SBOMs: ${imageFile} (${count('deb')} Debian packages, node ${image.components.find(c => c.name === 'node').version}, ${count('npm')} npm packages) and ${packageFile}`);
  return [imageFile, packageFile];
}
