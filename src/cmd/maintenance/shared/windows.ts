import * as z from 'zod';
import type {CommandContext} from '../../../cli/context.js';
import {textOption} from '../../../cli/options.js';
import {formatDuration} from '../../../checks/duration.js';
import {sanitizeText} from '../../../output/sanitize.js';
import {scheduleRedisOptions} from '../../schedules/shared/queue.js';
import {activeAt, type MaintenanceWindow} from '../../../maintenance/window.js';

/** The flags every `maintenance` command shares: the workers' Redis and prefix. */
export const maintenanceRedisOptions = scheduleRedisOptions;

/** `--checks`: the file whose orgs a window may name, as `vigil worker` finds it. */
export const checksFileOption = {checks: textOption('Checks file the workers run, whose orgs a window may name (default: VIGIL_CHECKS, then ./vigil-checks.yaml)', 'file')};
export const checksPathOf = (flags: {checks?: string}, ctx: CommandContext) => flags.checks ?? ctx.io.env.VIGIL_CHECKS ?? 'vigil-checks.yaml';

/** One window as `maintenance list` (and add, end) print it; the `--json` element. */
export interface WindowRow {
  id: string;
  org: string;
  check: string | null;
  source: 'file' | 'cli';
  state: 'active' | 'upcoming' | 'ended' | 'recurring';
  schedule: string;
  from: string | null;
  to: string | null;
  reason: string | null;
}

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

export function windowRow(window: MaintenanceWindow, now: number): WindowRow {
  const active = activeAt(window, now);
  const recurring = window.cron !== undefined;
  const state = active ? 'active' : recurring ? 'recurring' : (window.from ?? 0) > now ? 'upcoming' : 'ended';
  return {
    id: window.id,
    org: window.org,
    check: window.check ?? null,
    source: window.source,
    state,
    schedule: recurring ? `${window.cron} for ${formatDuration(window.durationMs!)} (${window.timezone ?? 'UTC'})` : 'once',
    from: iso(active?.startedAt ?? window.from),
    to: iso(active?.endsAt ?? window.to),
    // Someone's free text, possibly from another terminal: no control sequences reach this one.
    reason: window.reason === undefined ? null : sanitizeText(window.reason),
  };
}

/** "maintenance cli-1a2b3c4d: acme, every check, until 2026-12-02T03:00:00.000Z (deploy)". */
export function windowLine(row: WindowRow): string {
  const scope = row.check === null ? 'every check' : row.check;
  const when = row.schedule === 'once' ? `${row.from} until ${row.to}` : row.schedule;
  return `maintenance ${row.id}: ${row.org}, ${scope}, ${row.state}, ${when}${row.reason === null ? '' : ` (${row.reason})`}`;
}

export const windowIdArg = () => z.string().regex(/^(cli|file)-[A-Za-z0-9]{1,32}$/, 'must be a window id as `vigil maintenance list` prints it, like cli-1a2b3c4d');
