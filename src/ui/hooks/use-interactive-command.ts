import {useState} from 'react';
import type {CommandContext, ContextFlags} from '../../cli/context.js';
import {interrupt} from '../../cli/interrupt.js';
import {useCommand} from '../use-command.js';
import type {SessionEnd} from './use-session.js';

export {wantsInteractive, type InteractiveFlags} from '../../cli/interactive.js';

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
    const interrupted = (note?: string) => {
      // Straight to the process's stderr once Ink's unmount has drawn its last frame: ctx.io
      // writes through Ink (use-terminal-io.ts), which drops text after the unmount.
      if (note !== undefined) setImmediate(() => process.stderr.write(`${note}\n`));
      interrupt();
    };
    return new Promise<number>(resolve => setSession({value, end: {done: resolve, interrupt: interrupted}}));
  });
  return session;
}
