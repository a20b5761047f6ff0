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
 * The stream itself, but every text written redacted. A proxy rather than a new object: `vigil
 * mcp` hands ctx.io.stdout to the SDK's transport, which waits for 'drain' on it, and Ink
 * listens for 'resize'; every other member is the stream's own, bound to it.
 */
function redacting<Stream extends OutputStream>(stream: Stream): Stream {
  const write = (chunk: unknown, ...rest: unknown[]) => (stream.write as (...args: unknown[]) => unknown)(typeof chunk === 'string' ? redact(chunk) : chunk, ...rest);
  return new Proxy(stream, {
    get(target, property) {
      if (property === 'write') return write;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The same IO with every stdout and stderr write redacted (src/secrets.ts): a command's own
 * lines (a breach line, a listing or JSON quoting an upstream that echoed the key) included,
 * not only errors and traces. stdout is where cron mail and CI logs come from. Commands
 * write whole renders (a table, a JSON value, a record of `--all`), so a key is never split
 * across two writes; text cut to a column was masked before the cut (sanitizeText).
 */
export function redactingIO(io: IO): IO {
  return {...io, stdout: redacting(io.stdout), stderr: redacting(io.stderr)};
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
