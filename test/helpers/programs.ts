import {execFileSync} from 'node:child_process';
import {appendFileSync, existsSync} from 'node:fs';
import path from 'node:path';

/*
 * The programs some tests drive for real. `npm test` must pass wherever Node is installed,
 * so a test whose program is missing is skipped, visibly: it says so where it is skipped,
 * and the run ends with one line naming every skipped program and the command that installs
 * it (test/helpers/skip-summary.ts). Under CI=true every program is required: .ci/run
 * installs them all, and a missing one fails the test that needed it, naming the package.
 */

/** Each program a test may need, and the Debian package that brings it. */
export const PROGRAMS = {
  'prometheus': 'prometheus',
  'promtool': 'prometheus',
  'amtool': 'prometheus-alertmanager',
  'prometheus-alertmanager': 'prometheus-alertmanager',
  'tmux': 'tmux',
  'zsh': 'zsh',
  'fish': 'fish',
  'redis-server': 'redis-server',
  'redis-sentinel': 'redis-sentinel',
  'redis-cli': 'redis-tools',
  'systemd-analyze': 'systemd',
  '/usr/bin/time': 'time',
  'buildah': 'buildah',
  'podman': 'podman',
  'mmdebstrap': 'mmdebstrap',
  // kustomize v3.7+ inside (components): kubectl 1.21 or later; Debian 12's is 1.20.
  'kubectl': 'kubernetes-client',
} as const satisfies Record<string, string>;

export type ProgramName = keyof typeof PROGRAMS;

export interface ProgramCheck {
  /** The program's absolute path, when every program asked for is there. */
  path: string | undefined;
  /** Why the tests are skipped; undefined when they can run. */
  skipReason: string | undefined;
}

const found = new Map<string, string | undefined>();

/** Where `name` is on PATH (or the path itself, when absolute and executable). */
export function findProgram(name: string): string | undefined {
  if (found.has(name)) return found.get(name);
  let where: string | undefined;
  if (path.isAbsolute(name)) {
    where = existsSync(name) ? name : undefined;
  } else {
    try {
      where = execFileSync('sh', ['-c', 'command -v "$1"', 'sh', name], {encoding: 'utf8'}).trim() || undefined;
    } catch {
      where = undefined;
    }
  }
  found.set(name, where);
  return where;
}

export function inCi(): boolean {
  const ci = process.env.CI ?? process.env.VIGIL_ORIGINAL_CI;
  return Boolean(ci) && ci !== '0' && ci !== 'false';
}

/**
 * Checks that every program in `names` is installed. Missing one: under CI=true this throws
 * (the test file fails, naming the package); elsewhere it returns a skip reason, prints it,
 * and records it for the run's closing line. Use as `describe.skipIf(check.skipReason)`.
 */
export function requirePrograms(...names: ProgramName[]): ProgramCheck {
  const missing = names.filter(name => !findProgram(name));
  if (missing.length === 0) return {path: findProgram(names[0]!), skipReason: undefined};
  const packages = [...new Set(missing.map(name => PROGRAMS[name]))];
  const install = `apt-get install -y ${packages.join(' ')}`;
  if (inCi()) throw new Error(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required in CI (${install})`);
  const reason = `${missing.join(', ')} not installed (${install})`;
  console.warn(`SKIPPED: ${reason}`);
  recordSkip(missing);
  return {path: undefined, skipReason: reason};
}

/** One program: its path, or a skip reason. */
export function requireProgram(name: ProgramName): ProgramCheck {
  return requirePrograms(name);
}

/** The first of `names` that is installed (for programs Debian and upstream name apart). */
export function requireOneOf(names: string[], program: ProgramName): ProgramCheck {
  for (const name of names) {
    const where = findProgram(name);
    if (where) return {path: where, skipReason: undefined};
  }
  const check = requireProgram(program);
  return check.skipReason ? check : {path: check.path, skipReason: undefined};
}

function recordSkip(missing: ProgramName[]): void {
  const file = process.env.VIGIL_TEST_SKIPS;
  if (!file) return;
  const test = process.env.VITEST_WORKER_ID ? (globalThis as {__vitest_worker__?: {filepath?: string}}).__vitest_worker__?.filepath : undefined;
  for (const name of missing) {
    appendFileSync(file, `${JSON.stringify({program: name, package: PROGRAMS[name], file: test ? path.relative(process.cwd(), test) : undefined})}\n`);
  }
}
