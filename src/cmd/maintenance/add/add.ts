import * as z from 'zod';
import type {CommandContext} from '../../../cli/context.js';
import {checkValue} from '../../../cli/flag-values.js';
import {Problems, resolveOrg} from '../../../cli/problems.js';
import {HEALTHCHECK_ID_PATTERN} from '../../../api/wire/index.js';
import {readFlagDuration} from '../../../checks/duration.js';
import {loadChecksFile} from '../../../checks/loader.js';
import {InputError} from '../../../errors.js';
import {addWindow} from '../../../maintenance/store.js';
import {printJson} from '../../../output/print.js';
import {resolveRedisSetting} from '../../../redis/settings.js';
import {withScheduleQueue} from '../../schedules/shared/queue.js';
import {checksPathOf, windowLine, windowRow} from '../shared/windows.js';

export interface MaintenanceAddFlags {
  debug?: boolean;
  org?: string;
  check?: string;
  for?: string;
  from?: string;
  to?: string;
  reason?: string;
  checks?: string;
  redisUrl?: string;
  redisCa?: string;
  prefix?: string;
  json?: boolean;
}

const instant = z.string().refine(value => /(Z|[+-]\d\d:?\d\d)$/i.test(value.trim()) && !Number.isNaN(Date.parse(value)), 'must be an ISO-8601 time with a zone, like 2026-12-05T22:00:00Z');
const checkId = z.string().regex(HEALTHCHECK_ID_PATTERN, 'must be a healthcheck id like takedowns.cancelled-count');

/** The window the flags describe, every problem named by its flag; nothing is stored when one is wrong. */
async function windowOf(flags: MaintenanceAddFlags, ctx: CommandContext) {
  const problems = new Problems();
  const org = resolveOrg(ctx, problems);
  const check = flags.check === undefined ? undefined : checkValue(checkId, flags.check, '--check', problems);
  const now = ctx.now().getTime();
  const fromText = flags.from === undefined ? undefined : checkValue(instant, flags.from, '--from', problems);
  const from = fromText === undefined ? now : Date.parse(fromText);
  let to: number | undefined;
  if (flags.for !== undefined && flags.to !== undefined) problems.add('--for', 'give --for or --to, not both');
  else if (flags.for !== undefined) {
    const read = readFlagDuration(flags.for, '--for');
    if ('ms' in read) to = from + read.ms;
    else problems.add(read.field, read.message);
  } else if (flags.to !== undefined) {
    const toText = checkValue(instant, flags.to, '--to', problems);
    if (toText !== undefined) to = Date.parse(toText);
  } else problems.add('--for', 'is required (how long, like 2h), or --to (when it ends)');
  if (to !== undefined && to <= from) problems.add(flags.to !== undefined ? '--to' : '--for', `the window ends (${new Date(to).toISOString()}) before it starts (${new Date(from).toISOString()})`);
  if (to !== undefined && to <= now) problems.add(flags.to !== undefined ? '--to' : '--for', 'the window would end in the past');
  if (flags.reason !== undefined && (flags.reason.trim() === '' || flags.reason.length > 200)) problems.add('--reason', 'must be 1-200 characters');
  if (org !== undefined) {
    try {
      const config = await loadChecksFile(checksPathOf(flags, ctx));
      const orgs = new Set([...config.specs.map(spec => spec.org), ...(config.discover?.orgs ?? [])]);
      if (!orgs.has(org)) problems.add('--org', `${org} is not an org of the checks file ${checksPathOf(flags, ctx)} (checks: or discover.orgs)`);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      problems.list.push(...error.problems);
    }
  }
  const setting = resolveRedisSetting(flags, ctx.io.env, problems);
  problems.throwIfAny();
  return {setting: setting!, window: {org: org!, ...(check === undefined ? {} : {check}), ...(flags.reason === undefined ? {} : {reason: flags.reason}), from, to: to!}, now};
}

/** `vigil maintenance add`: a one-off window every replica holds alerts for at once. */
export async function runMaintenanceAdd(flags: MaintenanceAddFlags, ctx: CommandContext): Promise<number> {
  const {setting, window, now} = await windowOf(flags, ctx);
  const stored = await withScheduleQueue(setting, (_queue, redis) => addWindow(redis, setting.prefix, window, now));
  const row = windowRow(stored, now);
  if (flags.json) printJson(ctx.io, row);
  else ctx.io.stdout.write(`${windowLine(row)}\n`);
  return 0;
}
