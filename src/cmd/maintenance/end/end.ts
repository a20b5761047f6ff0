import type {CommandContext} from '../../../cli/context.js';
import {checkValue} from '../../../cli/flag-values.js';
import {Problems} from '../../../cli/problems.js';
import {InputError} from '../../../errors.js';
import {endWindow} from '../../../maintenance/store.js';
import {printJson} from '../../../output/print.js';
import {resolveRedisSetting} from '../../../redis/settings.js';
import {withScheduleQueue} from '../../schedules/shared/queue.js';
import {windowIdArg, windowLine, windowRow} from '../shared/windows.js';

export interface MaintenanceEndFlags {
  debug?: boolean;
  id: string;
  redisUrl?: string;
  redisCa?: string;
  prefix?: string;
  json?: boolean;
}

/** `vigil maintenance end <id>`: the window ends now; the alerts it held go out if still firing. */
export async function runMaintenanceEnd(flags: MaintenanceEndFlags, ctx: CommandContext): Promise<number> {
  const problems = new Problems();
  const id = checkValue(windowIdArg(), flags.id, '<id>', problems);
  if (id?.startsWith('file-')) problems.add('<id>', `${id} is a window of the checks file: remove it from the file's maintenance: section`);
  const setting = resolveRedisSetting(flags, ctx.io.env, problems);
  problems.throwIfAny();
  const now = ctx.now().getTime();
  const ended = await withScheduleQueue(setting!, (_queue, redis) => endWindow(redis, setting!.prefix, id!, now));
  if (!ended) throw new InputError([{field: '<id>', message: `no window ${id} under prefix ${setting!.prefix}: see \`vigil maintenance list --all\``}]);
  const row = windowRow(ended, now);
  if (flags.json) printJson(ctx.io, row);
  else ctx.io.stdout.write(`${windowLine(row)}\n`);
  return 0;
}
