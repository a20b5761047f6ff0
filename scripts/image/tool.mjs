// The container tool scripts/image.mjs drives: buildah, podman or docker, whichever is here.
// Each verb is written out per tool; the three spell them differently.
import {execFileSync, spawnSync} from 'node:child_process';

/** @typedef {'buildah' | 'podman' | 'docker'} ToolName */

/** The name `npm run image` tags, and deploy/kubernetes names (test/ship/kubernetes.test.ts). */
export const imageTag = version => `vigil:${version}`;

function onPath(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], {stdio: 'ignore'}).status === 0;
}

/**
 * @param {ToolName | undefined} wanted `--tool`, else the first of buildah, podman, docker
 *   that works (docker only with a daemon answering: a bare client cannot build).
 * @returns {ToolName | undefined}
 */
export function pickTool(wanted) {
  for (const name of wanted ? [wanted] : ['buildah', 'podman', 'docker']) {
    if (!onPath(name)) continue;
    if (name === 'docker' && spawnSync('docker', ['info'], {stdio: 'ignore', timeout: 20_000}).status !== 0) continue;
    return name;
  }
  return undefined;
}

/** Runs a command with its output on stderr (stdout stays the script's answer); throws on failure. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {stdio: ['ignore', options.capture ? 'pipe' : 2, 2], encoding: 'utf8', ...options.spawn});
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.slice(0, 2).join(' ')} exited with ${result.status}`);
  return result.stdout ?? '';
}

/** @param {ToolName} tool */
export function imageExists(tool, name) {
  const args = {buildah: ['inspect', '--type', 'image', name], podman: ['image', 'exists', name], docker: ['image', 'inspect', name]}[tool];
  return spawnSync(tool, args, {stdio: 'ignore'}).status === 0;
}

/** Pulls `name`; false (quietly) when no registry answers. */
export function pull(tool, name) {
  const args = tool === 'buildah' ? ['pull', '--quiet', name] : ['pull', '--quiet', name];
  return spawnSync(tool, args, {stdio: 'ignore', timeout: 120_000}).status === 0;
}

/**
 * The RUN steps need no cgroups or setrlimit with chroot isolation: buildah and podman
 * build that way inside containers and CI runners too (their default, OCI isolation, is
 * refused here: "cgroups in hybrid mode not supported").
 * @param {ToolName} tool
 */
export function buildArgs(tool, {file, tag, context, buildArgs: values, secrets = {}}) {
  const args = [
    ...Object.entries(values).flatMap(([key, value]) => ['--build-arg', `${key}=${value}`]),
    ...Object.entries(secrets).flatMap(([id, src]) => ['--secret', `id=${id},src=${src}`]),
  ];
  const isolation = tool === 'docker' ? [] : ['--isolation', process.env.VIGIL_IMAGE_ISOLATION ?? 'chroot', '--layers'];
  return ['build', ...isolation, '-f', file, ...args, '-t', tag, context];
}

/** Writes `tag` to `file` as an OCI archive (docker 25+ `save` writes an OCI layout too). */
export function saveArgs(tool, tag, file) {
  if (tool === 'buildah') return ['push', '--quiet', tag, `oci-archive:${file}:${tag}`];
  if (tool === 'podman') return ['save', '--quiet', '--format', 'oci-archive', '-o', file, tag];
  return ['save', '-o', file, tag];
}

/** The uncompressed layer digests of a local image, base first. */
export function diffIds(tool, name) {
  if (tool === 'buildah') return JSON.parse(execFileSync('buildah', ['inspect', '--type', 'image', name], {encoding: 'utf8'})).OCIv1.rootfs.diff_ids;
  return JSON.parse(execFileSync(tool, ['image', 'inspect', name], {encoding: 'utf8'}))[0].RootFS.Layers;
}

/**
 * Makes a local image of a root filesystem tarball (one layer), with `config` applied.
 * @param {{env: Record<string, string>, cmd: string[], labels: Record<string, string>}} config
 */
export function importRootfs(tool, tarball, name, config) {
  if (tool === 'buildah') {
    const container = run('buildah', ['from', '--quiet', 'scratch'], {capture: true}).trim();
    try {
      run('buildah', ['add', '--quiet', container, tarball, '/']);
      run('buildah', [
        'config',
        ...Object.entries(config.env).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
        ...Object.entries(config.labels).flatMap(([key, value]) => ['--label', `${key}=${value}`]),
        '--cmd',
        JSON.stringify(config.cmd),
        container,
      ]);
      run('buildah', ['commit', '--quiet', '--rm', container, name]);
    } catch (error) {
      spawnSync('buildah', ['rm', container], {stdio: 'ignore'});
      throw error;
    }
    return;
  }
  const changes = [
    ...Object.entries(config.env).map(([key, value]) => `ENV ${key}=${value}`),
    ...Object.entries(config.labels).map(([key, value]) => `LABEL ${key}=${JSON.stringify(value)}`),
    `CMD ${JSON.stringify(config.cmd)}`,
  ];
  run(tool, ['import', ...changes.flatMap(change => ['--change', change]), tarball, name]);
}
