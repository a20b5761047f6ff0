import type {IO} from './io.js';

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
