import type {CommandContext} from '../../../cli/context.js';
import {Problems, capture} from '../../../cli/problems.js';
import {ExitCode} from '../../../exit-codes.js';
import {resolveOutputFormat} from '../../../output/format.js';
import {printRows} from '../../../output/print.js';
import {resolveRedisSetting, type RedisFlags, type RedisSetting} from '../../../redis/settings.js';
import {resolveRunbooks} from '../../../board/detail.js';
import {buildBoard, boardCells, type Board} from '../../../board/model.js';
import {openBoardSource, START_WORKER_HINT, type BoardReading, type BoardSource} from '../../../board/source.js';
import {parseFailOn, type FailOn} from '../../../healthcheck/fail-on.js';
import {severityReaches} from '../../../healthcheck/render.js';
import {noWorkerWarning, skippedWarning} from '../../schedules/list/list.js';
import {BOARD_COLUMNS, HELD_COLUMN, boardJson, breachedLine} from './snapshot.js';

export interface BoardFlags extends RedisFlags {
  debug?: boolean;
  json?: boolean;
  output?: string;
  /** `warn` or `fail`: the snapshot exits 6 when a cell's last grade reaches it. Default: never exit 6. */
  failOn?: string;
  /** false (`--no-interactive`): one snapshot even on a terminal. Default true. */
  interactive?: boolean;
}

/** What the board reads from: the worker's Redis by default; tests and the bench give their own. */
export interface BoardDeps {
  openSource(setting: RedisSetting): Promise<BoardSource>;
}

export const DEFAULT_BOARD_DEPS: BoardDeps = {openSource: openBoardSource};

/** The flags checked before anything connects (exit 3 names each bad one); the live board checks the same. */
export function validateBoardFlags(flags: BoardFlags, ctx: CommandContext): {setting: RedisSetting; failOn: FailOn; runbooks: string; problems: Problems} {
  const problems = new Problems();
  const failOn = parseFailOn(flags.failOn, problems);
  const setting = resolveRedisSetting(flags, ctx.io.env, problems);
  const runbooks = resolveRunbooks(ctx.io.env, problems);
  return {setting: setting!, failOn, runbooks, problems};
}

/** Reads once and closes: what the snapshot and the live board's first frame start from. */
export async function readOnce(deps: BoardDeps, setting: RedisSetting, now: number): Promise<BoardReading> {
  const source = await deps.openSource(setting);
  try {
    return await source.read(now);
  } finally {
    await source.close();
  }
}

/** What results without a live worker come to. */
export const NO_WORKER = 'these results are getting old and will turn stale';

/** The message of a store with nothing graded: where results come from. */
export function emptyStoreMessage(prefix: string): string {
  return `no healthcheck results in this Redis under prefix ${prefix}: ${START_WORKER_HINT}`;
}

/**
 * `vigil healthchecks board` without a terminal (piped, --json, --output, --no-interactive):
 * one snapshot of every (check, org) the worker schedules, from its result store (no upstream
 * call). Exit 6 when --fail-on is given and a cell's last grade reaches it; no Redis is exit 8 (the error says
 * how to start one and a worker); an empty store is exit 0 with the same advice on stderr.
 */
export async function runHealthchecksBoard(flags: BoardFlags, ctx: CommandContext, deps: BoardDeps = DEFAULT_BOARD_DEPS): Promise<number> {
  const {setting, failOn, problems} = validateBoardFlags(flags, ctx);
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  problems.throwIfAny();
  const now = ctx.now().getTime();
  const reading = await readOnce(deps, setting, now);
  const board = buildBoard(reading.stored, now, reading.held);
  const cells = boardCells(board);
  // HELD BY only when a pair is held: a board without maintenance reads as it always did.
  const columns = cells.some(cell => cell.heldBy !== undefined) ? [...BOARD_COLUMNS, HELD_COLUMN] : BOARD_COLUMNS;
  printRows(ctx.io, format!, cells, columns, {json: boardJson(board, reading, now)});
  if (cells.length === 0) ctx.io.stderr.write(`${emptyStoreMessage(setting.prefix)}\n`);
  else if (reading.liveWorkers === 0) ctx.io.stderr.write(`${noWorkerWarning(setting.prefix, reading.lastSeenAt, now, NO_WORKER)}\n`);
  ctx.io.stderr.write(skippedWarning(reading.skipped ?? []));
  // A snapshot is a report, not a verdict, unless asked for one: exit 6 only with --fail-on.
  if (flags.failOn === undefined) return ExitCode.Ok;
  return breaches(board, failOn, line => ctx.io.stderr.write(line)) ? ExitCode.Breached : ExitCode.Ok;
}

/** Whether any cell's last grade reaches `failOn`; each one is said on stderr, as `run --all` does. */
function breaches(board: Board, failOn: FailOn, write: (line: string) => void): boolean {
  let any = false;
  for (const cell of boardCells(board)) {
    if (cell.grade === null || !severityReaches(cell.grade, failOn)) continue;
    any = true;
    write(breachedLine(cell));
  }
  return any;
}
