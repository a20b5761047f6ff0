import {execFile, spawn, spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {buildCommit} from '../../scripts/build/commit.mjs';
import {readPins} from '../../scripts/image/pinned.mjs';
import {layerPaths, readOciArchive, unpackRootfs, type OciArchive} from '../../scripts/image/oci-archive.mjs';
import {ensureBuilt} from '../helpers/build.js';
import {ROOT} from '../helpers/cli.js';
import {startSandboxProcess, type SandboxProcess} from '../helpers/sandbox-process.js';
import {requireOneOf, requirePrograms} from '../helpers/programs.js';
import {imageNotAsked} from './image-opt-in.js';
import {metricValue} from '../jobs/harness.js';
import {freePort, startRedis, type TestRedis} from '../jobs/redis-server.js';
import {devOnlyPackages} from './dev-packages.js';
import {CHECKS, CHECKS_YAML, gradeThenStop} from './run-worker.js';

/*
 * `npm run image -- --output <file>` as a user runs it, then the OCI archive it wrote, read
 * as a registry tool would: its config, its labels, what its layers hold. The worker then
 * runs from that archive's root filesystem (its layers unpacked in order), read-only, as the
 * image's user, through the image's entrypoint (tini): `podman run` is refused a setrlimit
 * on these machines, so a private mount namespace and chroot stand in for the runtime.
 * Builds once per run (a cached base makes a warm build a couple of minutes); needs root.
 * Only when asked (VIGIL_TEST_IMAGE=1, as .ci/run does): the build tags vigil:<version> and
 * caches its base in the machine's image store, which a plain `npm test` leaves alone.
 */

// The image carries its own Node, so .ci/run builds it on one Node line only: asking for
// buildah and mmdebstrap puts this file in the "once" group (test/ci-groups.ts).
const builder = requireOneOf(['buildah', 'podman'], 'buildah');
const debootstrap = requirePrograms('mmdebstrap', 'redis-server');
const notRoot = process.getuid?.() === 0 ? undefined : 'the image test mounts and chroots: run it as root';
if (notRoot) console.warn(`SKIPPED: ${notRoot}`);
const skip = imageNotAsked() ?? builder.skipReason ?? debootstrap.skipReason ?? notRoot;

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {version: string};
let archive: OciArchive;
let imageName: string;
let imageSbomFile: string;
let packageSbomFile: string;
let rootfs: string;
let out: string | undefined;
let sandbox: SandboxProcess | undefined;
let redis: TestRedis | undefined;
const commit = buildCommit(ROOT);

/**
 * A command line that runs `args` (the image's Cmd when empty) through the image's
 * Entrypoint as its User, in `rootfs` mounted read-only with /proc, /dev, a tmpfs /tmp and
 * `checksDir` at /etc/vigil (as deploy/kubernetes mounts them).
 */
function inImage(args: string[], checksDir: string): {command: string; args: string[]; env: NodeJS.ProcessEnv} {
  const config = archive.config.config;
  const script = [
    'set -e',
    'R=$1; shift',
    'mount --bind "$R" "$R"',
    'mount --rbind /proc "$R/proc"',
    'mount --rbind /dev "$R/dev"',
    'mount -t tmpfs -o mode=1777 tmpfs "$R/tmp"',
    `mount --bind -o ro "${checksDir}" "$R/etc/vigil"`,
    'mount -o remount,bind,ro "$R"',
    `exec chroot --userspec="${config.User}" "$R" "$@"`,
  ].join('\n');
  const env = Object.fromEntries((config.Env ?? []).map(line => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  // Not PID 1 here (no PID namespace): as a subreaper tini reaps as it would as PID 1.
  env.TINI_SUBREAPER = '1';
  return {command: 'unshare', args: ['--mount', 'sh', '-c', script, 'sh', rootfs, ...(config.Entrypoint ?? []), ...(args.length ? args : (config.Cmd ?? []))], env};
}

describe.skipIf(skip)('the image: npm run image -- --output vigil.oci.tar, read and run', () => {
  beforeAll(async () => {
    ensureBuilt();
    out = mkdtempSync(path.join(tmpdir(), 'vigil-image-'));
    const file = path.join(out, 'vigil.oci.tar');
    const started = Date.now();
    const {stdout, stderr} = await promisify(execFile)('npm', ['run', '--silent', 'image', '--', '--output', file], {cwd: ROOT, maxBuffer: 256 * 1024 * 1024});
    [imageName = '', , imageSbomFile = '', packageSbomFile = ''] = stdout.split('\n');
    console.log(`npm run image -- --output: ${((Date.now() - started) / 1000).toFixed(1)} s\n${stderr.split('\n').filter(line => line.startsWith('image:')).join('\n')}`);
    archive = readOciArchive(file);
    rootfs = path.join(out, 'rootfs');
    mkdirSync(rootfs);
    unpackRootfs(archive, rootfs);
    mkdirSync(path.join(rootfs, 'etc/vigil'), {recursive: true});
  }, 60 * 60_000);

  afterAll(async () => {
    await sandbox?.stop();
    await redis?.stop();
    // ~400 MB: the archive, its unpacked blobs and the root filesystem.
    for (const dir of [out, archive?.dir]) if (dir) rmSync(dir, {recursive: true, force: true});
  });

  it('is tagged vigil:<version>, runs as a non-root user through tini, and says what it holds in its labels', () => {
    expect(imageName).toBe(`vigil:${pkg.version}`);
    const config = archive.config.config;
    expect(config.User).toMatch(/^[1-9]\d*:[1-9]\d*$/);
    expect(config.Entrypoint).toEqual(['/usr/bin/tini', '--', 'vigil']);
    expect(config.Cmd).toEqual(['worker']);
    expect(config.Labels).toMatchObject({
      'org.opencontainers.image.version': pkg.version,
      'org.opencontainers.image.revision': commit,
      'org.opencontainers.image.licenses': 'MIT',
      'org.opencontainers.image.source': expect.stringMatching(/^https:\/\//),
    });
  });

  it('holds the production dependencies and no dev dependency, source, test or source map', () => {
    const paths = archive.layers.flatMap(layer => layerPaths(layer)).map(p => p.replace(/^\.\//, ''));
    const packages = paths
      .map(p => /^opt\/vigil\/node_modules\/(.+)\/package\.json$/.exec(p)?.[1])
      .filter((name): name is string => name !== undefined)
      .map(name => name.slice(name.lastIndexOf('node_modules/') === -1 ? 0 : name.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(packages).toContain('bullmq');
    expect(packages).toContain('prom-client');
    expect([...new Set(packages.filter(name => devOnlyPackages().has(name)))]).toEqual([]);
    expect(paths.filter(p => /^opt\/vigil\/(src|test|bench|scripts)\//.test(p) || (p.startsWith('opt/vigil/dist/') && /\.map$|build-meta\.json$/.test(p)))).toEqual([]);
  });

  it('carries no npm, npx or corepack: nothing in the runtime installs a package', () => {
    for (const tool of ['usr/local/bin/npm', 'usr/local/bin/npx', 'usr/local/bin/corepack', 'usr/local/lib/node_modules/npm']) expect(existsSync(path.join(rootfs, tool)), tool).toBe(false);
    expect(existsSync(path.join(rootfs, 'usr/local/bin/node'))).toBe(true);
  });

  it("writes an SBOM of the image: dpkg-query's packages of its root filesystem, the pinned Node binary with its digest, the runtime node_modules", () => {
    expect(imageSbomFile).toBe(path.join(out!, 'vigil.oci.tar.sbom.cdx.json'));
    const sbom = JSON.parse(readFileSync(imageSbomFile, 'utf8')) as {bomFormat: string; components: {name: string; version: string; purl?: string; hashes?: {alg: string; content: string}[]; properties?: {name: string; value: string}[]}[]};
    expect(sbom.bomFormat).toBe('CycloneDX');
    const dpkg = spawnSync('dpkg-query', [`--admindir=${path.join(rootfs, 'var/lib/dpkg')}`, '-W', '-f', '${db:Status-Status} ${Package} ${Version}\n'], {encoding: 'utf8'});
    expect(dpkg.status, dpkg.stderr).toBe(0);
    const installed = dpkg.stdout.trim().split('\n').filter(line => line.startsWith('installed ')).map(line => line.slice('installed '.length)).sort();
    expect(installed).toEqual(expect.arrayContaining([expect.stringMatching(/^tini /), expect.stringMatching(/^libc6 /)]));
    const debs = sbom.components.filter(component => component.purl?.startsWith('pkg:deb/')).map(component => `${component.name} ${component.version}`).sort();
    expect(debs).toEqual(installed);
    const node = sbom.components.find(component => component.name === 'node')!;
    const binary = createHash('sha256').update(readFileSync(path.join(rootfs, 'usr/local/bin/node'))).digest('hex');
    expect(node.hashes).toEqual([{alg: 'SHA-256', content: binary}]);
    const pins = readPins();
    const pin = pins.node[node.version.split('.')[0]!]!;
    expect(node.properties).toEqual(expect.arrayContaining([{name: 'vigil:npm-package', value: `${pin.name}@${pin.version}`}, {name: 'vigil:npm-integrity', value: pin.integrity}]));
    const modules = sbom.components.filter(component => component.purl?.startsWith('pkg:npm/')).map(component => component.name);
    expect(modules).toContain('bullmq');
    expect(modules.filter(name => devOnlyPackages().has(name))).toEqual([]);
  });

  it("writes the package's SBOM (npm sbom, CycloneDX): its production dependencies", () => {
    const sbom = JSON.parse(readFileSync(packageSbomFile, 'utf8')) as {bomFormat: string; components: {name: string}[]};
    expect(sbom.bomFormat).toBe('CycloneDX');
    const names = sbom.components.map(component => component.name);
    const pkgDeps = Object.keys((JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {dependencies: Record<string, string>}).dependencies);
    expect(names).toEqual(expect.arrayContaining(pkgDeps));
    expect(names.filter(name => devOnlyPackages().has(name))).toEqual([]);
  });

  it('prints the version and the commit it was built from, as the image user', () => {
    const {command, args, env} = inImage(['--version'], mkdtempSync(path.join(tmpdir(), 'vigil-image-checks-')));
    const result = spawnSync(command, args, {env, encoding: 'utf8', timeout: 60_000});
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`${pkg.version} (commit ${commit})\n`);
  });

  it('runs the worker from a read-only root filesystem as the image user: graded checks on /metrics, /healthz, SIGTERM exits 0', async () => {
    redis = await startRedis();
    sandbox = await startSandboxProcess();
    const checksDir = mkdtempSync(path.join(tmpdir(), 'vigil-image-checks-'));
    // Readable by the image's user, as a ConfigMap volume is (mkdtemp makes 0700 folders).
    chmodSync(checksDir, 0o755);
    writeFileSync(path.join(checksDir, 'checks.yaml'), CHECKS_YAML, {mode: 0o644});
    const port = await freePort();
    const {command, args, env} = inImage([], checksDir);
    const started = Date.now();
    const child = spawn(command, args, {
      env: {
        ...env,
        ...sandbox.env,
        VIGIL_REDIS_URL: redis.url,
        VIGIL_CHECKS: '/etc/vigil/checks.yaml',
        // The image listens on 0.0.0.0 (a pod's address); on a shared machine, loopback only.
        VIGIL_METRICS_HOST: '127.0.0.1',
        VIGIL_METRICS_PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let healthz = 0;
    const processes: {command: string; uid: string}[] = [];
    const outcome = await gradeThenStop(child, `http://127.0.0.1:${port}/metrics`, {
      timeoutMs: 120_000,
      beforeStop: async () => {
        healthz = (await fetch(`http://127.0.0.1:${port}/healthz`)).status;
        // The spawned process is tini by now (unshare, sh and chroot exec'd it); the worker is its child.
        const pids = [child.pid!, ...readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).map(Number)];
        for (const pid of pids) {
          const status = readFileSync(`/proc/${pid}/status`, 'utf8');
          const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
          processes.push({command, uid: /^Uid:\s+(.+)$/m.exec(status)![1]!.split(/\s+/).join(' ')});
        }
      },
    });
    console.log(`ran ${imageName} (revision ${commit}): graded ${CHECKS.length} checks and drained in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(healthz).toBe(200);
    expect(metricValue(outcome.metrics, 'vigil_build_info', {version: pkg.version, commit})).toBe(1);
    for (const check of CHECKS) expect(metricValue(outcome.metrics, 'vigil_check_runs_total', {check: check.check, outcome: 'error'})).toBe(0);
    // tini and the worker (node), real, effective, saved and filesystem uid all the image's user.
    const uid = archive.config.config.User!.split(':')[0]!;
    expect(processes).toEqual([
      {command: '/usr/bin/tini -- vigil worker', uid: `${uid} ${uid} ${uid} ${uid}`},
      {command: 'node /usr/local/bin/vigil worker', uid: `${uid} ${uid} ${uid} ${uid}`},
    ]);
  }, 180_000);
});
