import type {CommandContext} from '../../../cli/context.js';
import {HEALTHCHECK_DEFAULTS, HEALTHCHECK_IDS, healthcheckRequestBody} from '../../../api/wire/index.js';
import {ExitCode} from '../../../exit-codes.js';
import {colorEnabled} from '../../../output/color.js';
import {resolveOutputFormat} from '../../../output/format.js';
import {printJson, printRows} from '../../../output/print.js';
import {breachLine, FIELD_COLUMNS, healthcheckRows, renderHealthcheck, severityReaches} from '../../../healthcheck/render.js';
import {Problems, capture, parseEnumFlag, parseIntegerFlag, resolveOrg} from '../../../cli/problems.js';

export interface HealthcheckRunFlags {
  org?: string;
  lookbackHours?: string;
  warnThreshold?: string;
  failThreshold?: string;
  failOn?: string;
  json?: boolean;
  output?: string;
}

/**
 * `vigil healthchecks run <check>`: one run, rendered, exit 6 when the severity reaches
 * --fail-on. SPEC.md 4.1/8 constraints are checked here so a bad flag sends nothing.
 */
export async function runHealthcheckCommand(checkId: string | undefined, flags: HealthcheckRunFlags, ctx: CommandContext): Promise<number> {
  const problems = new Problems();
  const known: readonly string[] = HEALTHCHECK_IDS;
  if (checkId === undefined || checkId.trim() === '') problems.add('<check>', `missing; one of: ${known.join(', ')}`);
  else if (!known.includes(checkId)) problems.add('<check>', `unknown check ${JSON.stringify(checkId)}; one of: ${known.join(', ')}`);
  const lookbackHours = parseIntegerFlag(flags.lookbackHours, '--lookback-hours', problems, {min: 1});
  const warnThreshold = parseIntegerFlag(flags.warnThreshold, '--warn-threshold', problems, {min: 0});
  const failThreshold = parseIntegerFlag(flags.failThreshold, '--fail-threshold', problems, {min: 0});
  const failOn = parseEnumFlag(flags.failOn, ['warn', 'fail'] as const, '--fail-on', problems) ?? 'fail';
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  const org = resolveOrg(ctx, problems);
  const warn = warnThreshold ?? HEALTHCHECK_DEFAULTS.warnThreshold;
  const fail = failThreshold ?? HEALTHCHECK_DEFAULTS.failThreshold;
  if ((flags.warnThreshold === undefined || warnThreshold !== undefined) && (flags.failThreshold === undefined || failThreshold !== undefined) && warn > fail) {
    const field = warnThreshold !== undefined ? '--warn-threshold' : '--fail-threshold';
    const origin = (value: number | undefined) => (value === undefined ? ' (default)' : '');
    problems.add(field, `warn threshold ${warn}${origin(warnThreshold)} must not be above the fail threshold ${fail}${origin(failThreshold)}`);
  }
  problems.throwIfAny();

  const client = ctx.client();
  const body = healthcheckRequestBody({org: org!, lookbackHours, warnThreshold, failThreshold});
  const result = await client.runHealthcheck(checkId!, {...body}, {signal: ctx.signal});

  if (format === 'json') printJson(ctx.io, result);
  else if (format === 'table') ctx.io.stdout.write(renderHealthcheck(result, {color: colorEnabled(ctx.io)}));
  else printRows(ctx.io, format!, healthcheckRows(result), FIELD_COLUMNS);
  if (!severityReaches(result.severity, failOn)) return ExitCode.Ok;
  ctx.io.stderr.write(breachLine(result, checkId!, org!));
  return ExitCode.Breached;
}
