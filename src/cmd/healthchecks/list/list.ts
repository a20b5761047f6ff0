import {capChecks, DEFAULT_MAX_CHECKS, MAX_CHECKS_LIMIT, type HealthcheckRegistryEntry} from '../../../api/wire/index.js';
import {leftOutLine} from '../../../healthcheck/render.js';
import type {CommandContext} from '../../../cli/context.js';
import * as z from 'zod';
import {checkFlags, wholeNumber} from '../../../cli/flag-values.js';
import {Problems, capture} from '../../../cli/problems.js';
import type {Column} from '../../../output/columns.js';
import {resolveOutputFormat} from '../../../output/format.js';
import {printRows} from '../../../output/print.js';

export interface HealthchecksListFlags {
  org?: string;
  json?: boolean;
  output?: string;
  maxChecks?: string;
}

export const REGISTRY_COLUMNS: Column<HealthcheckRegistryEntry>[] = [
  {header: 'ID', value: entry => entry.id, minWidth: 12},
  {header: 'IMPLEMENTED', value: entry => (entry.implemented ? 'yes' : 'no'), style: entry => (entry.implemented ? 'green' : 'gray')},
  {header: 'REASON', value: entry => entry.notImplementedReason, minWidth: 12},
];

/**
 * `vigil healthchecks list`: the upstream's registry (`POST /healthchecks/list`) for the org
 * when one is set, in the registry's order; `--json` is `{checks: [{id, implemented,
 * notImplementedReason}]}`, normalised whichever envelope the upstream used.
 */
export async function runHealthchecksList(flags: HealthchecksListFlags, ctx: CommandContext): Promise<void> {
  const problems = new Problems();
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  const maxChecks = checkFlags(z.object({maxChecks: wholeNumber({min: 1, max: MAX_CHECKS_LIMIT}).optional()}), flags, problems)?.maxChecks ?? DEFAULT_MAX_CHECKS;
  problems.throwIfAny();
  const registry = await ctx.client().listHealthchecks(ctx.settings.org?.value, {signal: ctx.signal});
  printRows(ctx.io, format!, registry.checks, REGISTRY_COLUMNS, {json: registry, emptyMessage: 'the registry lists no healthchecks'});
  // Said on stderr (stdout stays the registry, for scripts): what the cap keeps vigil from running.
  const {leftOut} = capChecks(registry.checks.filter(check => check.implemented), maxChecks);
  if (leftOut > 0) ctx.io.stderr.write(leftOutLine(leftOut, maxChecks, '`run --all` and a `discover:` worker', '--max-checks or discover.maxChecks'));
}
