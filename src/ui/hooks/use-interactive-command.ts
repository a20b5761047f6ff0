import {useState} from 'react';
import type {CommandContext, ContextFlags} from '../../cli/context.js';
import {interrupt} from '../../cli/interrupt.js';
import type {IO} from '../../cli/io.js';
import {useCommand} from '../use-command.js';
import type {SessionEnd} from './use-session.js';

/** Flags that decide between the keyboard UI and static output. */
export interface InteractiveFlags {
  interactive?: boolean;
  json?: boolean;
  output?: string;
}

/**
 * The keyboard UI runs only for a person at a terminal: stdin and stdout are TTYs and CI is
 * unset (io.canPrompt), `--no-interactive` was not given, and no machine format was asked
 * for (`--json` / `--output` mean a script or a pipe will read the result).
 */
export function wantsInteractive(flags: InteractiveFlags, io: Pick<IO, 'canPrompt'>): boolean {
  return io.canPrompt && flags.interactive !== false && flags.json !== true && flags.output === undefined;
}

/**
 * Runs an interactive command through the same machinery as a static one (useCommand):
 * `prepare` validates flags and builds what the screen needs; its errors are printed and
 * mapped to exit codes exactly as in the static path, before anything is drawn. Then the
 * command's work stays pending until the screen calls `end.done(code)`.
 */
export function useInteractiveCommand<T>(flags: ContextFlags, prepare: (ctx: CommandContext) => Promise<T>): {value: T; end: SessionEnd} | null {
  const [session, setSession] = useState<{value: T; end: SessionEnd} | null>(null);
  useCommand(flags, async ctx => {
    const value = await prepare(ctx);
    return new Promise<number>(resolve => setSession({value, end: {done: resolve, interrupt}}));
  });
  return session;
}
