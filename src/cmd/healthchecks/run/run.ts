import type {ApiClient} from '../../../api/client.js';
import type {CommandContext} from '../../../cli/context.js';
import {DEFAULT_MAX_CHECKS, DOCUMENTED_HEALTHCHECK_IDS, MAX_CHECKS_LIMIT, healthcheckBody, isHealthcheckId} from '../../../api/wire/index.js';
import {InputError} from '../../../errors.js';
import {ExitCode} from '../../../exit-codes.js';
import {colorEnabled} from '../../../output/color.js';
import {resolveOutputFormat, type OutputFormat} from '../../../output/format.js';
import {printJson, printRows} from '../../../output/print.js';
import {sanitizeText} from '../../../output/sanitize.js';
import {breachLine, FIELD_COLUMNS, healthcheckRows, renderHealthcheck, severityReaches} from '../../../healthcheck/render.js';
import * as z from 'zod';
import {checkFlags, wholeNumber} from '../../../cli/flag-values.js';
import {Problems, capture, resolveOrg} from '../../../cli/problems.js';
import {parseFailOn, type FailOn} from '../../../healthcheck/fail-on.js';
import {findingListLine} from '../../../healthcheck/finding-list.js';
import {nearest} from '../../../suggest.js';
import {runAllHealthchecks} from './all.js';
import {checkFlagsApply, checkThresholdOrder, fieldsFor, parseParams, type ParamFlags, type ParsedParams} from './params.js';

export interface HealthcheckRunFlags extends ParamFlags {
  org?: string;
  all?: boolean;
  maxChecks?: string;
  failOn?: string;
  json?: boolean;
  output?: string;
}

/** What both forms of the command have checked before anything is sent. */
export interface RunPlan {
  org: string;
  params: ParsedParams;
  failOn: FailOn;
  format: OutputFormat;
  /** With --all: implemented checks run at most, the first in the registry's order. */
  maxChecks: number;
}

const DOCUMENTED: readonly string[] = DOCUMENTED_HEALTHCHECK_IDS;
const ID_SHAPE = '<group>.<name>, lower-case words and dashes, e.g. takedowns.cancelled-count';

/**
 * `vigil healthchecks run <check>` and `run --all`. Every flag is checked before anything is
 * sent (exit 3 names each bad one); one check's severity reaching --fail-on is exit 6.
 */
export async function runHealthcheckCommand(checkId: string | undefined, flags: HealthcheckRunFlags, ctx: CommandContext): Promise<number> {
  const problems = new Problems();
  const all = flags.all === true;
  if (all && checkId !== undefined) problems.add('--all', `runs every implemented check: give --all or a check (${JSON.stringify(checkId)}), not both`);
  else if (!all && (checkId === undefined || checkId.trim() === '')) problems.add('<check>', `missing: give a check id (\`vigil healthchecks list\` shows them) or --all`);
  else if (!all && !isHealthcheckId(checkId!)) problems.add('<check>', `${JSON.stringify(checkId)} is not a healthcheck id (${ID_SHAPE})`);
  const params = parseParams(flags, problems);
  if (!all && checkId !== undefined && isHealthcheckId(checkId)) checkFlagsApply(params, checkId, problems);
  checkThresholdOrder(flags, params, problems);
  const failOn = parseFailOn(flags.failOn, problems);
  if (!all && flags.maxChecks !== undefined) problems.add('--max-checks', 'bounds --all: give it with --all');
  const maxChecks = checkFlags(z.object({maxChecks: wholeNumber({min: 1, max: MAX_CHECKS_LIMIT}).optional()}), flags, problems)?.maxChecks ?? DEFAULT_MAX_CHECKS;
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  const org = resolveOrg(ctx, problems);
  problems.throwIfAny();

  const plan: RunPlan = {org: org!, params, failOn, format: format!, maxChecks};
  return all ? runAllHealthchecks(plan, ctx) : runOne(checkId!, plan, ctx);
}

async function runOne(checkId: string, plan: RunPlan, ctx: CommandContext): Promise<number> {
  const client = ctx.client();
  if (!DOCUMENTED.includes(checkId)) await requireImplemented(client, checkId, plan.org, ctx.signal);
  const result = await client.runHealthcheck(checkId, healthcheckBody(plan.org, fieldsFor(plan.params, checkId)), {signal: ctx.signal});

  if (plan.format === 'json') printJson(ctx.io, result);
  else if (plan.format === 'table') ctx.io.stdout.write(renderHealthcheck(result, {color: colorEnabled(ctx.io)}));
  else printRows(ctx.io, plan.format, healthcheckRows(result), FIELD_COLUMNS);
  // A person at a terminal gets the command that lists what the findings refer to (issue 42).
  if (plan.format === 'table' && result.severity !== 'ok') ctx.io.stdout.write(`\n${sanitizeText(findingListLine(checkId, plan.org, result, ctx.now()))}\n`);
  if (!severityReaches(result.severity, plan.failOn)) return ExitCode.Ok;
  ctx.io.stderr.write(breachLine(result, checkId, plan.org));
  return ExitCode.Breached;
}

/**
 * An id vigil does not document is looked up in the registry first (one more request), so
 * a planned check is never called: not listed, or not implemented, is exit 3 with the reason.
 * The ten documented ids are called directly.
 */
async function requireImplemented(client: ApiClient, checkId: string, org: string, signal: AbortSignal): Promise<void> {
  const registry = await client.listHealthchecks(org, {signal});
  const entry = registry.checks.find(check => check.id === checkId);
  const hint = 'see `vigil healthchecks list` for the checks the upstream offers';
  if (entry === undefined) {
    // The registry's ids, not only the documented ones: a typo of a new check is caught too.
    const meant = nearest(checkId, [...new Set([...registry.checks.map(check => check.id), ...DOCUMENTED])]);
    const guess = meant === undefined ? '' : ` (did you mean ${sanitizeText(meant)}?)`;
    throw new InputError([{field: '<check>', message: `${checkId} is not in the registry for org ${sanitizeText(org)}${guess}; nothing was sent`}], hint);
  }
  if (!entry.implemented) {
    const reason = sanitizeText(entry.notImplementedReason ?? '');
    throw new InputError([{field: '<check>', message: `${checkId} is not implemented upstream: ${reason}; nothing was sent`}], hint);
  }
}
