import {CronExpressionParser} from 'cron-parser';
import * as z from 'zod';
import {parseDuration} from '../checks/duration.js';

/**
 * Maintenance windows (docs/maintenance.md): while one is active for an org (or one check of
 * it), the worker goes on running and grading its checks, and exports one
 * `vigil_maintenance_active` series per active scope, from which the shipped rules raise
 * `VigilMaintenance` and Alertmanager inhibits the org's (or check's) alerts. A window is
 * one-off (`from`/`to`) or recurring (a cron expression, a duration, a time zone).
 */

/** A window as stored (Redis) or resolved from the checks file. */
export interface MaintenanceWindow {
  /** `cli-<hex>` for one added from the CLI, `file-<n>` for the checks file's n-th entry. */
  id: string;
  org: string;
  /** One check of the org; absent: every check of the org. */
  check?: string;
  reason?: string;
  /** One-off: epoch milliseconds. */
  from?: number;
  to?: number;
  /** Recurring: a cron expression, how long each occurrence lasts, in which time zone. */
  cron?: string;
  durationMs?: number;
  timezone?: string;
  source: 'file' | 'cli';
  createdAt?: number;
}

/** One active window at a moment: when its current occurrence started and ends. */
export interface ActiveWindow {
  window: MaintenanceWindow;
  startedAt: number;
  endsAt: number;
}

/** A time zone Intl knows (IANA names, `UTC`), or undefined. */
export function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', {timeZone: zone});
    return true;
  } catch {
    return false;
  }
}

/** The cron parser's complaint about `expression`, or undefined when it parses (5 or 6 fields). */
export function cronProblem(expression: string, timezone = 'UTC'): string | undefined {
  const fields = expression.trim().split(/\s+/).length;
  if (fields < 5 || fields > 6) return `must be a cron expression of 5 fields (minute hour day-of-month month day-of-week), like "0 2 * * 0"; this one has ${fields}`;
  try {
    CronExpressionParser.parse(expression, {tz: timezone, strict: false});
    return undefined;
  } catch (error) {
    return `is not a cron expression vigil can read: ${(error as Error).message}`;
  }
}

/**
 * The occurrence of `window` that covers `now`, or undefined. A recurring window's latest
 * start at or before `now` decides: every occurrence lasts as long, so it is the one that
 * ends last.
 */
export function activeAt(window: MaintenanceWindow, now: number): ActiveWindow | undefined {
  if (window.cron !== undefined && window.durationMs !== undefined) {
    // A start exactly at `now` counts: prev() looks strictly before currentDate.
    const expression = CronExpressionParser.parse(window.cron, {currentDate: new Date(now + 1), tz: window.timezone ?? 'UTC'});
    let startedAt: number;
    try {
      startedAt = expression.prev().getTime();
    } catch {
      return undefined;
    }
    const endsAt = startedAt + window.durationMs;
    return now < endsAt ? {window, startedAt, endsAt} : undefined;
  }
  if (window.from !== undefined && window.to !== undefined && window.from <= now && now < window.to) return {window, startedAt: window.from, endsAt: window.to};
  return undefined;
}

/** Every window active at `now`; overlapping ones are all kept. */
export function activeWindows(windows: readonly MaintenanceWindow[], now: number): ActiveWindow[] {
  return windows.flatMap(window => {
    const active = activeAt(window, now);
    return active ? [active] : [];
  });
}

/** The active window that holds the pair `(check, org)`, the one ending last, or undefined. */
export function windowFor(active: readonly ActiveWindow[], check: string, org: string): ActiveWindow | undefined {
  let found: ActiveWindow | undefined;
  for (const item of active) {
    if (item.window.org !== org || (item.window.check !== undefined && item.window.check !== check)) continue;
    if (!found || item.endsAt > found.endsAt) found = item;
  }
  return found;
}

/** An instant as the checks file and `--from`/`--to` take it: ISO-8601 with a zone (or `Z`). */
const instant = z
  .union([z.string(), z.date()], {error: 'must be an ISO-8601 time with a zone, like "2026-12-05T22:00:00Z"'})
  .transform((value, ctx) => {
    const ms = value instanceof Date ? value.getTime() : /(Z|[+-]\d\d:?\d\d)$/i.test(value.trim()) ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(ms)) {
      ctx.addIssue({code: 'custom', message: 'must be an ISO-8601 time with a zone, like "2026-12-05T22:00:00Z"'});
      return z.NEVER;
    }
    return ms;
  });

