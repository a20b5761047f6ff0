import {redact} from '../secrets.js';

/** A stream a command writes text to. process.stdout and test fakes both fit. */
export interface OutputStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * The terminal a command runs in. Commands get it injected so tests can run them once as a
 * TTY and once piped without touching process.*.
 */
export interface IO {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: NodeJS.ReadableStream & {isTTY?: boolean};
  env: NodeJS.ProcessEnv;
  /** stdout is a terminal: tables and colour rather than TSV. */
  stdoutIsTTY: boolean;
  /** stdin and stdout are terminals and CI is unset: prompts and the browser may run. */
  canPrompt: boolean;
  /** Ink draws on this terminal: text written to the streams goes above its frame, so no line may rewrite itself. */
  inkDraws?: boolean;
}

/** CI as the user's shell had it, before the bootstrap hid it from Ink. */
export function wasCi(env: NodeJS.ProcessEnv): boolean {
  const original = env.VIGIL_ORIGINAL_CI;
  const value = original === undefined ? env.CI : original;
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

/**
 * The same IO with every stderr write redacted (src/secrets.ts): a command's own lines (a
 * breach line quoting an upstream that echoed the key) included, not only errors and traces.
 */
export function redactingIO(io: IO): IO {
  const stderr = io.stderr;
  return {
    ...io,
    stderr: {
      write: (chunk: string) => stderr.write(redact(chunk)),
      get isTTY() {
        return stderr.isTTY;
      },
      get columns() {
        return stderr.columns;
      },
    },
  };
}

export function processIO(): IO {
  const stdoutIsTTY = process.stdout.isTTY === true;
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    stdoutIsTTY,
    canPrompt: stdoutIsTTY && process.stdin.isTTY === true && !wasCi(process.env),
  };
}
