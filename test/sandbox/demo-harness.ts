import {execFile, spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, readFileSync, readdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {setTimeout as sleep} from 'node:timers/promises';
import path from 'node:path';
import {afterEach, expect} from 'vitest';
import {ROOT} from '../helpers/cli.js';

/*
 * `npm run demo` as a user runs it (dist/ must be built: `npm test` builds first). Own
 * redis-server on a free port, never the shared 6379; every port is picked free. Each demo
 * gets a temp folder of the test's own as its TMPDIR (and no XDG_RUNTIME_DIR), so nothing
 * it writes lands outside it, and the test can see that nothing is left behind.
 */

/**
 * What the demo left in a temp folder. Node 22+ keeps its compile cache in the temp folder
 * (`node-compile-cache`, shared by every Node process of the user, kept on purpose):
 * it is Node's, not the demo's.
 */
export function demoEntries(folder: string): string[] {
  return readdirSync(folder).filter(name => name !== 'node-compile-cache');
}

export interface Demo {
  child: ChildProcess;
  out(): string;
  err(): string;
  exited: Promise<number | null>;
  /** The demo's TMPDIR: empty again once it has exited. */
  tmp: string;
}

const started: Demo[] = [];

/** Starts `npm run demo`; a file that calls this stops what is left running after each test (useDemos). */
export function startDemo(env: NodeJS.ProcessEnv): Demo {
  const tmp = mkdtempSync(path.join(tmpdir(), 'vigil-demo-test-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/demo.mjs')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: tmp,
      VIGIL_DEMO_NO_BUILD: '1',
      VIGIL_SANDBOX_PORT: '0',
      VIGIL_METRICS_PORT: '0',
      VIGIL_DEMO_PROMETHEUS_PORT: '0',
      VIGIL_DEMO_ALERTMANAGER_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', c => (out += c));
  child.stderr!.setEncoding('utf8').on('data', c => (err += c));
  const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)));
  const demo = {child, out: () => out, err: () => err, exited, tmp};
  started.push(demo);
  return demo;
}

/** After each test, stops the demos it left running. */
export function useDemos(): void {
  afterEach(async () => {
    // A test that failed leaves its demo running: SIGTERM lets it stop what it started (its
    // sandbox, worker and servers run in their own process groups); SIGKILL only if it hangs.
    for (const each of started.splice(0)) {
      if (each.child.exitCode !== null || each.child.signalCode !== null) continue;
      each.child.kill('SIGTERM');
      const stopped = await Promise.race([each.exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!stopped) each.child.kill('SIGKILL');
    }
  });
}

export const ready = (d: Demo, timeout = 40_000) => expect.poll(() => d.out(), {timeout}).toContain('Ctrl+C stops everything.');
/** The folder the demo says holds its files, and the env file it says to source. */
export const filesOf = (out: string) => ({dir: /^Files\s+(\S+) \(removed when the demo stops\)$/m.exec(out)![1]!, envFile: /\(or: source (\S+)\):$/m.exec(out)![1]!});
/**
 * "acme      fail reviewing.backlog; warn takedowns.cancelled-count" lines (the banner's, after
 * `prefix`; the checks file's comment has the same form) as {org: {check: severity}}.
 */
export function gradesOf(text: string, prefix: string): Record<string, Record<string, string>> {
  const grades: Record<string, Record<string, string>> = {};
  for (const [, org, rest] of text.matchAll(new RegExp(`^${prefix}([a-z]+) +((?:fail|warn) .*|ok)$`, 'gm'))) {
    grades[org!] = {};
    for (const part of rest!.split('; ')) {
      const [severity, checks] = part.split(/ (.*)/);
      for (const check of checks?.split(', ') ?? []) grades[org!]![check] = severity!;
    }
  }
  return grades;
}
export const CHECKS_FILE_GRADES = () => gradesOf(readFileSync(path.join(ROOT, 'deploy/demo-checks.yaml'), 'utf8'), '# {3}');
/** A command line as a person pastes it from the banner, in `sh`. */
export const run = (command: string, env: NodeJS.ProcessEnv) =>
  new Promise<{code: number; stdout: string; stderr: string}>(resolve => {
    execFile('sh', ['-c', command], {env: {PATH: process.env.PATH, HOME: process.env.HOME, ...env}}, (error, stdout, stderr) => resolve({code: error ? Number(error.code) : 0, stdout, stderr}));
  });

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
