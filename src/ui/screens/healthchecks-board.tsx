import type {CommandInput} from '../../cli/define.js';
import type {BoardFlags} from '../../cmd/healthchecks/board/board.js';
import type {ContextFlags} from '../../cli/context.js';
import {BoardScreen} from '../health-board/board-screen.js';

/** `vigil healthchecks board` for a person at a terminal: the live grid. */
export function HealthchecksBoardScreen({input}: {input: CommandInput<BoardFlags & ContextFlags, unknown>}) {
  return <BoardScreen flags={input.options} />;
}
