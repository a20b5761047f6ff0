import type {HealthcheckResult} from '../api/wire/index.js';
import {formatError} from '../output/error-banner.js';
import {sanitizeText} from '../output/sanitize.js';
import type {BoardAction, BoardState} from './board-state.js';
import type {BoardReading} from './source.js';

/**
 * Re-reads the result store: one read, then `intervalMs` after that read ends, the next (never
 * two at once, so a slow Redis is not piled on). Each outcome is handed to `dispatch` as a
 * board action; after `stop` nothing more is dispatched, even from a read still in flight.
 */
export class BoardPoller {
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly read: (now: number) => Promise<BoardReading>,
    private readonly dispatch: (action: BoardAction) => void,
    private readonly intervalMs: number,
    private readonly now: () => number,
  ) {}

  start(): void {
    void this.tick();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async tick(): Promise<void> {
    const action = await readAction(this.read, this.now());
    if (this.stopped) return;
    this.dispatch(action);
    this.timer = setTimeout(() => void this.tick(), this.intervalMs);
  }
}

/** One read as the action the board takes: the reading, or its error's first line (the last board stays on screen). */
async function readAction(read: (now: number) => Promise<BoardReading>, at: number): Promise<BoardAction> {
  try {
    return {type: 'read', reading: await read(at), now: at};
  } catch (error) {
    return {type: 'readFailed', message: sanitizeText(formatError(error).text.split('\n')[0] ?? '')};
  }
}

/** Runs the regrade the state asks for (`r`) and gives its outcome as an action: the result, or the error on one line. */
export async function regradeAction(
  request: NonNullable<BoardState['regradeRequest']>,
  regrade: (check: string, org: string) => Promise<HealthcheckResult>,
  now: () => number,
): Promise<BoardAction> {
  try {
    const result = await regrade(request.check, request.org);
    return {type: 'regraded', key: request.key, regrade: {state: 'done', result, at: now()}};
  } catch (error) {
    const message = sanitizeText(formatError(error).text.trimEnd().replace(/^error: /, '').replace(/\s*\n\s*(- )?/g, '; '));
    return {type: 'regraded', key: request.key, regrade: {state: 'failed', message}};
  }
}
