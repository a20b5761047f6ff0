import {capChecks, healthcheckBody, type HealthcheckResult} from '../../../api/wire/index.js';
import type {CommandContext} from '../../../cli/context.js';
import {InterruptedError} from '../../../errors.js';
import {ExitCode} from '../../../exit-codes.js';
import {formatError} from '../../../output/error-banner.js';
import {printRows} from '../../../output/print.js';
import {sanitizeText} from '../../../output/sanitize.js';
import {breachLine, leftOutLine, severityReaches} from '../../../healthcheck/render.js';
import {ALL_COLUMNS, bySeverity, type AllRow} from './all-format.js';
import {fieldsFor} from './params.js';
import type {RunPlan} from './run.js';

/** Checks in flight at once: the upstream sees a few requests, not the whole registry at once. */
export const RUN_ALL_CONCURRENCY = 4;

/** What `run --all --json` prints. */
export interface RunAllJson {
  org: string;
  results: Array<{check: string; severity: AllRow['severity']; result: HealthcheckResult | null; error: {message: string; exitCode: number} | null}>;
  notImplemented: Array<{id: string; reason: string | null}>;
  /** Implemented checks not run: beyond --max-checks. */
  leftOut: {count: number; maxChecks: number};
}

/**
 * `vigil healthchecks run --all`: reads the registry, runs every implemented check a few at
 * a time, and shows one table, worst first. A check that fails to run is a row with its
 * error, not the end of the run. Exit 6 when any result reaches --fail-on; else 11 when any
 * check errored; else 0. Every check refused (401, 403) is that one error and its exit code.
 */
export async function runAllHealthchecks(plan: RunPlan, ctx: CommandContext): Promise<number> {
  const client = ctx.client();
  const registry = await client.listHealthchecks(plan.org, {signal: ctx.signal});
  const {kept: implemented, leftOut} = capChecks(registry.checks.filter(check => check.implemented).map(check => check.id), plan.maxChecks);

  const failures: unknown[] = [];
  const rows = await mapBounded(implemented, RUN_ALL_CONCURRENCY, async (check): Promise<AllRow> => {
    try {
      const result = await client.runHealthcheck(check, healthcheckBody(plan.org, fieldsFor(plan.params, check)), {signal: ctx.signal});
      return {check, severity: result.severity, result, error: null};
    } catch (error) {
      if (error instanceof InterruptedError) throw error;
      failures.push(error);
      return {check, severity: 'error', result: null, error: oneLine(error)};
    }
  });
  rows.sort(bySeverity);
  // A key refused for the org on every check is one answer, not a row per check: the
  // error once, with its own exit code (2 or 5), as a single check's run says it.
  const refusedAs = rows[0]?.error?.exitCode;
  if ((refusedAs === ExitCode.Auth || refusedAs === ExitCode.Forbidden) && rows.every(row => row.error?.exitCode === refusedAs)) throw failures[0];

  const json: RunAllJson = {
    org: plan.org,
    results: rows,
    notImplemented: registry.checks.filter(check => !check.implemented).map(check => ({id: check.id, reason: check.notImplementedReason})),
    leftOut: {count: leftOut, maxChecks: plan.maxChecks},
  };
  printRows(ctx.io, plan.format, rows, ALL_COLUMNS, {json, emptyMessage: `the registry lists no implemented check for org ${sanitizeText(plan.org)}`});

  if (leftOut > 0) ctx.io.stderr.write(leftOutLine(leftOut, plan.maxChecks, 'run --all', '--max-checks'));
  let breached = false;
  for (const row of rows) {
    if (row.result !== null && severityReaches(row.result.severity, plan.failOn)) {
      breached = true;
      ctx.io.stderr.write(breachLine(row.result, row.check, plan.org));
    } else if (row.error !== null) {
      ctx.io.stderr.write(`error: ${row.check} for org ${sanitizeText(plan.org)}: ${row.error.message}\n`);
    }
  }
  if (breached) return ExitCode.Breached;
  return rows.some(row => row.error !== null) ? ExitCode.Incomplete : ExitCode.Ok;
}

/** A failed check's error as one line (message, problems, no hint) and the exit code it would have had alone. */
function oneLine(error: unknown): {message: string; exitCode: number} {
  const report = formatError(error);
  const parts = report.text
    .trimEnd()
    .split('\n')
    .filter(line => !line.startsWith('hint: ') && !line.startsWith('  (run again'))
    .map(line => line.replace(/^error: /, '').replace(/^\s+- /, '').trim());
  return {message: parts.join('; '), exitCode: report.exitCode};
}

/** Runs `work` over `items` with at most `limit` in flight; results in the items' order. */
export async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, lane));
  return results;
}
