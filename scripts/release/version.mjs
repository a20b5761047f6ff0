// `npm run release:version`: the pending changesets (.changeset/*.md) become the next
// version. `changeset version` bumps package.json and writes CHANGELOG.md; then the lock and
// every file that names the version for deploying follow: the tag deploy/kubernetes applies
// (kustomization.yaml's newTag, deployment.yaml's image) and the systemd unit's tarball name.
// The image tag is vigil:<package.json's version> (scripts/image/tool.mjs) and needs nothing.
import {fileURLToPath} from 'node:url';
import {spawnSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../..'));
const read = file => readFileSync(path.join(root, file), 'utf8');
const before = JSON.parse(read('package.json')).version;

function run(command, args) {
  const result = spawnSync(command, args, {cwd: root, stdio: 'inherit'});
  if (result.status !== 0) {
    process.stderr.write(`release: ${path.basename(command)} ${args.join(' ')} exited with ${result.status}\n`);
    process.exit(1);
  }
}

const changeset = createRequire(import.meta.url).resolve('@changesets/cli/bin.js');
run(process.execPath, [changeset, 'version']);
const after = JSON.parse(read('package.json')).version;
if (after === before) {
  process.stderr.write(`release: no pending changeset (.changeset/*.md): still ${before}\n`);
  process.exit(1);
}

/** Replaces the one match of `pattern` in `file`; a file that no longer has it is an error, not a silent skip. */
function follow(file, pattern, replacement) {
  const text = read(file);
  if (!pattern.test(text)) throw new Error(`${file}: ${pattern} not found: the version there cannot follow`);
  writeFileSync(path.join(root, file), text.replace(pattern, replacement));
}
follow('deploy/kubernetes/kustomization.yaml', /^(\s+newTag: )"[^"]+"$/m, `$1"${after}"`);
follow('deploy/kubernetes/deployment.yaml', /^(\s+image: vigil:)\S+$/m, `$1${after}`);
follow('deploy/systemd/vigil-worker.service', /vigil-[\d.]+\.tgz/, `vigil-${after}.tgz`);
// The lock names the root's version twice; nothing else in it changes with a bump.
const lock = JSON.parse(read('package-lock.json'));
lock.version = after;
lock.packages[''].version = after;
writeFileSync(path.join(root, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
process.stderr.write(`release: ${before} -> ${after}: package.json, package-lock.json, CHANGELOG.md, deploy/kubernetes, deploy/systemd; commit them and tag v${after}\n`);
