import {existsSync, mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {requireProgram, requirePrograms} from '../helpers/programs.js';
import {demoEntries, filesOf, ready, startDemo, useDemos} from './demo-harness.js';

// Where a demo keeps its files, two demos on one machine, and nothing left after any way it ends.

// Redis suites start their own redis-server; without one they are skipped (test/helpers/programs.ts).
const redisServer = requireProgram('redis-server');
// The demo starts the machine's Prometheus and Alertmanager where it can, so its files run
// on one Node line in CI (asking for them puts a file in the "once" group, test/ci-groups.ts);
// this file's tests pass with or without them.
requirePrograms('prometheus', 'prometheus-alertmanager');

useDemos();

describe.skipIf(redisServer.skipReason)('npm run demo: its files', () => {
  it('two demos on one machine: each its own folder and env file, and nothing of either left after SIGINT, SIGTERM or a crashed sandbox', async () => {
    const shared = mkdtempSync(path.join(tmpdir(), 'vigil-demo-shared-'));
    const start = () => startDemo({VIGIL_REDIS_URL: 'redis://127.0.0.1:1', TMPDIR: shared});
    const first = start();
    const second = start();
    await Promise.all([ready(first), ready(second)]);
    const [a, b] = [filesOf(first.out()), filesOf(second.out())];
    expect(a.envFile).not.toBe(b.envFile);
    for (const [d, files] of [[first, a], [second, b]] as const) {
      const base = /^Sandbox\s+(\S+)/m.exec(d.out())![1]!;
      expect(path.dirname(files.dir)).toBe(shared);
      expect(readFileSync(files.envFile, 'utf8')).toContain(`export VIGIL_BASE_URL=${base} `);
      expect(readFileSync(path.join(files.dir, 'sandbox.log'), 'utf8')).toBeDefined();
    }
    expect(demoEntries(shared).sort()).toEqual([path.basename(a.dir), path.basename(b.dir)].sort());

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(130);
    expect(existsSync(a.dir)).toBe(false);
    // The other demo's file is untouched by the first one's exit.
    expect(readFileSync(b.envFile, 'utf8')).toContain('VIGIL_BASE_URL=');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(demoEntries(shared)).toEqual([]);

    // Not only on a signal: a demo whose sandbox dies stops, and removes its files too.
    const third = start();
    await ready(third);
    const sandboxPid = Number(/demo: started sandbox \(pid (\d+)\)/.exec(third.err())![1]);
    expect(demoEntries(shared)).toHaveLength(1);
    process.kill(sandboxPid, 'SIGKILL');
    expect(await third.exited).toBe(0);
    expect(third.err()).toContain('the sandbox exited unexpectedly');
    expect(demoEntries(shared)).toEqual([]);
  }, 90_000);

  it('puts its folder under XDG_RUNTIME_DIR when there is one, and VIGIL_DEMO_ENV_FILE where asked; removes both', async () => {
    const runtime = mkdtempSync(path.join(tmpdir(), 'vigil-demo-runtime-'));
    const asked = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-demo-asked-')), 'demo.env');
    const demo = startDemo({VIGIL_REDIS_URL: 'redis://127.0.0.1:1', XDG_RUNTIME_DIR: runtime, VIGIL_DEMO_ENV_FILE: asked});
    await ready(demo, 20_000);
    const {dir, envFile} = filesOf(demo.out());
    expect(path.dirname(dir)).toBe(runtime);
    expect(envFile).toBe(asked);
    expect(readFileSync(asked, 'utf8')).toMatch(/^export VIGIL_BASE_URL=/m);
    expect(demoEntries(demo.tmp)).toEqual([]);
    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);
    expect(demoEntries(runtime)).toEqual([]);
    expect(existsSync(asked)).toBe(false);
  });
});
