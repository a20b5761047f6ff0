import {PassThrough} from 'node:stream';
import type {IO} from '../../src/cli/io.js';

export interface FakeIO extends IO {
  out(): string;
  err(): string;
}

export interface FakeIOOptions {
  /** stdout is a terminal (and stdin too, unless `stdinIsTTY` says otherwise). */
  tty: boolean;
  env?: NodeJS.ProcessEnv;
  columns?: number;
  /** What a pipe into stdin carries; the stream ends after it. Omit for a stdin that never ends. */
  stdin?: string;
  stdinIsTTY?: boolean;
}

/**
 * An IO that records what a command writes: once as a terminal (tty) and once as a pipe,
 * the two ways every command is tested.
 */
export function fakeIO(options: FakeIOOptions): FakeIO {
  const out: string[] = [];
  const err: string[] = [];
  const stdin = new PassThrough() as PassThrough & {isTTY?: boolean};
  stdin.isTTY = options.stdinIsTTY ?? options.tty;
  if (options.stdin !== undefined) stdin.end(options.stdin);
  const columns = options.tty ? (options.columns ?? 100) : undefined;
  return {
    stdout: {write: (chunk: string) => out.push(chunk), isTTY: options.tty, ...(columns === undefined ? {} : {columns})},
    stderr: {write: (chunk: string) => err.push(chunk), isTTY: options.tty},
    stdin,
    env: options.env ?? {},
    stdoutIsTTY: options.tty,
    canPrompt: options.tty && stdin.isTTY === true,
    out: () => out.join(''),
    err: () => err.join(''),
  };
}
