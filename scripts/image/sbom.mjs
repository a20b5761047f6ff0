// The SBOMs `npm run image -- --output <file>` writes beside the archive, CycloneDX 1.5 JSON:
// - the image's, read from its root filesystem: every Debian package dpkg records there, the
//   Node binary (its SHA-256, and the pinned npm package and integrity it came from when the
//   base was built here), and every package under the runtime's node_modules;
// - the npm package's, from `npm sbom` over the lockfile, production dependencies only.
// test/ship/image.test.ts compares the first with `dpkg-query` of the same root filesystem.
import {createHash, randomUUID} from 'node:crypto';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {run} from './tool.mjs';

/** dpkg's status file: the packages whose Status says installed. */
export function dpkgPackages(rootfs) {
  const text = readFileSync(path.join(rootfs, 'var/lib/dpkg/status'), 'utf8');
  return text.split(/\n\n+/).map(paragraph => {
    const fields = Object.fromEntries(paragraph.split('\n').filter(line => /^\S[^:]*:/.test(line)).map(line => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
    return fields;
  }).filter(fields => fields.Package && / installed$/.test(fields.Status ?? '')).map(fields => ({name: fields.Package, version: fields.Version, arch: fields.Architecture}));
}

/** Every package.json of a node_modules tree (scoped and nested ones included). */
export function nodeModules(dir) {
  const found = [];
  const visit = modules => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules, {withFileTypes: true})) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const dirs = entry.name.startsWith('@') ? readdirSync(path.join(modules, entry.name)).map(name => path.join(modules, entry.name, name)) : [path.join(modules, entry.name)];
      for (const pkgDir of dirs) {
        const manifest = path.join(pkgDir, 'package.json');
        if (!existsSync(manifest)) continue;
        const {name, version, license} = JSON.parse(readFileSync(manifest, 'utf8'));
        found.push({name, version, license, path: path.relative(dir, pkgDir)});
        visit(path.join(pkgDir, 'node_modules'));
      }
    }
  };
  visit(dir);
  return found;
}

const sha256 = file => createHash('sha256').update(readFileSync(file)).digest('hex');
const npmPurl = (name, version) => `pkg:npm/${name.startsWith('@') ? `%40${name.slice(1)}` : name}@${version}`;

/**
 * @param {{rootfs: string, name: string, version: string, labels: Record<string, string>, nodeVersion: string}} image
 */
export function imageSbom({rootfs, name, version, labels, nodeVersion}) {
  const node = path.join(rootfs, 'usr/local/bin/node');
  const origin = labels['vigil.base.node.package'];
  const components = [
    ...dpkgPackages(rootfs).map(pkg => ({type: 'library', name: pkg.name, version: pkg.version, purl: `pkg:deb/debian/${pkg.name}@${encodeURIComponent(pkg.version)}?arch=${pkg.arch}`})),
    {
      type: 'application',
      name: 'node',
      version: nodeVersion,
      hashes: [{alg: 'SHA-256', content: sha256(node)}],
      properties: [
        {name: 'vigil:path', value: '/usr/local/bin/node'},
        ...(origin ? [{name: 'vigil:npm-package', value: origin}, {name: 'vigil:npm-integrity', value: labels['vigil.base.node.integrity']}] : [{name: 'vigil:base-image', value: labels['org.opencontainers.image.base.name'] ?? 'unknown'}]),
      ],
    },
    ...nodeModules(path.join(rootfs, 'opt/vigil/node_modules')).map(pkg => ({
      type: 'library',
      name: pkg.name,
      version: pkg.version,
      purl: npmPurl(pkg.name, pkg.version),
      ...(typeof pkg.license === 'string' ? {licenses: [{expression: pkg.license}]} : {}),
      properties: [{name: 'vigil:path', value: `/opt/vigil/node_modules/${pkg.path}`}],
    })),
  ];
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${randomUUID()}`,
    version: 1,
    metadata: {timestamp: new Date().toISOString(), component: {type: 'container', name, version, properties: [{name: 'vigil:revision', value: labels['org.opencontainers.image.revision'] ?? 'unknown'}]}},
    components,
  };
}

/**
 * `npm sbom` of the package: what `npm install vigil --omit=dev` installs, from the lockfile.
 * Its own `--omit dev` also drops production packages that a dev one shares (npm 11 left zod
 * out), so the whole tree is asked for and the components npm marks as development dropped.
 */
export function packageSbom(root) {
  const sbom = JSON.parse(run('npm', ['sbom', '--sbom-format', 'cyclonedx', '--package-lock-only'], {capture: true, spawn: {cwd: root, maxBuffer: 64 * 1024 * 1024}}));
  const dev = component => component.properties?.some(property => property.name === 'cdx:npm:package:development' && property.value === 'true');
  const dropped = new Set(sbom.components.filter(dev).map(component => component['bom-ref']));
  sbom.components = sbom.components.filter(component => !dev(component));
  sbom.dependencies = (sbom.dependencies ?? []).filter(entry => !dropped.has(entry.ref)).map(entry => ({...entry, dependsOn: (entry.dependsOn ?? []).filter(ref => !dropped.has(ref))}));
  return sbom;
}
