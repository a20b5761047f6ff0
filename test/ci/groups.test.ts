import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {excludeFor, includeFor, isOnceFile, onceFiles, testFiles} from '../ci-groups.js';

/*
 * .ci/run runs the "once" files on one Node line and every other file on all four: the
 * groups are read from each file, so a new terminal or Prometheus suite needs no list.
 */

describe('the CI groups', () => {
  it('a file that asks for tmux, Prometheus or a shell, or opens a terminal, runs once', () => {
    expect(isOnceFile("const tmux = requireProgram('tmux');")).toBe(true);
    expect(isOnceFile("const alerting = !requirePrograms('prometheus', 'prometheus-alertmanager').skipReason;")).toBe(true);
    expect(isOnceFile("import {useSandboxTerminal} from '../helpers/sandbox-terminal.js';")).toBe(true);
    expect(isOnceFile("import {TmuxSession, tmux} from '../helpers/tmux.js';")).toBe(true);
  });

  it('Redis, GNU time and plain process tests run on every Node line', () => {
    expect(isOnceFile("const redisServer = requireProgram('redis-server');")).toBe(false);
    expect(isOnceFile("const time = requireProgram('/usr/bin/time');")).toBe(false);
    expect(isOnceFile("import {runCli} from '../helpers/cli.js';")).toBe(false);
  });

  it('every test file is in exactly one group, and the known slow suites are in "once"', () => {
    const once = onceFiles();
    expect(once).toEqual(expect.arrayContaining(['test/sandbox/demo.test.ts', 'test/deploy/alerting-e2e.test.ts', 'test/e2e/tmux-review.test.ts', 'test/cmd/completion/completion.test.ts', 'test/soak/soak.test.ts', 'test/soak/planted-leak.test.ts']));
    expect(excludeFor('node')).toEqual(expect.arrayContaining(once));
    expect(includeFor('once')).toEqual(once);
    // The budget tests (timers, sockets) stay with every Node line.
    expect(once).not.toContain('test/cli/slow-upstream.test.ts');
    for (const file of testFiles()) expect(isOnceFile(readFileSync(file, 'utf8'))).toBe(once.includes(file));
  });
});
