import type {CommandContext} from '../../../cli/context.js';
import {Problems, capture} from '../../../cli/problems.js';
import type {Column} from '../../../output/columns.js';
import {resolveOutputFormat} from '../../../output/format.js';
import {printRows} from '../../../output/print.js';
import {readWindows} from '../../../maintenance/store.js';
import {resolveRedisSetting} from '../../../redis/settings.js';
import {withScheduleQueue} from '../../schedules/shared/queue.js';
import {windowRow, type WindowRow} from '../shared/windows.js';

export interface MaintenanceListFlags {
  debug?: boolean;
  redisUrl?: string;
  redisCa?: string;
  prefix?: string;
  all?: boolean;
  json?: boolean;
  output?: string;
}

const STATE_ORDER: Record<WindowRow['state'], number> = {active: 0, upcoming: 1, recurring: 2, ended: 3};

export const windowColumns: Column<WindowRow>[] = [
  {header: 'ID', value: row => row.id},
  {header: 'ORG', value: row => row.org},
  {header: 'CHECK', value: row => row.check ?? 'every check'},
  {header: 'STATE', value: row => row.state, style: row => (row.state === 'active' ? 'yellow' : 'gray')},
  {header: 'FROM', value: row => row.from},
  {header: 'TO', value: row => row.to},
  {header: 'SCHEDULE', value: row => row.schedule},
  {header: 'REASON', value: row => row.reason},
];

/** `vigil maintenance list`: the windows every replica holds alerts for (the ended ones with --all). */
export async function runMaintenanceList(flags: MaintenanceListFlags, ctx: CommandContext): Promise<number> {
  const problems = new Problems();
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  const setting = resolveRedisSetting(flags, ctx.io.env, problems);
  problems.throwIfAny();
  const windows = await withScheduleQueue(setting!, (_queue, redis) => readWindows(redis, setting!.prefix));
  const now = ctx.now().getTime();
  const rows = windows
    .map(window => windowRow(window, now))
    .filter(row => flags.all === true || row.state !== 'ended')
    .sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || (a.from ?? '').localeCompare(b.from ?? '') || a.id.localeCompare(b.id));
  printRows(ctx.io, format!, rows, windowColumns);
  if (rows.length === 0) ctx.io.stderr.write(`no maintenance windows under prefix ${setting!.prefix}${flags.all ? '' : ' (ended ones: --all)'}\n`);
  return 0;
}
