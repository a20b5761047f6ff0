import type {ContextFlags} from '../cli/context.js';
import {useCommand, type CommandWork} from './use-command.js';

/**
 * The component of every static (non-interactive) command: it renders nothing, because
 * results are written straight to stdout (Ink wraps text at the terminal width and must
 * never carry JSON, TSV or markdown) and progress and errors go to stderr.
 */
export function RunCommand({flags, run}: {flags: ContextFlags; run: CommandWork}) {
  useCommand(flags, run);
  return null;
}
