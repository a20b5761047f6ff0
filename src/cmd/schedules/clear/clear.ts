import {createInterface} from 'node:readline';
import type {CommandContext} from '../../../cli/context.js';
import type {IO} from '../../../cli/io.js';
import {Problems} from '../../../cli/problems.js';
import {printJson} from '../../../output/print.js';
import {sanitizeText} from '../../../output/sanitize.js';
import {workerLiveness, workersKey} from '../../../redis/heartbeat.js';
import {resolveRedisSetting} from '../../../redis/settings.js';
import {QUEUE_NAME} from '../../../redis/queue.js';
import {withScheduleQueue} from '../shared/queue.js';
import {keysOfPrefix, unlinkKeys} from './prefix-keys.js';

export interface SchedulesClearFlags {
  debug?: boolean;
  redisUrl?: string;
  redisCa?: string;
  prefix?: string;
  results?: boolean;
  yes?: boolean;
  json?: boolean;
}

/** Asks a yes/no question on the terminal; true only for an explicit yes. */
export type Confirm = (question: string, io: IO) => Promise<boolean>;

export const askOnTerminal: Confirm = (question, io) =>
  new Promise(resolve => {
    io.stderr.write(`${question} [y/N] `);
    const lines = createInterface({input: io.stdin});
    lines.once('line', answer => {
      // Resolved before close: closing emits 'close', which answers no.
      resolve(/^y(es)?$/i.test(answer.trim()));
      lines.close();
    });
    lines.once('close', () => resolve(false));
  });

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * `vigil schedules clear`: removes the schedulers of a prefix so its checks stop running,
 * and with --results every other key of the prefix (results, queued jobs, heartbeats).
 * Asks on a terminal; elsewhere it needs --yes, refused before Redis is touched.
 */
export async function runSchedulesClear(flags: SchedulesClearFlags, ctx: CommandContext, confirm: Confirm = askOnTerminal): Promise<number> {
  const problems = new Problems();
  const setting = resolveRedisSetting(flags, ctx.io.env, problems);
  if (flags.yes !== true && !ctx.io.canPrompt) {
    problems.add('--yes', 'required when not on a terminal: clearing removes the schedulers (and with --results the stored results) of a prefix for every worker');
  }
  problems.throwIfAny('add --yes to clear without asking, or run it on a terminal to be asked');
  const {target, prefix} = setting!;
  return withScheduleQueue(setting!, async (queue, redis) => {
    const schedulers = await queue.getJobSchedulers(0, -1, true);
    const liveness = await workerLiveness(redis, workersKey(prefix, QUEUE_NAME), ctx.now().getTime());
    const keys = flags.results === true ? await keysOfPrefix(redis, prefix) : [];
    const allKeys = `all ${plural(keys.length, 'key')} under ${prefix}: (results, queue, heartbeats)`;
    const what = `${plural(schedulers.length, 'scheduler')} of prefix ${prefix}${flags.results === true ? ` and ${allKeys}` : ''}`;
    if (schedulers.length === 0 && keys.length === 0) {
      report(ctx, flags, {prefix, schedulers: 0, keys: 0, liveWorkers: liveness.live.length}, `nothing to clear: no schedulers${flags.results === true ? ' and no keys' : ''} under prefix ${prefix} in ${target.display}`);
      return 0;
    }
    if (flags.yes !== true && !(await confirm(`Remove ${what} in ${target.display}?`, ctx.io))) {
      ctx.io.stderr.write('nothing removed\n');
      return 0;
    }
    for (const scheduler of schedulers) await queue.removeJobScheduler(scheduler.key);
    // Some keys go with their scheduler; the count is of those the user was told about.
    if (flags.results === true) await unlinkKeys(redis, await keysOfPrefix(redis, prefix));
    const removedKeys = keys.length;
    report(
      ctx,
      flags,
      {prefix, schedulers: schedulers.length, keys: removedKeys, liveWorkers: liveness.live.length},
      `removed ${plural(schedulers.length, 'scheduler')}${flags.results === true ? ` and ${plural(removedKeys, 'key')}` : ''} of prefix ${prefix}`,
    );
    if (liveness.live.length > 0) {
      const hosts = liveness.live.map(beat => `${beat.host}:${beat.pid}`).join(', ');
      ctx.io.stderr.write(`warning: ${plural(liveness.live.length, 'worker')} of prefix ${prefix} ${liveness.live.length === 1 ? 'is' : 'are'} running (${sanitizeText(hosts)}) and will schedule ${liveness.live.length === 1 ? 'its' : 'their'} checks again; stop ${liveness.live.length === 1 ? 'it' : 'them'} first to keep them cleared\n`);
    }
    return 0;
  });
}

interface ClearSummary {
  prefix: string;
  schedulers: number;
  keys: number;
  liveWorkers: number;
}

function report(ctx: CommandContext, flags: SchedulesClearFlags, summary: ClearSummary, text: string): void {
  if (flags.json === true) printJson(ctx.io, summary);
  else ctx.io.stdout.write(`${sanitizeText(text)}\n`);
}
