import type {ChildProcess} from 'node:child_process';
import {vi} from 'vitest';
import {metricValue} from '../jobs/harness.js';

/**
 * Two checks the sandbox grades (its default seed) every 5 s: the worker under test, from
 * an installed package or from the image, must grade both and export them on /metrics.
 */
export const CHECKS = [
  {check: 'takedowns.cancelled-count', org: 'acme'},
  {check: 'reviewing.backlog', org: 'acme'},
] as const;

export const CHECKS_YAML = `defaults:\n  every: 5s\ntimeout: 10s\nchecks:\n${CHECKS.map(c => `  - {check: ${c.check}, org: ${c.org}}`).join('\n')}\n`;

export interface WorkerOutcome {
  /** /metrics once every check was graded. */
  metrics: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Waits until `child` (a `vigil worker` whose metrics are on `metricsUrl`) has graded every
 * check of CHECKS, then sends SIGTERM and waits for it to end: a worker that never grades,
 * or that ends another way than by draining, shows in the outcome.
 */
export async function gradeThenStop(child: ChildProcess, metricsUrl: string, options: {timeoutMs?: number; beforeStop?: () => Promise<void>} = {}): Promise<WorkerOutcome> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', chunk => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', chunk => (stderr += chunk));
  const ended = new Promise<{code: number | null; signal: NodeJS.Signals | null}>(resolve => child.on('exit', (code, signal) => resolve({code, signal})));
  let exited = false;
  void ended.then(() => (exited = true));
  try {
    // A worker that exits fails at once, not at the timeout.
    const graded = vi.waitFor(
      async () => {
        const text = await fetch(metricsUrl).then(response => (response.ok ? response.text() : undefined), () => undefined);
        if (!text || !CHECKS.every(c => metricValue(text, 'vigil_check_severity', c) !== undefined)) throw new Error(`every check graded on ${metricsUrl}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
        return text;
      },
      {timeout: options.timeoutMs ?? 60_000, interval: 250},
    );
    const metrics = await Promise.race([
      graded,
      ended.then(() => {
        throw new Error(`the worker exited before grading\nstdout:\n${stdout}\nstderr:\n${stderr}`);
      }),
    ]);
    await options.beforeStop?.();
    child.kill('SIGTERM');
    const {code, signal} = await ended;
    return {metrics, code, signal, stdout, stderr};
  } finally {
    if (!exited) child.kill('SIGKILL');
  }
}
