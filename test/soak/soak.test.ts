import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {ensureBuilt} from '../helpers/build.js';
import {requireOneOf, requireProgram, requirePrograms} from '../helpers/programs.js';
import {FAULT_KINDS} from '../../bench/soak/schedule.mjs';
import {soak} from './run-soak.js';

/*
 * `npm run soak` at CI scale, as a user runs it: the built worker's replicas, a Redis with
 * AOF, the shipped Prometheus + Alertmanager, every fault kind once. What it costs on the
 * 2-core CI machine: about 5 minutes (3 of run, ~45 s of drain, start-up), mostly waiting, a
 * few tenths of a core. The planted leak that must fail a soak is planted-leak.test.ts, a
 * file of its own so that CI's forks run the two side by side.
 */

// Runs on one Node line in CI (asking for Prometheus puts it in the "once" group): what it
// watches is the built worker over minutes, which the other lines' Redis suites cover too.
const programs = requirePrograms('prometheus', 'redis-server');
const alertmanager = requireOneOf(['alertmanager', 'prometheus-alertmanager'], 'prometheus-alertmanager');
const skip = programs.skipReason ?? alertmanager.skipReason;
// Without redis-sentinel the soak runs one redis-server and skips the failover, saying so.
const sentinel = requireProgram('redis-sentinel');
const dir = mkdtempSync(path.join(tmpdir(), 'vigil-soak-test-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

interface SoakJson {
  faults: {kind: string; skipped?: string; expected: {expect: string[]; reason: string}}[];
  ledger: {figures: {due: number; graded: number; lost: number}};
  alerts?: {firings: {alertname: string; resolved: boolean}[]};
  failures: string[];
}

describe.skipIf(skip)('npm run soak', () => {
  it('a 3-minute soak with every fault kind once loses no slot, leaves no alert firing, and grows no figure past its bound', async () => {
    ensureBuilt();
    const json = path.join(dir, 'short.json');
    const run = await soak(['--duration', '3m', '--pairs', '500', '--json', json]);
    const report: SoakJson = JSON.parse(readFileSync(json, 'utf8'));
    expect(run.stdout, run.stderr.slice(-3000)).toContain('\nPASS');
    expect(report.failures).toEqual([]);
    expect(run.code).toBe(0);
    expect(new Set(report.faults.map(fault => fault.kind))).toEqual(new Set(FAULT_KINDS));
    const failover = report.faults.find(fault => fault.kind === 'sentinel-failover')!;
    if (sentinel.skipReason) expect(run.stdout).toMatch(/sentinel-failover +round 1 +\+\d\d:\d\d SKIPPED \(.*redis-sentinel not installed\)/);
    else expect(failover.skipped).toBeUndefined();
    // Every window says what it should raise, or why nothing.
    for (const fault of report.faults) expect(fault.expected.reason, fault.kind).not.toBe('');
    expect(run.stdout).toMatch(/^ {2}worker-sigkill: one replica at a time/m);
    expect(report.ledger.figures.lost).toBe(0);
    // The ledger saw the work: most slots graded by a run, not all excused.
    expect(report.ledger.figures.graded).toBeGreaterThan(report.ledger.figures.due / 2);
    expect(report.alerts?.firings.filter(span => span.alertname !== 'VigilWatchdog' && !span.resolved)).toEqual([]);
    // Memory is judged, not "too few samples": from the pairs' first run, as they settle late here.
    expect(run.stdout).toMatch(/^ {2}heap after GC \(MiB\) +w\d +[\d.]+ +[\d.]+ /m);
    expect(run.stdout).toMatch(/memory judged on pid \d+ .* from the pairs' first (run|success)$/m);
  }, 1_800_000);

  it('refuses a bad option naming it, before starting anything', async () => {
    const run = await soak(['--duration', '3 minutes']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('--duration: must be a duration like 3m');
    expect(run.stdout).toBe('');
  });
});
