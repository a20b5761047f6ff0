import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

/*
 * .ci/run runs the whole suite on the machine's Node and, on the other supported lines, only
 * what can differ between Node lines. A test file belongs to the "once" group when it drives
 * a program of the machine's (Prometheus, Alertmanager, tmux, a shell, systemd, an image
 * builder): what it checks is that program's reading of vigil's files or screens, which no
 * Node line changes, and it is the slowest part of the suite. Everything else, above all
 * what touches HTTP, TLS, streams, child processes, module loading and timers, runs on
 * every line. The group is read from the file itself (the programs it requires, the
 * terminal helpers it imports), so a new test needs no list kept by hand.
 */

/** Programs whose suites run on one Node line only. redis-server is not one: ioredis and
 * BullMQ's sockets and timers are Node's, so Redis suites run on every line. */
export const ONCE_PROGRAMS = [
  'prometheus', 'promtool', 'amtool', 'prometheus-alertmanager', 'tmux', 'zsh', 'fish',
  'systemd-analyze', 'buildah', 'podman', 'mmdebstrap',
];

const TERMINAL_HELPERS = /from '[./]*(helpers\/)?(tmux|sandbox-terminal|alerting-harness)\.js'/;

export function isOnceFile(text: string): boolean {
  if (TERMINAL_HELPERS.test(text)) return true;
  for (const call of text.matchAll(/require(?:Programs?|OneOf)\(([^)]*)\)/g)) {
    if (ONCE_PROGRAMS.some(name => call[1]!.includes(`'${name}'`))) return true;
  }
  return false;
}

export function testFiles(root = 'test'): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(root, {withFileTypes: true, recursive: true})) {
    if (!entry.isFile() || !/\.test\.tsx?$/.test(entry.name)) continue;
    files.push(path.join(entry.parentPath ?? (entry as unknown as {path: string}).path, entry.name));
  }
  return files.sort();
}

export function onceFiles(): string[] {
  return testFiles().filter(file => isOnceFile(readFileSync(file, 'utf8')));
}

/** vitest `include` for a group: every test file for "node" less the once files (excluded). */
export function includeFor(group: 'node' | 'once'): string[] {
  return group === 'once' ? onceFiles() : ['test/**/*.test.ts', 'test/**/*.test.tsx'];
}

export function excludeFor(group: 'node' | 'once'): string[] {
  return group === 'once' ? ['**/node_modules/**'] : ['**/node_modules/**', ...onceFiles()];
}