/** The checks file's `maintenance:` entries; the org must be one the file names (resolveMaintenance). */
export function maintenanceEntrySchema(checkId: z.ZodType<string>, orgSlug: z.ZodType<string>) {
  return z
    .strictObject({
      org: orgSlug,
      check: checkId.optional(),
      reason: z.string().max(200, 'must be at most 200 characters').optional(),
      from: instant.optional(),
      to: instant.optional(),
      cron: z.string({error: 'must be a cron expression like "0 2 * * 0"'}).optional(),
      duration: z.union([z.string(), z.number()], {error: 'must be a duration like "2h"'}).optional(),
      timezone: z.string({error: 'must be a time zone like Europe/Paris or UTC'}).optional(),
    })
    .superRefine((entry, ctx) => {
      const oneOff = entry.from !== undefined || entry.to !== undefined;
      const recurring = entry.cron !== undefined || entry.duration !== undefined || entry.timezone !== undefined;
      if (oneOff && recurring) ctx.addIssue({code: 'custom', path: ['cron'], message: 'a window is one-off (from, to) or recurring (cron, duration, timezone), not both'});
      else if (!oneOff && !recurring) ctx.addIssue({code: 'custom', path: ['from'], message: 'a window needs from and to (one-off), or cron and duration (recurring)'});
      else if (oneOff) {
        if (entry.from === undefined) ctx.addIssue({code: 'custom', path: ['from'], message: 'is required with to'});
        if (entry.to === undefined) ctx.addIssue({code: 'custom', path: ['to'], message: 'is required with from'});
        if (entry.from !== undefined && entry.to !== undefined && entry.to <= entry.from) ctx.addIssue({code: 'custom', path: ['to'], message: 'must be after from (the window ends before it starts)'});
      } else {
        if (entry.timezone !== undefined && !validTimeZone(entry.timezone)) ctx.addIssue({code: 'custom', path: ['timezone'], message: `is not a time zone: ${JSON.stringify(entry.timezone)} (an IANA name like Europe/Paris, or UTC)`});
        if (entry.cron === undefined) ctx.addIssue({code: 'custom', path: ['cron'], message: 'is required with duration'});
        else {
          const problem = cronProblem(entry.cron, entry.timezone !== undefined && validTimeZone(entry.timezone) ? entry.timezone : 'UTC');
          if (problem) ctx.addIssue({code: 'custom', path: ['cron'], message: problem});
        }
        const ms = entry.duration === undefined ? undefined : parseDuration(entry.duration);
        if (entry.duration === undefined) ctx.addIssue({code: 'custom', path: ['duration'], message: 'is required with cron'});
        else if (ms === undefined || ms < 60_000) ctx.addIssue({code: 'custom', path: ['duration'], message: 'must be a duration of at least 1m, like "30m" or "2h"'});
      }
    });
}
export type MaintenanceEntry = z.infer<ReturnType<typeof maintenanceEntrySchema>>;

/** The checks file's windows, resolved; an org the file does not name is a problem at `maintenance[i].org`. */
export function resolveMaintenance(entries: readonly MaintenanceEntry[], orgs: ReadonlySet<string>): {windows: MaintenanceWindow[]; problems: {path: string; message: string}[]} {
  const problems: {path: string; message: string}[] = [];
  const windows = entries.map((entry, index): MaintenanceWindow => {
    if (!orgs.has(entry.org)) problems.push({path: `maintenance[${index}].org`, message: `${entry.org} is not an org of this checks file (checks: or discover.orgs)`});
    const window: MaintenanceWindow = {id: `file-${index}`, org: entry.org, source: 'file'};
    if (entry.check !== undefined) window.check = entry.check;
    if (entry.reason !== undefined) window.reason = entry.reason;
    if (entry.from !== undefined) window.from = entry.from;
    if (entry.to !== undefined) window.to = entry.to;
    if (entry.cron !== undefined) {
      window.cron = entry.cron;
      window.durationMs = parseDuration(entry.duration!)!;
      window.timezone = entry.timezone ?? 'UTC';
    }
    return window;
  });
  return {windows, problems};
}
